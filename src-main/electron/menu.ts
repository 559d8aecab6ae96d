// The application menu: the platform's usual roles, plus API docs and quit.
import { Menu, type MenuItemConstructorOptions } from 'electron'
import { openExternal } from './security.js'

export function installAppMenu(o: { apiUrl: () => string | undefined; open(): void; quit(): void; devTools: boolean }): void {
  const isMac = process.platform === 'darwin'
  const template: MenuItemConstructorOptions[] = [
    ...(isMac ? [{ role: 'appMenu' as const }] : []),
    {
      label: 'File',
      submenu: [{ label: 'Open Switchboard', accelerator: 'CmdOrCtrl+O', click: () => o.open() }, { type: 'separator' }, { label: 'Quit', accelerator: 'CmdOrCtrl+Q', click: () => o.quit() }]
    },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        { role: 'reload' },
        ...(o.devTools ? [{ role: 'toggleDevTools' as const }] : []),
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' }
      ]
    },
    { role: 'windowMenu' },
    {
      role: 'help',
      submenu: [
        {
          label: 'API documentation',
          click: () => {
            const url = o.apiUrl()
            if (url) openExternal(`${url}/docs`)
          }
        }
      ]
    }
  ]
  Menu.setApplicationMenu(Menu.buildFromTemplate(template))
}
