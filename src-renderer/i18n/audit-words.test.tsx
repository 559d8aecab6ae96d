// Found walking the views in Portuguese in a real browser (issue 20 item 12 audit): times that were formatted with
// the browser's own locale (an English-speaking browser showed "Thu 11:33 PM" in a Portuguese UI) now follow the
// UI's language: a campaign's start and next window, the Policies view's daily reset and the sandbox's timelock notice.
// The instance card's call settings and health panel (added after the views were translated) were English in every
// language.
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { QueueInfoDto, WaitingMessageDto } from '../../src-preload/contract/dto.js'
import { whenWords } from '../lib/campaign-words.js'
import { policyDescription, policyName } from '../lib/policy-words.js'
import { explainWait } from '../lib/queue-words.js'
import { formatDateTime, formatTime } from '../lib/format.js'
import { timeWithZone } from '../lib/time-zone.js'
import { settingsNotice } from '../stores/sandbox-store.js'
import { Tick } from '../components/Tick.js'
import { wireLiveUpdates } from '../lib/live.js'
import { useAppStore } from '../stores/app-store.js'
import { appInfo, health, instance, overview } from '../test/fixtures.js'
import { englishAfterEach, inLanguage } from '../test/language.js'
import { installMemoryBridge } from '../test/memory-bridge.js'
import { CreateInstanceForm } from '../views/instances/CreateInstanceForm.js'
import { InstancesView } from '../views/instances/InstancesView.js'
import { notSentWords } from '../views/chats/MessageStatus.js'
import { PairingView } from '../views/pairing/PairingView.js'

englishAfterEach()

// Tuesday 24 Nov 2026, 23:33 in the runtime's zone.
const TUESDAY_NIGHT = new Date(2026, 10, 24, 23, 33).getTime()

describe('times in the UI’s language, whatever the browser’s', () => {
  it('a campaign’s start: the weekday and 24-hour clock of Portuguese, the month of Spanish', async () => {
    expect(navigator.language).toMatch(/^en/)
    await inLanguage('pt-BR')
    expect(whenWords(TUESDAY_NIGHT, TUESDAY_NIGHT)).toBe('ter. 23:33')
    await inLanguage('es')
    expect(whenWords(TUESDAY_NIGHT, TUESDAY_NIGHT + 30 * 86_400_000)).toBe('24 nov 23:33')
  })

  it('the Policies view’s daily reset and the sandbox’s timelock notice', async () => {
    await inLanguage('id')
    expect(timeWithZone(TUESDAY_NIGHT)).toMatch(/^23\.33 /)
    expect(timeWithZone(TUESDAY_NIGHT).startsWith(formatTime(TUESDAY_NIGHT))).toBe(true)
    await inLanguage('pt-BR')
    const notice = settingsNotice({ timelockUntil: TUESDAY_NIGHT }, { hideNumber: false, newContacts: 'timelock', timelockUntil: TUESDAY_NIGHT, messageCap: null, newChats: 0, banned: null })
    expect(notice).toContain(formatDateTime(TUESDAY_NIGHT))
    expect(notice).toContain('24/11/2026')
    expect(notice).not.toMatch(/PM|AM/)
  })
})

describe('the instance card’s extras in the UI’s language', () => {
  it('call settings and the health panel in Portuguese, counts with the locale’s digits', async () => {
    await inLanguage('pt-BR')
    installMemoryBridge({
      'instances.list': () => overview([instance({ status: 'WORKING' })]),
      'instances.callSettings': () => ({ autoReject: true, replyText: null }),
      'instances.health': () =>
        health({
          queueDepth: 2, oldestQueuedSeconds: 75, sends: { queued: 2, sent: 1400, failed: 1, later_state: 3 }, newContactsPaused: true, heldNewContactSends: 3,
          inboundMessages: 4200, webhookDeliveries: { pending: 4, in_flight: 1 }, eventStreamClients: 1
        })
    })
    render(<InstancesView />)
    const card = await screen.findByRole('listitem', { name: 'Instância Front desk' })
    const calls = await within(card).findByRole('form', { name: 'Chamadas recebidas' })
    expect(within(calls).getByRole('checkbox', { name: 'Recusar chamadas recebidas automaticamente' })).toBeChecked()
    expect(within(calls).getByRole('textbox', { name: 'Resposta a uma chamada recusada' })).toBeInTheDocument()
    expect(within(calls).getByRole('button', { name: 'Salvar configurações de chamadas' })).toBeDisabled()
    await userEvent.click(within(card).getByText('Saúde'))
    const dl = await within(card).findByLabelText('Números de saúde')
    expect(dl).toHaveTextContent('2 aguardando, a mais antiga há 1 min 15 s')
    expect(dl).toHaveTextContent('2 na fila · 1.400 enviadas · 1 com falha · 3 later state')
    expect(dl).toHaveTextContent('pausados pela rede (3 retidas)')
    expect(dl).toHaveTextContent('4.200')
    expect(dl).toHaveTextContent('4 pendentes · 1 em andamento')
    expect(dl).toHaveTextContent('nada pendente')
    expect(within(card).getByRole('button', { name: 'Atualizar' })).toBeInTheDocument()
    expect(card).not.toHaveTextContent(/Health|Reject incoming|Save call|Send queue|waiting|pending/)
  })
})

describe('words that were English in every language', () => {
  it('the pairing panels in Portuguese: QR, code by phone number with the country note, temporary link', async () => {
    await inLanguage('pt-BR')
    const b = installMemoryBridge({
      'instances.list': () => overview([instance()]),
      'pairing.qr': () => ({ instanceId: 'ABCDEF123456', image: 'data:image/png;base64,AAAA', issuedAt: Date.now(), expiresAt: Date.now() + 50_000 }),
      'pairing.tempLink': () => ({ link: null, expiresAt: null, qrImage: null })
    })
    wireLiveUpdates(b.bridge)
    useAppStore.setState({ instanceId: 'ABCDEF123456', info: appInfo({ network: 'sandbox' }) })
    render(<PairingView />)
    expect(await screen.findByRole('img', { name: 'QR code para conectar esta instância' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Escaneie o QR code' })).toBeInTheDocument()
    expect(screen.getByText(/^Atualiza em ([1-9]|[1-4][0-9]|50) s$/)).toBeInTheDocument() // a loaded machine may take seconds to get here
    expect(screen.getByRole('button', { name: 'Abrir a tela Sandbox' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Ou conecte com um número de telefone' })).toBeInTheDocument()
    const phone = screen.getByLabelText('Número de telefone com código do país')
    await userEvent.type(phone, '12')
    await userEvent.click(screen.getByRole('button', { name: 'Obter código de pareamento' }))
    expect(screen.getByText(/^Não é um número possível em .+: digite com \+ e o código do país$/)).toBeInTheDocument()
    // The country list speaks Portuguese too (the browser here is English).
    expect(screen.getByLabelText('Números sem + são lidos em')).toHaveTextContent('Estados Unidos (+1)')
    expect(screen.getByRole('heading', { name: 'Link temporário de pareamento' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Criar link (válido por 30 minutos)' })).toBeInTheDocument()
    expect(document.body).not.toHaveTextContent(/Scan the QR|Phone number|Temporary|Refreshes|Numbers without/)
  })

  it('delivery ticks and a confirmation in Spanish; the create form in Indonesian', async () => {
    await inLanguage('es')
    render(
      <>
        <Tick ack="pending" />
        <Tick ack="read" />
        <Tick ack="failed" />
      </>
    )
    expect(screen.getByRole('img', { name: 'Esperando para enviarse' })).toHaveTextContent('En espera')
    expect(screen.getByRole('img', { name: 'Leído' })).toHaveTextContent('✓✓ Leído')
    expect(screen.getByRole('img', { name: 'No enviado' })).toHaveTextContent('! No enviado')
    await inLanguage('id')
    installMemoryBridge({ 'instances.list': () => overview([]) })
    render(<CreateInstanceForm disabledReason={undefined} />)
    expect(screen.getByRole('form', { name: 'Buat instans' })).toBeInTheDocument()
    expect(screen.getByLabelText('Nama (opsional)')).toHaveAttribute('placeholder', 'mis. Meja depan')
    expect(screen.getByRole('button', { name: 'Buat instans' })).toBeInTheDocument()
  })
})

describe('a not-sent message’s reason', () => {
  it('by its code in Portuguese; English and an unknown code keep the core’s sentence', async () => {
    expect(notSentWords('the instance restarted before this message was sent', 'queue_purged')).toBe(': instance restarted before this message was sent')
    await inLanguage('pt-BR')
    expect(notSentWords('the instance restarted before this message was sent', 'queue_purged')).toBe(': a instância reiniciou antes de esta mensagem ser enviada')
    expect(notSentWords('ack error 479', 'send_failed')).toBe(': ack error 479')
    expect(notSentWords('the message was not sent', undefined)).toBe(': message was not sent')
  })
})

describe('the built-in policies', () => {
  it('named and described in Spanish by slug, in the limits table and a wait reason; an unknown policy as the core names it', async () => {
    await inLanguage('es')
    expect(policyName('standard_policy', 'Standard')).toBe('Estándar')
    expect(policyDescription('unlimited', 'No Switchboard-side pacing…')).toMatch(/^Switchboard no marca el ritmo/)
    expect(policyName('custom_9', 'Night shift')).toBe('Night shift')
    const queue = { instanceId: 'A', status: 'WORKING' as const, policy: { slug: 'strict', name: 'Strict', perMinute: 8, spacingMs: 7500, protectionSeconds: 60, concurrentLimit: 1 }, waiting: [], resendable: [], at: 0 }
    expect(explainWait({ messageId: 'm', chatId: 'c', reason: 'concurrency', notBefore: null, position: 2 } satisfies WaitingMessageDto, queue as unknown as QueueInfoDto, 0)).toContain('Estricta')
    await inLanguage('en')
    expect(policyName('standard_policy', 'Standard')).toBe('Standard')
  })
})
