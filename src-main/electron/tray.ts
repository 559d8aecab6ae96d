// Tray icon with the instances' status and the unread messages at a glance, "Open" and "Quit".
import { Menu, nativeImage, Tray } from 'electron'
import { join } from 'node:path'
import type { InstancesSummary } from './core-messages.js'
import { statusLine, unreadLine, type CoreState } from './tray-status.js'

export interface TrayHandlers {
  open(): void
  quit(): void
}

export class AppTray {
  private readonly tray: Tray
  private summary: InstancesSummary | undefined
  private coreState: CoreState = 'starting'
  private unread = 0

  constructor(
    resources: string,
    private readonly handlers: TrayHandlers
  ) {
    const image = nativeImage.createFromPath(join(resources, 'tray.png'))
    this.tray = new Tray(image)
    this.tray.on('click', () => handlers.open())
    this.update(undefined, 'starting')
  }

  setUnread(unread: number): void {
    this.unread = unread
    this.update(this.summary, this.coreState)
  }

  update(summary: InstancesSummary | undefined, coreState: CoreState): void {
    this.summary = summary
    this.coreState = coreState
    const line = statusLine(summary, coreState)
    const unread = unreadLine(this.unread)
    this.tray.setToolTip(`Switchboard: ${line}${unread ? `\n${unread}` : ''}`)
    // macOS shows a title beside the icon: the count alone.
    this.tray.setTitle(this.unread > 0 ? String(this.unread) : '')
    this.tray.setContextMenu(
      Menu.buildFromTemplate([
        { label: line, enabled: false },
        ...(unread ? [{ label: unread, click: () => this.handlers.open() }] : []),
        { type: 'separator' },
        { label: 'Open Switchboard', click: () => this.handlers.open() },
        { label: 'Quit Switchboard', click: () => this.handlers.quit() }
      ])
    )
  }

  destroy(): void {
    this.tray.destroy()
  }
}
