// Shell state: connection to the core (and how many times it came back after an outage: views reload on that),
// app info (network, plan, API URL), the current view, the selected instance, and the theme (light/dark/system,
// remembered in localStorage).
import { create } from 'zustand'
import type { ConnectionState } from '../../src-preload/contract/client.js'
import type { AppInfo } from '../../src-preload/contract/dto.js'
import { bridge, call } from '../lib/bridge.js'
import type { UiError } from '../lib/errors.js'
import { runAction } from './run-action.js'
import { useChatsStore } from './chats-store.js'
import { newestUnreadInstance, useUnreadStore } from './unread-store.js'

export type ViewName = 'instances' | 'pairing' | 'chats' | 'campaigns' | 'policies' | 'webhooks' | 'api' | 'sandbox' | 'settings'
export type Theme = 'system' | 'light' | 'dark'

const THEME_KEY = 'switchboard.theme'
/** The view and instance on screen, kept for a reload of this tab (F5 used to go back to Instances). */
const PLACE_KEY = 'switchboard.place'
const VIEWS: readonly ViewName[] = ['instances', 'pairing', 'chats', 'campaigns', 'policies', 'webhooks', 'api', 'sandbox', 'settings']
const readPlace = (): { view: ViewName; instanceId: string | null } => {
  try {
    const p = JSON.parse(sessionStorage.getItem(PLACE_KEY) ?? 'null') as { view?: unknown; instanceId?: unknown } | null
    return { view: VIEWS.includes(p?.view as ViewName) ? (p!.view as ViewName) : 'instances', instanceId: typeof p?.instanceId === 'string' ? p.instanceId : null }
  } catch {
    return { view: 'instances', instanceId: null }
  }
}
const keepPlace = (view: ViewName, instanceId: string | null) => {
  try {
    sessionStorage.setItem(PLACE_KEY, JSON.stringify({ view, instanceId }))
  } catch {
    // storage refused: a reload starts on Instances
  }
}
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
  ...readPlace(),
  theme: readTheme(),
  loadInfo: () => runAction(async () => set({ info: await call(bridge().app.info()), error: null }), { fail: (error) => set({ error }) }),
  setConnection(connection) {
    const { connection: was, everConnected, reconnects } = get()
    if (connection !== 'open' || was === 'open') return set({ connection })
    set({ connection, everConnected: true, ...(everConnected ? { reconnects: reconnects + 1 } : {}) })
    // Back after a drop (core restarted): the plan or the API URL may have changed.
    void get().loadInfo()
  },
  go(view, instanceId) {
    const from = get().view
    set({ view, ...(instanceId ? { instanceId } : {}) })
    keepPlace(view, get().instanceId)
    // Opening Chats without a chosen instance: the one with the newest unread message (unless the user picks meanwhile,
    // or comes back to a conversation left open on the current instance).
    const open = useChatsStore.getState().thread
    if (view === 'chats' && from !== 'chats' && !instanceId && open?.instanceId !== get().instanceId) {
      const picked = get().instanceId
      void useUnreadStore
        .getState()
        .load()
        .then(() => {
          const newest = newestUnreadInstance(useUnreadStore.getState().byInstance)
          if (newest && get().view === 'chats' && get().instanceId === picked) get().selectInstance(newest)
        })
    }
  },
  selectInstance(instanceId) {
    set({ instanceId })
    keepPlace(get().view, instanceId)
  },
  setTheme(theme) {
    if (theme === 'system') localStorage.removeItem(THEME_KEY)
    else localStorage.setItem(THEME_KEY, theme)
    set({ theme })
  }
}))
