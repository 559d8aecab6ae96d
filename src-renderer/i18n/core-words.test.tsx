// The core's last English sentences in the shop's language (issue 20 item 12): the network's hold on new contacts,
// a campaign's estimate (worded from its numbers and zone), why an instance's status changed and the bind address's
// warning (by code). en.ts says what the core says (the core's own functions are the reference here), and pt-BR, es
// and id word the same codes with the locale's digits, weekdays and clocks; a code the locales do not know keeps the
// core's sentence.
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AppSettingsDto } from '../../src-preload/contract/dto.js'
import type { EstimateDto } from '../../src-preload/contract/campaigns-dto.js'
import { EXPOSED_WARNING, EXPOSED_WARNING_CODE } from '../../src-main/core/domain/host-policy.js'
import { statusReasonText } from '../../src-main/core/domain/status-reason.js'
import { deliverabilityText } from '../lib/deliverability.js'
import { estimateWords } from '../lib/estimate-words.js'
import { formatDuration, formatTime } from '../lib/format.js'
import { statusKey, statusWords } from '../lib/status-words.js'
import { useSettingsStore } from '../stores/settings-store.js'
import { instance, overview } from '../test/fixtures.js'
import { installMemoryBridge } from '../test/memory-bridge.js'
import { InstanceStateNote } from '../views/chats/InstanceStateNote.js'
import { InstancesView } from '../views/instances/InstancesView.js'
import { AccessSection, exposedWords } from '../views/settings/AccessSection.js'
import { en } from './locales/en.js'
import { i18n } from './index.js'

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'))
})

const english = i18n.getFixedT('en')
// Tuesday 24 Nov 2026, 10:00 UTC.
const NOW = Date.UTC(2026, 10, 24, 10, 0)
const estimate = (over: Partial<EstimateDto> = {}): EstimateDto => ({ recipients: 200, durationMs: 200 * 60_000, endsAt: NOW + 200 * 60_000, text: '≈ 3 h 20 min, ends Tue 13:20', limitedBy: 'pacing', timeZone: 'UTC', ...over })

describe('en.ts says what the core says', () => {
  it('every status reason code the locales word, the retry and lost-connection sentences', () => {
    for (const [group, words] of Object.entries(en.coreWords.status)) {
      if (typeof words === 'string') continue
      for (const [rest, text] of Object.entries(words)) {
        const code = group === 'plain' ? rest : `${group}:${rest}`
        expect([code, statusKey(code)]).toEqual([code, `coreWords.status.${group}.${rest}`])
        expect([code, statusReasonText(code)]).toEqual([code, text])
      }
    }
    expect(english('coreWords.status.retry', { error: 'ECONNREFUSED', attempt: '2', wait: '4 s' })).toBe(statusReasonText('retry:2:4000:ECONNREFUSED'))
    expect(english('coreWords.status.retryProxy', { error: 'ETIMEDOUT', attempt: '1', wait: '500 ms', proxy: '10.0.0.2:3128' })).toBe(statusReasonText('retry:1:500:ETIMEDOUT@10.0.0.2:3128'))
    expect(english('coreWords.status.lost', { code: '428' })).toBe(statusReasonText('disconnect:428'))
  })

  it('the estimate’s units: the core’s rounding (its own test, campaign-units.test.ts, checks en.ts against the core)', () => {
    expect([30_000, 45 * 60_000, 60 * 60_000, 200 * 60_000, 47 * 3_600_000, 52 * 3_600_000 + 60_000].map((ms) => formatDuration(ms, 'minute'))).toEqual(['1 min', '45 min', '1 h', '3 h 20 min', '47 h', '2 d 4 h'])
  })

  it('the bind address warning, by its code', () => {
    expect(en.coreWords.exposed[EXPOSED_WARNING_CODE]).toBe(EXPOSED_WARNING)
  })
})

describe('in the shop’s language', () => {
  it('the hold on new contacts and a restriction in Portuguese and Spanish, the count with the locale’s digits', async () => {
    const until = Date.now() + 3_600_000
    await act(() => i18n.changeLanguage('pt-BR'))
    expect(deliverabilityText({ newContacts: 'paused', state: 'new_contacts_paused', until, reason: 'reachout_timelock', held: 1234 })).toBe(
      `Novos contatos pausados até ${formatTime(until)} (o limite de contato da rede) — as respostas continuam saindo; 1.234 retidas`
    )
    expect(deliverabilityText({ newContacts: 'paused', state: 'restricted', until: null, reason: 'account_restricted', held: 2 })).toBe('Restrito: todos os envios pausados — 2 retidas')
    await act(() => i18n.changeLanguage('es'))
    expect(deliverabilityText({ newContacts: 'paused', until, reason: 'message_cap', held: 0 })).toBe(`Contactos nuevos en pausa hasta las ${formatTime(until)} (el tope de la red para chats nuevos) — las respuestas siguen saliendo; 0 retenidos`)
  })

  it('the estimate from its numbers: weekday, clock and units of each locale, in the schedule’s zone', async () => {
    expect(estimateWords(estimate())).toBe('≈ 3 h 20 min, ends Tue 1:20 PM')
    await act(() => i18n.changeLanguage('pt-BR'))
    expect(estimateWords(estimate())).toBe('≈ 3 h 20 min, termina ter. 13:20')
    expect(estimateWords(estimate({ timeZone: 'America/Sao_Paulo' }))).toBe('≈ 3 h 20 min, termina ter. 10:20')
    expect(estimateWords(estimate({ recipients: 0 }))).toBe('nada mais a enviar')
    await act(() => i18n.changeLanguage('id'))
    expect(estimateWords(estimate({ durationMs: 52 * 3_600_000 }))).toBe('≈ 2 hr 4 j, selesai Sel 13.20')
    await act(() => i18n.changeLanguage('es'))
    expect(estimateWords(estimate({ durationMs: 45 * 60_000, timeZone: 'Not/AZone' }))).toMatch(/^≈ 45 min, termina el \S+ \d/)
  })

  it('the estimate makes its formatters once per locale and zone, not per call', async () => {
    await act(() => i18n.changeLanguage('pt-BR'))
    estimateWords(estimate({ timeZone: 'America/Sao_Paulo' }))
    const dates = vi.spyOn(Intl, 'DateTimeFormat')
    const numbers = vi.spyOn(Intl, 'NumberFormat')
    for (let i = 0; i < 50; i++) estimateWords(estimate({ durationMs: i * 3_600_000, endsAt: NOW + i * 3_600_000, timeZone: 'America/Sao_Paulo' }))
    expect([dates.mock.calls.length, numbers.mock.calls.length]).toEqual([0, 0])
    dates.mockRestore()
    numbers.mockRestore()
  })

  it('why an instance failed or was unpaired, in Portuguese on the card and in Spanish above the composer', async () => {
    await act(() => i18n.changeLanguage('pt-BR'))
    installMemoryBridge({
      'instances.list': () =>
        overview([
          instance({ status: 'FAILED', statusReason: 'failed:banned', statusReasonText: statusReasonText('failed:banned') }),
          instance({ id: 'B00000000000', name: 'Caixa', statusReason: 'disconnect:401', statusReasonText: statusReasonText('disconnect:401') })
        ])
    })
    render(<InstancesView />)
    const failed = await screen.findByRole('listitem', { name: /Front desk/ })
    expect(within(failed).getByTitle('failed:banned')).toHaveTextContent('a rede baniu a conta (402 temporariamente ou 406 de vez)')
    expect(within(screen.getByRole('listitem', { name: /Caixa/ })).getByTitle('disconnect:401')).toHaveTextContent('o celular desconectou este aparelho')
    expect(document.body).not.toHaveTextContent(/network banned|logged this device out/)

    await act(() => i18n.changeLanguage('es'))
    render(<InstanceStateNote instance={instance({ status: 'FAILED', statusReason: 'failed:conflict', statusReasonText: statusReasonText('failed:conflict') })} />)
    expect(screen.getByText(/la sesión se abrió en otro lugar 3 veces en 5 minutos/)).toBeInTheDocument()
  })

  it('a retry in Indonesian with its numbers; a code the locales do not know keeps the core’s sentence', async () => {
    await act(() => i18n.changeLanguage('id'))
    expect(statusWords('retry:3:12000:ECONNREFUSED', statusReasonText('retry:3:12000:ECONNREFUSED'))).toBe('gagal terhubung (ECONNREFUSED), percobaan 3 dalam 12 dtk')
    expect(statusWords('disconnect:428', statusReasonText('disconnect:428'))).toBe('koneksi terputus (428): menyambung ulang')
    expect(statusWords('failed:new_thing', 'a sentence only the core knows')).toBe('a sentence only the core knows')
    expect(statusWords(null, null)).toBeNull()
    await act(() => i18n.changeLanguage('en'))
    expect(statusWords('failed:new_thing', 'a sentence only the core knows')).toBe('a sentence only the core knows')
  })

  it('the bind address warning in Portuguese as the owner types a non-loopback address; an unknown code as it came', async () => {
    await act(() => i18n.changeLanguage('pt-BR'))
    const off = (v: string) => ({ value: v, effective: v, pinnedBy: null })
    useSettingsStore.setState({
      settings: {
        allowHosts: { value: [], effective: [], pinnedBy: null },
        host: { ...off('127.0.0.1'), loopback: true, exposedWarning: EXPOSED_WARNING, exposedWarningCode: EXPOSED_WARNING_CODE },
        port: { value: 3000, effective: 3000, pinnedBy: null },
        publicUrl: { value: null, effective: null, pinnedBy: null }
      } as unknown as AppSettingsDto
    })
    render(<AccessSection />)
    const field = screen.getByLabelText('Endereço de escuta')
    await userEvent.clear(field)
    await userEvent.type(field, '0.0.0.0')
    expect(screen.getByRole('alert')).toHaveTextContent('Atenção: a API escuta num endereço fora do loopback')
    expect(screen.getByRole('alert')).not.toHaveTextContent(/non-loopback/)
    expect(exposedWords({ exposedWarning: 'Something newer', exposedWarningCode: 'newer_code' })).toBe('Something newer')
  })
})
