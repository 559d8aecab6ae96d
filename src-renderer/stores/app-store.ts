// Shell state: connection to the core (and how many times it came back after an outage: views reload on that),
// app info (network, plan, API URL), the current view, the selected instance, and the theme (light/dark/system,
// remembered in localStorage).
import { create } from 'zustand'
import type { ConnectionState } from '../../src-preload/contract/client.js'
import type { AppInfo } from '../../src-preload/contract/dto.js'
import { bridge, call } from '../lib/bridge.js'
import { toUiError, type UiError } from '../lib/errors.js'

export type ViewName = 'instances' | 'pairing' | 'chats' | 'policies' | 'webhooks' | 'api' | 'sandbox'
export type Theme = 'system' | 'light' | 'dark'

const THEME_KEY = 'switchboard.theme'
const readTheme = (): Theme => {
  const t = typeof localStorage !== 'undefined' ? localStorage.getItem(THEME_KEY) : null
  return t === 'light' || t === 'dark' ? t : 'system'
}

interface AppState {
  info: AppInfo | null
  connection: ConnectionState
  /** The bridge was open once: a later drop is an outage (the page says so; calls are refused meanwhile). */
  everConnected: boolean
  /** Bumped each time the bridge is back after an outage: views reload what they show (it may have changed). */
  reconnects: number
  error: UiError | null
  view: ViewName
  instanceId: string | null
  theme: Theme
  loadInfo(): Promise<void>
  setConnection(state: ConnectionState): void
  go(view: ViewName, instanceId?: string): void
  selectInstance(instanceId: string | null): void
  setTheme(theme: Theme): void
}

export const useAppStore = create<AppState>()((set, get) => ({
  info: null,
  connection: 'connecting',
  everConnected: false,
  reconnects: 0,
  error: null,
  view: 'instances',
  instanceId: null,
  theme: readTheme(),
  async loadInfo() {
    try {
      set({ info: await call(bridge().app.info()), error: null })
    } catch (e) {
      set({ error: toUiError(e) })
    }
  },
  setConnection(connection) {
    const { connection: was, everConnected, reconnects } = get()
    if (connection !== 'open' || was === 'open') return set({ connection })
    set({ connection, everConnected: true, ...(everConnected ? { reconnects: reconnects + 1 } : {}) })
    // Back after a drop (core restarted): the plan or the API URL may have changed.
    void get().loadInfo()
  },
  go(view, instanceId) {
    set({ view, ...(instanceId ? { instanceId } : {}) })
  },
  selectInstance(instanceId) {
    set({ instanceId })
  },
  setTheme(theme) {
    if (theme === 'system') localStorage.removeItem(THEME_KEY)
    else localStorage.setItem(THEME_KEY, theme)
    set({ theme })
  }
}))
