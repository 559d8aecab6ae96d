// Tray icon with the instances' status at a glance, "Open" and "Quit".
import { Menu, nativeImage, Tray } from 'electron'
import { join } from 'node:path'
import type { InstancesSummary } from './core-messages.js'
import { statusLine, type CoreState } from './tray-status.js'

export interface TrayHandlers {
  open(): void
  quit(): void
}

export class AppTray {
  private readonly tray: Tray

  constructor(
    resources: string,
    private readonly handlers: TrayHandlers
  ) {
    const image = nativeImage.createFromPath(join(resources, 'tray.png'))
    this.tray = new Tray(image)
    this.tray.on('click', () => handlers.open())
    this.update(undefined, 'starting')
  }

  update(summary: InstancesSummary | undefined, coreState: CoreState): void {
    const line = statusLine(summary, coreState)
    this.tray.setToolTip(`Switchboard: ${line}`)
    this.tray.setContextMenu(
      Menu.buildFromTemplate([
        { label: line, enabled: false },
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
