// The only two IPC messages between the preload and Electron's main process: the preload asks for a bridge
// port, main answers with a MessagePort connected to the core. Everything else travels over that port. PURE.

/** preload -> main (ipcRenderer.send): "give this page a port to the core". Main checks the sender first. */
export const IPC_BRIDGE_CONNECT = 'switchboard:bridge-connect'
/** main -> preload (webContents.postMessage with one transferred MessagePort). */
export const IPC_BRIDGE_PORT = 'switchboard:bridge-port'
/** main -> preload: the core is gone (crash or restart); a new port follows when it is back. */
export const IPC_BRIDGE_DOWN = 'switchboard:bridge-down'

/** renderer -> main (through the preload's `desktop`): show a native notification for a new customer message. */
export const IPC_DESKTOP_NOTIFY = 'switchboard:notify'
/** renderer -> main: the number of unread messages, for the tray and the dock/taskbar badge. */
export const IPC_DESKTOP_UNREAD = 'switchboard:unread'
/** main -> preload: the user clicked the notification with this tag (the renderer opens that chat). */
export const IPC_DESKTOP_NOTIFICATION_CLICK = 'switchboard:notification-click'

/** One announcement; `tag` is opaque to main (the renderer's "instanceId chatId"), handed back on click. */
export interface DesktopNotice {
  title: string
  body: string
  tag: string
  /** The renderer plays its own sound (or none): the OS sound stays off. */
  silent: boolean
}

/** What the preload exposes besides the bridge, in the desktop app only (`window.desktop`). */
export interface DesktopShell {
  notify(notice: DesktopNotice): void
  setUnread(count: number): void
  /** Returns the unsubscribe. */
  onNotificationClick(listener: (tag: string) => void): () => void
}

const short = (v: unknown, max: number): v is string => typeof v === 'string' && v.length <= max

/** Main checks what a page sends before it reaches the OS. */
export function isDesktopNotice(v: unknown): v is DesktopNotice {
  const n = v as Partial<DesktopNotice> | null
  return typeof n === 'object' && n !== null && short(n.title, 200) && short(n.body, 500) && short(n.tag, 300) && typeof n.silent === 'boolean'
}

export const isUnreadCount = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 10_000_000
