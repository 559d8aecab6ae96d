// The desktop app's extras next to the bridge (notifications, the tray's unread count): present only in Electron,
// where the preload exposes `window.desktop`; a browser tab has none and uses the Web Notification API instead.
import type { DesktopShell } from '../../src-preload/contract/electron-ipc.js'

declare global {
  interface Window {
    desktop?: DesktopShell
  }
}

export const desktopShell = (): DesktopShell | undefined => (typeof window === 'undefined' ? undefined : window.desktop)
