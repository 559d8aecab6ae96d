// The UI in the shop's language (issue 20 item 12): every English key exists in each other locale with the same
// {{placeholders}}, the translations are real ones (not English copies); the browser's language is followed;
// switching to Portuguese in Settings translates the navigation and the views, formats numbers and dates for
// pt-BR, and is stored by the core (settings.set), which a reload reads back.
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { AppSettingsDto, UiLanguageChoice } from '../../src-preload/contract/dto.js'
import { App } from '../App.js'
import { formatDateTime, formatNumber } from '../lib/format.js'
import { wireLiveUpdates } from '../lib/live.js'
import { useAppStore } from '../stores/app-store.js'
import { useLanguageStore } from '../stores/language-store.js'
import { appInfo, instance, overview } from '../test/fixtures.js'
import { installMemoryBridge } from '../test/memory-bridge.js'
import { i18n, languageFor, RESOURCES } from './index.js'
import { en } from './locales/en.js'

type Tree = { [key: string]: string | Tree }
const flatten = (tree: Tree, prefix = ''): Record<string, string> =>
  Object.fromEntries(Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v]] : Object.entries(flatten(v, `${prefix}${k}.`)))))
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort()

const english = flatten(en)
/** Words that are the same in the other languages (product and protocol names, the sandbox's own name). */
const SAME_EVERYWHERE = new Set(['nav.api', 'nav.webhooks', 'nav.sandbox', 'nav.chats', 'card.proxy', 'general.level.info', 'card.server', 'composer.send', 'card.state.STARTING', 'topbar.connection.connecting', 'status.STARTING', 'card.doing.start', 'card.doing.restart', 'state.starting', 'nav.campaigns', 'nav.policies', 'language.title', 'language.label', 'general.logHint', 'topbar.theme', 'plan.title', 'devices.title', 'backup.title', 'media.kind.Sticker', 'media.kind.Audio', 'media.kind.Video', 'accounts.col.token', 'accounts.col.plan', 'campaigns.wizard.countries.PT', 'campaigns.wizard.countries.AR', 'campaigns.wizard.countries.CO', 'campaigns.wizard.countries.IN', 'campaigns.wizard.countries.ID', 'campaigns.wizard.countries.NG', 'webhooks.item', 'webhooks.error', 'webhooks.col.http', 'sandbox.chats', 'coreWords.deliverability.why', 'coreWords.duration.min', 'coreWords.duration.hMin', 'coreWords.duration.h', 'coreWords.duration.dH', 'coreWords.duration.ms', 'coreWords.duration.s', 'coreWords.duration.minS'])

describe('locales', () => {
  for (const [lng, messages] of Object.entries(RESOURCES).filter(([l]) => l !== 'en')) {
    it(`${lng} has every English key, with the same placeholders, translated`, () => {
      const other = flatten(messages as Tree)
      expect(Object.keys(english).filter((k) => !(k in other))).toEqual([])
      expect(Object.keys(other).filter((k) => !(k in english))).toEqual([])
      for (const [k, v] of Object.entries(english)) expect([k, placeholders(other[k]!)]).toEqual([k, placeholders(v)])
      const copies = Object.keys(english).filter((k) => other[k] === english[k] && !SAME_EVERYWHERE.has(k))
      expect(copies).toEqual([])
    })
  }

  it('follows the browser: Portuguese, Spanish and Indonesian variants, else English', () => {
    expect(['pt-BR', 'pt-PT', 'es-MX', 'es', 'id-ID', 'in', 'en-GB', 'hi-IN', undefined].map(languageFor)).toEqual(['pt-BR', 'pt-BR', 'es', 'es', 'id', 'id', 'en', 'en', 'en'])
  })
})

describe('switching the language', () => {
  it('to Portuguese translates the navigation and views and formats numbers and dates for pt-BR; the core keeps the choice', async () => {
    let stored: UiLanguageChoice = 'system'
    const settings = (): AppSettingsDto => ({
      plan: { value: 'free', effective: 'free', pinnedBy: null, unlocks: { free: [], paid: [] } },
      freeInstanceQuota: { value: 2, effective: 2, pinnedBy: null },
      paidInstanceQuota: { value: null, effective: null, pinnedBy: null },
      allowHosts: { value: [], effective: [], pinnedBy: null },
      host: { value: '127.0.0.1', effective: '127.0.0.1', pinnedBy: null, loopback: true, exposedWarning: '', exposedWarningCode: 'exposed_address' },
      port: { value: 3000, effective: 3000, pinnedBy: null },
      logLevel: { value: 'info', effective: 'info', pinnedBy: null },
      publicUrl: { value: null, effective: null, pinnedBy: null },
      dataDir: { path: '/home/u/.config/Switchboard', canOpen: false },
      startAtLogin: { available: false, value: false },
      notifications: { mutedInstances: [], sound: false },
      language: stored
    })
    const lastActivityAt = new Date(2026, 0, 5, 14, 30).getTime()
    const b = installMemoryBridge({
      'app.info': () => appInfo(),
      'instances.list': () => overview([instance({ status: 'WORKING' })], { quota: { used: 1, limit: 2 } }),
      'instances.today': () => ({ since: 0, instances: [{ instanceId: instance().id, sent: 1234, received: 56789, waiting: 0, failed: 0, lastActivityAt, unread: 0 }] }),
      'instances.unread': () => ({ instances: [] }),
      'accounts.list': () => ({ accounts: [], planQuotas: { free: 2, paid: null } }),
      'devices.list': () => ({ devices: [], currentId: null }),
      'replies.list': () => ({ replies: [] }),
      'settings.get': () => settings(),
      'settings.set': ({ language }) => {
        if (language) stored = language
        return settings()
      }
    })
    wireLiveUpdates(b.bridge)
    await act(() => useAppStore.getState().loadInfo())
    await act(() => useLanguageStore.getState().load())
    render(<App />)
    const nav = screen.getByRole('navigation', { name: 'Sections' })
    expect(await screen.findByText('1,234')).toBeInTheDocument()

    await userEvent.click(within(nav).getByRole('button', { name: 'Settings' }))
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Language' }), 'pt-BR')
    expect(b.callsTo('settings.set')).toEqual([{ language: 'pt-BR' }])
    expect(await screen.findByRole('heading', { level: 1, name: 'Configurações' })).toBeInTheDocument()
    const navPt = screen.getByRole('navigation', { name: 'Seções' })
    expect(within(navPt).getAllByRole('button').map((x) => x.textContent)).toEqual(['Instâncias', 'Conexão', 'Conversas', 'Campanhas', 'Políticas', 'Webhooks', 'API', 'Sandbox', 'Configurações'])
    expect(document.documentElement.lang).toBe('pt-BR')

    await userEvent.click(within(navPt).getByRole('button', { name: 'Instâncias' }))
    const card = await screen.findByRole('listitem', { name: /^Instância / })
    expect(within(card).getByRole('list', { name: 'Hoje' })).toHaveTextContent('1.234 enviadas56.789 recebidas0 aguardando0 com falha')
    expect(within(card).getByText(/^Última atividade /)).toHaveTextContent('Última atividade 05/01/2026')
    expect(within(card).getByText('Conectada: enviando e recebendo')).toBeInTheDocument()
    expect(formatDateTime(lastActivityAt)).toBe('05/01/2026, 14:30:00')
    expect(formatNumber(1234.5)).toBe('1.234,5')

    // A reload reads the choice back from the core.
    useLanguageStore.setState({ choice: 'system' })
    await act(() => i18n.changeLanguage('en'))
    expect(within(screen.getByRole('navigation', { name: 'Sections' })).getByRole('button', { name: 'Settings' })).toBeInTheDocument()
    await act(() => useLanguageStore.getState().load())
    expect(useLanguageStore.getState().choice).toBe('pt-BR')
    expect(screen.getByRole('navigation', { name: 'Seções' })).toBeInTheDocument()
  })

  it('puts the old language back when the core refuses the choice', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    installMemoryBridge({ 'settings.set': () => { throw new Error('disk full') } })
    await act(() => useLanguageStore.getState().choose('es'))
    expect(useLanguageStore.getState().choice).toBe('system')
    expect(i18n.language).toBe('en')
    vi.restoreAllMocks()
  })
})
