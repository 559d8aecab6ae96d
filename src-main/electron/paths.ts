// Where the built pieces are, relative to the main bundle (out/main/index.js): preload, renderer, core entry,
// and the Electron-ABI better-sqlite3 binary of a development checkout (see README "Desktop app").
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const mainDir = fileURLToPath(new URL('.', import.meta.url))

export const paths = {
  preload: join(mainDir, '..', 'preload', 'index.cjs'),
  renderer: join(mainDir, '..', 'renderer'),
  coreEntry: join(mainDir, 'core.js')
}

/** Runtime assets (tray images): shipped next to app.asar when packaged (extraResources), in the checkout otherwise. */
export const resourcesDir = (isPackaged: boolean): string =>
  isPackaged ? join(process.resourcesPath, 'resources') : join(mainDir, '..', '..', 'resources')

/**
 * Packaged apps need nothing: electron-builder rebuilds better-sqlite3 for Electron inside the package. A checkout
 * keeps Node's build in node_modules (tests, headless) and Electron's apart, made by `npm run electron:sqlite`.
 */
export function electronSqliteBinding(env: NodeJS.ProcessEnv): string | undefined {
  if (env.SWITCHBOARD_SQLITE_BINDING) return env.SWITCHBOARD_SQLITE_BINDING
  const dev = join(mainDir, '..', 'native', 'better_sqlite3.node')
  return existsSync(dev) ? dev : undefined
}
