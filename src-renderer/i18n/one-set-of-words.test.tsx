// Words found written twice or left in English in the renderer (issue 20 item 12, review follow-up): each code is
// worded by one function from one set of keys, in every language the UI ships.
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import type { SandboxPhoneDto } from '../../src-preload/contract/dto.js'
import { FAULTS } from '../../src-preload/contract/sandbox-faults.js'
import { faultWords } from '../lib/fault-words.js'
import { useAppStore } from '../stores/app-store.js'
import { appInfo, instance, overview, webhooks } from '../test/fixtures.js'
import { installMemoryBridge } from '../test/memory-bridge.js'
import { SandboxView } from '../views/sandbox/SandboxView.js'
import { FaultsPanel } from '../views/sandbox/FaultsPanel.js'
import { TemplateMedia } from '../views/campaigns/TemplateMedia.js'
import { AttachmentPreview } from '../views/chats/AttachmentPreview.js'
import { MessageMedia } from '../views/chats/MessageMedia.js'
import { WebhooksView } from '../views/webhooks/WebhooksView.js'
import { Toasts } from '../components/Toasts.js'
import { Funnel } from '../views/campaigns/Funnel.js'
import { CampaignProgress } from '../views/campaigns/CampaignProgress.js'
import { campaign, counts } from '../views/campaigns/campaign-fixtures.js'
import { useToastsStore } from '../stores/toasts-store.js'
import { useSandboxStore } from '../stores/sandbox-store.js'
import { i18n, LANGUAGES } from './index.js'

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'))
})

const alice: SandboxPhoneDto = {
  phoneNumber: '15550000001', name: 'Alice', jid: '15550000001@s.whatsapp.net', online: true,
  devices: [{ id: 0, jid: '15550000001@s.whatsapp.net', kind: 'phone', platform: 'android', online: true, linkedAt: 0 }],
  settings: { hideNumber: false, newContacts: 'allow', timelockUntil: null, messageCap: null, newChats: 0, banned: null }
}

describe('one set of words per code', () => {
  it('a sandbox phone’s ban setting offers the ban fault’s own words for 403, 402 and 406, in every language', async () => {
    installMemoryBridge({ 'instances.list': () => overview([]), 'sandbox.phones': () => [alice] })
    useAppStore.setState({ info: appInfo() })
    render(<SandboxView />)
    const card = await screen.findByRole('listitem', { name: /Alice/ })
    await userEvent.click(within(card).getByRole('button', { name: 'Settings' }))
    const select = card.querySelector<HTMLSelectElement>('select[id^="ban-"]')!
    for (const lng of LANGUAGES) {
      await act(() => i18n.changeLanguage(lng))
      const fault = faultWords(FAULTS.find((f) => f.kind === 'ban')!).params.find((p) => p.name === 'code')!
      const options = [...select.options].filter((o) => o.value).map((o) => [Number(o.value), o.textContent])
      expect([lng, options]).toEqual([lng, fault.choices!.map((c) => [c.value, c.label])])
    }
    await act(() => i18n.changeLanguage('es'))
    expect([...select.options].map((o) => o.textContent).slice(1)).toEqual(['403 bloqueada', '402 baneada temporalmente', '406 baneada'])
  })

  it('a file’s size, worded once: the campaign’s media and the composer’s attachment, with the locale’s digits', async () => {
    await act(() => i18n.changeLanguage('pt-BR'))
    render(<TemplateMedia template={{ text: 'Menu', footer: null, mediaUrl: null, mediaFile: { filename: 'menu.pdf', mimetype: 'application/pdf', bytes: 1_572_864 } }} onChange={() => undefined} />)
    expect(screen.getByTestId('media-file')).toHaveTextContent('menu.pdf (1,5 MB)')
    render(<AttachmentPreview file={new File([new Uint8Array(1_572_864)], 'list.pdf', { type: 'application/pdf' })} />)
    expect(await screen.findByText(/^list\.pdf · 1,5 MB$/)).toBeInTheDocument()
  })
})

describe('English left in the views’ code', () => {
  it('an error toast’s Dismiss, a video’s Enlarge and a webhook attempt’s duration in Portuguese and Spanish', async () => {
    await act(() => i18n.changeLanguage('pt-BR'))
    render(<Toasts />)
    act(() => useToastsStore.getState().show('error', 'Algo falhou'))
    expect(within(screen.getByRole('alert')).getByRole('button')).toHaveTextContent(/^Dispensar$/)

    await act(() => i18n.changeLanguage('es'))
    const m = { id: 'v1', chatId: 'a@c.us', fromMe: false, sender: 'Ana', text: null, timestamp: 0, ack: null, media: { mimetype: 'video/mp4', filename: null, url: 'data:video/mp4;base64,AAAA' } }
    render(<MessageMedia m={m} media={m.media} />)
    expect(await screen.findByRole('button', { name: 'Ampliar vídeo' })).toHaveTextContent(/^Ampliar$/)

    await act(() => i18n.changeLanguage('pt-BR'))
    installMemoryBridge({
      'instances.list': () => overview([instance()]),
      'webhooks.get': () => webhooks({ webhooks: [{ id: 7, url: 'http://127.0.0.1:5678/hook', name: null, events: ['message'], isActive: true, retries: { delay: 2, attempts: 15 }, hasSecret: false, disabledReason: null }] }),
      'webhooks.deliveries': () => [{ id: 1, eventId: 'evt_01', event: 'message', webhookId: 7, url: 'http://127.0.0.1:5678/hook', state: 'dead', attempts: 2, lastStatus: 500, lastError: null, createdAt: Date.now(), deliveredAt: null, deadAt: Date.now(), nextAttemptAt: null }],
      'webhooks.attempts': () => [
        { id: 1, attempt: 1, outcome: 'retry', statusCode: 500, error: null, durationMs: 1500, at: Date.now() },
        { id: 2, attempt: 2, outcome: 'dead', statusCode: 500, error: null, durationMs: 12, at: Date.now() }
      ]
    })
    useAppStore.setState({ instanceId: 'ABCDEF123456' })
    render(<WebhooksView />)
    const row = (await screen.findAllByRole('row')).find((r) => r.getAttribute('data-state') === 'dead')!
    await userEvent.click(within(row).getByRole('button', { name: 'Tentativas' }))
    expect(await screen.findByText(/^#1 .* · 500 · 1,5 s · /)).toBeInTheDocument()
    expect(screen.getByText(/^#2 .* · 500 · 12 ms · /)).toBeInTheDocument()
  })

  it('a campaign’s counts with the locale’s digit grouping, as its funnel steps already had', async () => {
    await act(() => i18n.changeLanguage('pt-BR'))
    const c = campaign({ total: 25_000, counts: counts({ pending: 9_000, queued: 1_000, sent: 8_000, delivered: 2_000, skipped: 1_500, failed: 2_500, opted_out: 1_000 }) })
    render(<Funnel campaign={c} />)
    expect(screen.getByTestId('funnel-recipients')).toHaveTextContent('25.000')
    expect([screen.getByTestId('count-skipped'), screen.getByTestId('count-failed'), screen.getByTestId('count-opted_out'), screen.getByTestId('count-waiting')].map((e) => e.textContent)).toEqual([
      '1.500 ignorados',
      '2.500 com falha',
      '1.000 descadastrados',
      '10.000 aguardando'
    ])
    render(<CampaignProgress campaign={c} />)
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuetext', '15.000 de 25.000 destinatários concluídos')
  })

  it('a fault parameter’s bounds with the locale’s digits', async () => {
    await act(() => i18n.changeLanguage('pt-BR'))
    useSandboxStore.setState({ phones: [alice] })
    render(<FaultsPanel />)
    await userEvent.selectOptions(screen.getByLabelText('Falha'), 'network_down')
    await userEvent.selectOptions(await screen.findByLabelText('Aparelho'), '15550000001@s.whatsapp.net')
    await userEvent.type(screen.getByLabelText('Por (ms)'), '0')
    await userEvent.click(screen.getByRole('button', { name: 'Aplicar falha' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Por (ms) precisa ser um número inteiro de 1 até 86.400.000')
  })
})
