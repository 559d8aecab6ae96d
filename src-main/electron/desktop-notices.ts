// Announcements for the desktop app (issue 20 item 2): the page asks for a native notification (Electron's
// Notification, in main) and tells the unread count (tray and dock/taskbar badge); a click on a notification shows
// the window and hands the page its tag, so it opens that chat. Only our window's page is listened to.
import { app, ipcMain, Notification, type WebContents } from 'electron'
import { IPC_DESKTOP_NOTIFICATION_CLICK, IPC_DESKTOP_NOTIFY, IPC_DESKTOP_UNREAD, isDesktopNotice, isUnreadCount } from '../../src-preload/contract/electron-ipc.js'
import { isTrustedSender } from './security.js'

export interface DesktopNoticeHost {
  /** Our window's page, if it is open. */
  window(): WebContents | undefined
  /** Shows (and creates, if closed) the window. */
  open(): void
  /** The tray shows the unread count. */
  setUnread(count: number): void
}

export function serveDesktopNotices(host: DesktopNoticeHost, origins: Set<string>): void {
  // Kept referenced until clicked or closed: a collected Notification loses its click handler on some systems.
  const shown = new Set<Notification>()
  ipcMain.on(IPC_DESKTOP_NOTIFY, (event, notice: unknown) => {
    if (!isTrustedSender(event, host.window(), origins) || !isDesktopNotice(notice) || !Notification.isSupported()) return
    const n = new Notification({ title: notice.title, body: notice.body, silent: notice.silent })
    shown.add(n)
    n.on('click', () => {
      shown.delete(n)
      host.open()
      host.window()?.send(IPC_DESKTOP_NOTIFICATION_CLICK, notice.tag)
    })
    n.on('close', () => shown.delete(n))
    n.show()
  })
  ipcMain.on(IPC_DESKTOP_UNREAD, (event, count: unknown) => {
    if (!isTrustedSender(event, host.window(), origins) || !isUnreadCount(count)) return
    host.setUnread(count)
    // The dock (macOS) or the launcher entry (Unity) shows it; elsewhere this is a no-op.
    app.setBadgeCount(count)
  })
}
