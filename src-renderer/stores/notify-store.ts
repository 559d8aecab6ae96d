// How new customer messages are announced (issue 20 item 2): the per-instance mute and the sound are the core's
// settings (kept across reloads and restarts); whether this browser may show notifications is the browser's
// permission, asked only when the user turns them on (never on load). In the desktop app no permission is needed.
import { create } from 'zustand'
import { bridge, call } from '../lib/bridge.js'
import { desktopShell } from '../lib/desktop.js'
import type { UiError } from '../lib/errors.js'
import { runAction } from './run-action.js'

/** 'desktop': the app's own notifications; 'unsupported': this browser has none (or not on this page). */
export type NotifyPermission = NotificationPermission | 'desktop' | 'unsupported'

const webPermission = (): NotifyPermission => {
  if (desktopShell()) return 'desktop'
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission
}

interface NotifyState {
  muted: string[]
  sound: boolean
  permission: NotifyPermission
  loaded: boolean
  error: UiError | null
  load(): Promise<void>
  setMuted(instanceId: string, muted: boolean): Promise<void>
  setSound(sound: boolean): Promise<void>
  /** Asks the browser (a click's handler: browsers ignore asks without a user gesture). */
  requestPermission(): Promise<void>
}

export const useNotifyStore = create<NotifyState>()((set, get) => {
  /** The checkbox follows the click at once; the core's answer confirms it (a refusal puts the old value back). */
  const save = (changes: { mutedInstances?: string[]; notificationSound?: boolean }) => {
    const before = { muted: get().muted, sound: get().sound }
    set({ ...(changes.mutedInstances ? { muted: changes.mutedInstances } : {}), ...(changes.notificationSound !== undefined ? { sound: changes.notificationSound } : {}) })
    return runAction(async () => {
      const s = await call(bridge().settings.set(changes))
      set({ muted: s.notifications.mutedInstances, sound: s.notifications.sound, error: null })
    }, { fail: (error) => set({ ...before, error }) })
  }
  return {
    muted: [],
    sound: false,
    permission: webPermission(),
    loaded: false,
    error: null,
    load: () =>
      runAction(async () => {
        const s = await call(bridge().settings.get())
        set({ muted: s.notifications.mutedInstances, sound: s.notifications.sound, loaded: true, permission: webPermission() })
      }, { fail: () => set({ loaded: true, permission: webPermission() }) }),
    setMuted: (instanceId, muted) => save({ mutedInstances: muted ? [...new Set([...get().muted, instanceId])] : get().muted.filter((id) => id !== instanceId) }),
    setSound: (sound) => save({ notificationSound: sound }),
    async requestPermission() {
      if (typeof Notification === 'undefined' || desktopShell()) return set({ permission: webPermission() })
      try {
        set({ permission: await Notification.requestPermission() })
      } catch {
        set({ permission: webPermission() })
      }
    }
  }
})
