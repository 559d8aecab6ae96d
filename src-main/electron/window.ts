// The one window: sandboxed, isolated renderer with the bridge preload; shown when ready; closing it hides it to
// the tray (the API keeps serving), quitting happens from the tray or the menu.
import { app, BrowserWindow } from 'electron'
import { join } from 'node:path'
import { paths, resourcesDir } from './paths.js'
import { APP_ORIGIN } from './policy.js'

export function createMainWindow(devServerUrl: string | undefined, isQuitting: () => boolean): BrowserWindow {
  const win = new BrowserWindow({
    width: 1200,
    height: 800,
    minWidth: 760,
    minHeight: 520,
    show: false,
    title: 'Switchboard',
    icon: join(resourcesDir(app.isPackaged), 'icon.png'),
    autoHideMenuBar: false,
    webPreferences: {
      preload: paths.preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      devTools: !!devServerUrl || process.env.SWITCHBOARD_DEVTOOLS === '1'
    }
  })
  win.once('ready-to-show', () => win.show())
  win.on('close', (event) => {
    if (isQuitting()) return
    event.preventDefault()
    win.hide()
  })
  void win.loadURL(devServerUrl ?? `${APP_ORIGIN}/index.html`)
  return win
}
