// Electron main process (built as out/main/index.js): single-instance lock, security settings, the core in a
// utility process, one window, tray and menu. It composes the modules of this folder and implements nothing else.
import { app, dialog, safeStorage, shell, type BrowserWindow } from 'electron'
import { serveBridgePorts } from './bridge-ports.js'
import { CoreHost } from './core-host.js'
import type { InstancesSummary } from './core-messages.js'
import { desktopDataKey } from './data-key.js'
import { serveDesktopNotices } from './desktop-notices.js'
import { installAppMenu } from './menu.js'
import { desktopCoreOptions } from './options.js'
import { electronSqliteBinding, paths, resourcesDir } from './paths.js'
import { allowedOrigins } from './policy.js'
import { hardenSession, hardenWebContents, registerAppScheme, serveRenderer } from './security.js'
import { AppTray } from './tray.js'
import { createMainWindow } from './window.js'

app.enableSandbox()
registerAppScheme()

if (!app.requestSingleInstanceLock()) {
  // Another Switchboard owns the data folder and the port: it shows its window instead (second-instance below).
  app.quit()
} else {
  const devServerUrl = app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL
  const origins = allowedOrigins(devServerUrl)
  let window: BrowserWindow | undefined
  let tray: AppTray | undefined
  let quitting = false
  let summary: InstancesSummary | undefined
  let coreState: 'starting' | 'ready' | 'down' = 'starting'

  let flags: ReturnType<typeof desktopCoreOptions>
  try {
    flags = desktopCoreOptions(process.argv.slice(1), process.env, app.getPath('userData'))
  } catch (e) {
    // showErrorBox works before "ready": a bad flag is said in words instead of a silent fallback.
    dialog.showErrorBox('Switchboard cannot start', e instanceof Error ? e.message : String(e))
    app.exit(2)
    throw e
  }
  const options = { ...flags, nativeBinding: electronSqliteBinding(process.env) }
  const core = new CoreHost(paths.coreEntry, options, { ...process.env, SWITCHBOARD_VERSION: app.getVersion() })

  const open = () => {
    if (!window || window.isDestroyed()) window = createMainWindow(devServerUrl, () => quitting)
    if (window.isMinimized()) window.restore()
    window.show()
    window.focus()
  }
  const quit = () => {
    quitting = true
    app.quit()
  }

  hardenWebContents(origins)
  app.on('second-instance', open)

  void app.whenReady().then(() => {
    hardenSession(devServerUrl, origins)
    serveRenderer(paths.renderer)
    const page = () => (window && !window.isDestroyed() ? window.webContents : undefined)
    serveBridgePorts(core, page, origins)
    serveDesktopNotices({ window: page, open, setUnread: (n) => tray?.setUnread(n) }, origins)
    core.on('ready', () => {
      coreState = 'ready'
      tray?.update(summary, coreState)
    })
    core.on('summary', (s) => {
      summary = s
      tray?.update(summary, coreState)
    })
    core.on('down', ({ willRestart }) => {
      coreState = 'down'
      tray?.update(summary, coreState)
      if (!willRestart) dialog.showErrorBox('Switchboard', 'The Switchboard core stopped several times and was not restarted. See the log in the data folder.')
    })
    core.on('fatal', (message) => dialog.showErrorBox('Switchboard could not start', message))
    // Settings: the login item belongs to the OS (read at each core start, so a restarted core shows it), and the
    // data folder opens in the file manager; only the data folder the core was started with is ever opened.
    core.on('login-item', (openAtLogin) => {
      app.setLoginItemSettings({ openAtLogin })
      core.setOpenAtLogin(openAtLogin)
    })
    core.on('open-folder', (path) => {
      if (path === flags.dataDir) void shell.openPath(path)
    })
    // Electron sets login items on macOS and Windows only; on Linux Settings says to use the desktop's autostart.
    if (process.platform === 'darwin' || process.platform === 'win32') core.setOpenAtLogin(app.getLoginItemSettings().openAtLogin)
    // safeStorage works only once the app is ready (Linux); the key travels to the core with its start options.
    try {
      core.setDataKey(desktopDataKey(flags.dataDir, safeStorage).key)
    } catch (e) {
      dialog.showErrorBox('Switchboard cannot start', e instanceof Error ? e.message : String(e))
      app.exit(2)
      return
    }
    core.start()
    tray = new AppTray(resourcesDir(app.isPackaged), { open, quit })
    installAppMenu({ apiUrl: () => core.url, open, quit, devTools: !!devServerUrl })
    open()
    app.on('activate', open)
  })

  // The window hides to the tray; the app (and its API) runs until the user quits.
  app.on('window-all-closed', () => undefined)

  let stopped = false
  app.on('before-quit', (event) => {
    quitting = true
    if (stopped) return
    event.preventDefault()
    void core.stop().finally(() => {
      stopped = true
      tray?.destroy()
      app.quit()
    })
  })
}
