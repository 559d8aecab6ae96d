// The views translated in issue 20 item 12 (Campaigns, Policies, Webhooks, API, Sandbox) speak the chosen language:
// their components and word helpers read the locale groups, while data (names, keywords, commands) stays as typed.
import { act, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { AppSettingsDto } from '../../src-preload/contract/dto.js'
import { ErrorNote } from '../components/ErrorNote.js'
import { ConfirmDialog } from '../components/ConfirmDialog.js'
import { CopyButton } from '../components/CopyButton.js'
import { campaignStatusLabel, dayName, pauseWords, reasonWords, recipientStateLabel } from '../lib/campaign-words.js'
import { CurlExamples, curlExamples } from '../views/api/CurlExamples.js'
import { campaign, counts } from '../views/campaigns/campaign-fixtures.js'
import { CampaignProgress } from '../views/campaigns/CampaignProgress.js'
import { Funnel } from '../views/campaigns/Funnel.js'
import { scheduleProblem } from '../views/campaigns/WizardSchedule.js'
import { presenceWord } from '../views/sandbox/Presence.js'
import { settingsSummary } from '../views/sandbox/PhoneSettings.js'
import { settingsNotice } from '../stores/sandbox-store.js'
import { useCampaignsStore } from '../stores/campaigns-store.js'
import { useSettingsStore } from '../stores/settings-store.js'
import { AccessSection } from '../views/settings/AccessSection.js'
import { FAULTS } from '../../src-preload/contract/sandbox-faults.js'
import { choiceKey, faultWords } from '../lib/fault-words.js'
import { FaultsPanel } from '../views/sandbox/FaultsPanel.js'
import { en } from './locales/en.js'
import { unlockWords } from '../views/settings/PlanSection.js'
import { i18n } from './index.js'

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'))
})

describe('the views translated last', () => {
  it('Campaigns: states, reasons, weekdays and the schedule checks in Portuguese; an unknown reason as words', async () => {
    await act(() => i18n.changeLanguage('pt-BR'))
    expect(campaignStatusLabel('paused')).toBe('Pausada')
    expect(recipientStateLabel('opted_out')).toBe('Descadastrado')
    expect(reasonWords('not_on_whatsapp')).toBe('Não está no WhatsApp: nunca recebe mensagem')
    expect(reasonWords('some_new_reason')).toBe('Some new reason')
    expect(dayName(1)).toBe('Seg')
    const schedule = { startAt: null, window: { days: [], from: '09:00', to: '18:00' }, timeZone: 'America/Sao_Paulo' }
    expect(scheduleProblem(schedule, { minDelaySeconds: 5, maxDelaySeconds: 10, dailyCapPerNumber: null, warmUp: false })).toBe('Escolha pelo menos um dia para enviar.')
  })

  it('Campaigns: the funnel and progress bar in Indonesian, the counts in the locale', async () => {
    await act(() => i18n.changeLanguage('id'))
    const c = campaign({ total: 2000, counts: counts({ sent: 1200, skipped: 3, failed: 1, opted_out: 2, pending: 794 }) })
    render(
      <>
        <CampaignProgress campaign={c} />
        <Funnel campaign={c} />
      </>
    )
    expect(screen.getByTestId('progress-text')).toHaveTextContent('1.206 dari 2.000 selesai (60%)')
    expect(screen.getByRole('heading', { name: 'Corong' })).toBeInTheDocument()
    expect(screen.getByTestId('count-skipped')).toHaveTextContent('3 dilewati')
    expect(screen.getByTestId('count-waiting')).toHaveTextContent('794 menunggu')
  })

  it('API: the curl examples titled in Spanish, their commands unchanged', async () => {
    const english = curlExamples('http://127.0.0.1:3000', null, 'inst_1')
    await act(() => i18n.changeLanguage('es'))
    const spanish = curlExamples('http://127.0.0.1:3000', null, 'inst_1')
    expect(spanish.map((e) => e.title)).toEqual(['Crear una instancia', 'Estado de una instancia', 'Código QR como imagen (guardado en qr.png)', 'Enviar un texto'])
    expect(spanish.map((e) => e.command)).toEqual(english.map((e) => e.command))
    render(<CurlExamples baseUrl="http://127.0.0.1:3000" token={null} instanceId="inst_1" />)
    expect(screen.getByRole('heading', { name: 'Ejemplos' })).toBeInTheDocument()
    expect(screen.getByText(/Muestra el token para rellenarlo/)).toHaveTextContent('export SWITCHBOARD_TOKEN=…')
  })

  it('Sandbox: presence and a phone’s settings summary in Spanish, codes as the network names them', async () => {
    await act(() => i18n.changeLanguage('es'))
    expect(presenceWord(true)).toBe('En línea')
    expect(settingsSummary({ hideNumber: true, newContacts: 'allow', timelockUntil: null, messageCap: 5, newChats: 2, banned: 403 })).toBe('Ajustes: número oculto, chats nuevos limitados a 5 (2 hasta ahora), bloqueado (403)')
  })

  it("the shared Copy button and the confirm dialog's Cancel speak Spanish", async () => {
    await act(() => i18n.changeLanguage('es'))
    render(
      <>
        <CopyButton text="x" />
        <ConfirmDialog title="¿Seguro?" body="" confirmLabel="Eliminar" onConfirm={() => {}} onCancel={() => {}} />
      </>
    )
    expect(screen.getByRole('button', { name: 'Copiar' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeInTheDocument()
  })

  it('the sandbox says what a settings change did in Indonesian, counts included', async () => {
    await act(() => i18n.changeLanguage('id'))
    const settings: Parameters<typeof settingsNotice>[1] = { hideNumber: false, newContacts: 'allow', timelockUntil: null, messageCap: 5, newChats: 2, banned: 403 }
    expect(settingsNotice({ messageCap: 5, banned: 403 }, settings)).toBe('Chat baru dibatasi 5 (475 setelahnya; 2 sejauh ini). Akun dikunci (403): perangkat tertautnya ditolak saat masuk')
    expect(settingsNotice({}, settings)).toBe('Pengaturan disimpan')
  })

  it('Settings: the API access section in Portuguese', async () => {
    await act(() => i18n.changeLanguage('pt-BR'))
    const off = (v: string) => ({ value: v, effective: v, pinnedBy: null })
    useSettingsStore.setState({
      settings: {
        allowHosts: { value: ['host.docker.internal'], effective: ['host.docker.internal'], pinnedBy: null },
        host: { ...off('127.0.0.1'), loopback: true, exposedWarning: 'Warning: other machines can reach it.' },
        port: { value: 3000, effective: 3000, pinnedBy: null },
        publicUrl: { value: null, effective: null, pinnedBy: null }
      } as unknown as AppSettingsDto
    })
    render(<AccessSection />)
    const region = screen.getByRole('region', { name: 'Acesso à API' })
    expect(within(region).getByRole('list', { name: 'Hosts permitidos' })).toHaveTextContent('host.docker.internal')
    expect(within(region).getByRole('button', { name: 'Remover host.docker.internal' })).toBeInTheDocument()
    expect(within(region).getByLabelText('Nome do host ou endereço IP')).toBeInTheDocument()
    expect(within(region).getByRole('button', { name: 'Adicionar' })).toBeInTheDocument()
    expect(within(region).getByRole('form', { name: 'Alterar a porta' })).toBeInTheDocument()
    expect(within(region).getByText('127.0.0.1 mantém a API neste computador.')).toBeInTheDocument()
    expect(within(region).getAllByRole('button', { name: 'Salvar' })).toHaveLength(3)
    expect(region).not.toHaveTextContent(/Allowed hosts|Bind address|Public URL|\bRemove\b/)
  })

  it('errors: a known code in Spanish, an unknown one and English keep the core’s sentence', async () => {
    const quota = { code: 'quota_reached', message: "The account's instance quota (2) is used up", recommendation: 'Delete an instance you no longer need' }
    const { rerender } = render(<ErrorNote error={quota} onDismiss={() => {}} />)
    expect(screen.getByRole('alert')).toHaveTextContent("The account's instance quota (2) is used up")
    await act(() => i18n.changeLanguage('es'))
    expect(screen.getByRole('alert')).toHaveTextContent('La cuota de instancias de la cuenta está agotada')
    expect(screen.getByRole('alert')).toHaveTextContent('cambia al plan de pago')
    expect(screen.getByRole('button', { name: 'Descartar' })).toBeInTheDocument()
    rerender(<ErrorNote error={{ code: 'some_new_code', message: 'A sentence only the core knows', recommendation: 'Its hint' }} />)
    expect(screen.getByRole('alert')).toHaveTextContent('A sentence only the core knowsIts hint')
  })

  it('Campaigns: pause reasons by code in Indonesian, the CSV check and the default names too', async () => {
    const pause = { code: 'daily_cap', text: 'Shop 1 reached its policy’s daily cap; the campaign resumes by itself tomorrow' }
    expect(pauseWords(pause)).toBe(pause.text)
    await act(() => i18n.changeLanguage('id'))
    expect(pauseWords(pause)).toBe('Salah satu nomornya mencapai batas harian kebijakannya; kampanye berlanjut sendiri besok')
    expect(pauseWords({ code: 'brand_new', text: 'Core words' })).toBe('Core words')
    useCampaignsStore.getState().readFile('kontak.csv', '')
    expect(useCampaignsStore.getState().wizard.error).toMatchObject({ code: 'empty_csv', message: 'kontak.csv tidak punya baris judul', recommendation: 'Baris pertama harus menamai kolom, mis. phone,name' })
  })

  it('Settings: what each plan unlocks in Portuguese, policy names by slug in Portuguese (the core\'s names without slugs)', async () => {
    const free = ['Up to 2 instances per account', 'Chats, sending, pairing and the v2 API', 'Free rate-limit policies only (Strict, Standard)']
    const paid = ['Unlimited instances per account', 'Webhooks (signed, retried, with the delivery log)', 'Every rate-limit policy, including the faster ones']
    expect(unlockWords('free', free, 2)).toEqual(free)
    await act(() => i18n.changeLanguage('pt-BR'))
    expect(unlockWords('free', free, 2)).toEqual(['Até 2 instâncias por conta', 'Conversas, envio, conexão e a API v2', 'Só as políticas de limite gratuitas (Strict, Standard)'])
    expect(unlockWords('free', free, 1)[0]).toBe('Até 1 instância por conta')
    // With the slugs (a core that sends them), the names too are in Portuguese.
    expect(unlockWords('free', free, 2, ['strict', 'standard_policy'])[2]).toBe(`Só as políticas de limite gratuitas (${i18n.t('uiWords.policy.strict.name')}, ${i18n.t('uiWords.policy.standard_policy.name')})`)
    expect(unlockWords('free', free, 2, ['strict', 'standard_policy'])[2]).not.toContain('Strict')
    expect(unlockWords('paid', paid, null)).toEqual(['Instâncias ilimitadas por conta', 'Webhooks (assinados, com novas tentativas e registro de entregas)', 'Todas as políticas de limite, inclusive as mais rápidas'])
    // A core that words it differently (another number of lines) is shown as it came.
    expect(unlockWords('paid', paid.slice(0, 2), null)).toEqual(paid.slice(0, 2))
  })

  it('Sandbox: every fault of the contract has its words in the locales, English the contract’s own', () => {
    const words = en.localized.faults as Record<string, { label: string; help: string; done: string; p?: Record<string, string>; h?: Record<string, string>; c?: Record<string, string> }>
    expect(Object.keys(words).sort()).toEqual(FAULTS.map((f) => f.kind).sort())
    for (const f of FAULTS) {
      const w = words[f.kind]!
      expect({ kind: f.kind, label: w.label, help: w.help, done: w.done }).toEqual({ kind: f.kind, label: f.label, help: f.help, done: f.done })
      for (const p of f.params) {
        expect([f.kind, p.name, w.p?.[p.name]]).toEqual([f.kind, p.name, p.label])
        expect([f.kind, p.name, w.h?.[p.name]]).toEqual([f.kind, p.name, p.help])
        for (const c of p.choices ?? []) expect([f.kind, c.value, w.c?.[choiceKey(c.value)]]).toEqual([f.kind, c.value, c.label])
      }
    }
  })

  it('Sandbox: the faults form in Spanish, parameters and limits as the contract has them', async () => {
    await act(() => i18n.changeLanguage('es'))
    const ban = faultWords(FAULTS.find((f) => f.kind === 'ban')!)
    expect(ban.label).toBe('Bloquear la cuenta')
    expect(ban.params.map((p) => [p.name, p.label, p.type])).toEqual([['phone', 'Cuenta', 'phone'], ['code', 'Rechazo', 'choice']])
    expect(ban.params[1]!.choices).toEqual([{ value: 403, label: '403 bloqueada' }, { value: 402, label: '402 baneada temporalmente' }, { value: 406, label: '406 baneada' }])
    render(<FaultsPanel />)
    expect(screen.getByRole('option', { name: 'Cortar la conexión' })).toBeInTheDocument()
    expect(screen.getByRole('option', { name: 'Llamada entrante' })).toBeInTheDocument()
    expect(screen.getByLabelText('Dispositivo')).toBeInTheDocument()
    expect(screen.getByText(/Corta la conexión del dispositivo sin despedida/)).toBeInTheDocument()
    expect(screen.queryByText(/Drop the connection|Device/)).toBeNull()
  })
})
