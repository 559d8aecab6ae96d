// Tray icon with the instances' status at a glance, "Open" and "Quit".
import { Menu, nativeImage, Tray } from 'electron'
import { join } from 'node:path'
import type { InstancesSummary } from './core-messages.js'

export interface TrayHandlers {
  open(): void
  quit(): void
}

export function statusLine(summary: InstancesSummary | undefined, coreState: 'starting' | 'ready' | 'down'): string {
  if (coreState === 'starting') return 'Starting…'
  if (coreState === 'down') return 'Core stopped: restarting'
  if (!summary || summary.total === 0) return 'No instances yet'
  const parts = [`${summary.working} of ${summary.total} working`]
  if (summary.needsScan) parts.push(`${summary.needsScan} waiting for a scan`)
  if (summary.failed) parts.push(`${summary.failed} failed`)
  return parts.join(', ')
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

  update(summary: InstancesSummary | undefined, coreState: 'starting' | 'ready' | 'down'): void {
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
