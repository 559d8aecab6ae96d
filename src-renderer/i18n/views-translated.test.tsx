// The views translated in issue 20 item 12 (Campaigns, Policies, Webhooks, API, Sandbox) speak the chosen language:
// their components and word helpers read the locale groups, while data (names, keywords, commands) stays as typed.
import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ConfirmDialog } from '../components/ConfirmDialog.js'
import { CopyButton } from '../components/CopyButton.js'
import { campaignStatusLabel, dayName, reasonWords, recipientStateLabel } from '../lib/campaign-words.js'
import { CurlExamples, curlExamples } from '../views/api/CurlExamples.js'
import { campaign, counts } from '../views/campaigns/campaign-fixtures.js'
import { CampaignProgress } from '../views/campaigns/CampaignProgress.js'
import { Funnel } from '../views/campaigns/Funnel.js'
import { scheduleProblem } from '../views/campaigns/WizardSchedule.js'
import { presenceWord } from '../views/sandbox/Presence.js'
import { settingsSummary } from '../views/sandbox/PhoneSettings.js'
import { settingsNotice } from '../stores/sandbox-store.js'
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
})
