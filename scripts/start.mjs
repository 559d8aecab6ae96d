// `npm start`: the desktop app where Electron's binary is installed, otherwise the same core headless.
// `npm install` never needs Electron's binary (its download fails on machines without internet access).
// The desktop app needs better-sqlite3 built for Electron's ABI: built here on first need (and again after an
// Electron or better-sqlite3 upgrade), never by hand. SWITCHBOARD_SQLITE_BINDING set by the user wins.
// Test knobs: SWITCHBOARD_ELECTRON_DIR and SWITCHBOARD_NATIVE_DIR (see electron-native.mjs), and
// SWITCHBOARD_START_DRY_RUN=1, which prints the launch instead of running it; SWITCHBOARD_UI_DIR, the headless UI's folder.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { electronBinary, electronSqliteState, root } from './electron-native.mjs'

const args = process.argv.slice(2)
const require = createRequire(import.meta.url)

function run(command, commandArgs, env) {
  if (process.env.SWITCHBOARD_START_DRY_RUN === '1') {
    console.log(`would run: ${[command, ...commandArgs].join(' ')}`)
    console.log(`with SWITCHBOARD_SQLITE_BINDING=${env.SWITCHBOARD_SQLITE_BINDING ?? ''}`)
    return
  }
  const child = spawn(command, commandArgs, { cwd: root, stdio: 'inherit', env })
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal))
  // npm runs us under `sh -c`, which dies on npm's SIGTERM without passing it on: when our parent goes away we are
  // re-parented, and then we stop the app ourselves instead of leaving it running with nobody to stop it.
  const parent = process.ppid
  setInterval(() => {
    if (process.ppid !== parent) child.kill('SIGTERM')
  }, 500).unref()
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
}

/** Where the headless UI is served from (the same rule as the core's defaultRendererDir). */
const rendererDir = () => process.env.SWITCHBOARD_UI_DIR ?? join(root, 'out', 'renderer')

/**
 * The UI is built on first need (a fresh clone has no out/): `npm start` opens a working UI instead of a "not built"
 * page. A failed build leaves the API running and names the command to run.
 */
function ensureRendererBuilt() {
  if (existsSync(join(rendererDir(), 'index.html'))) return
  const electronVite = join(dirname(require.resolve('electron-vite/package.json')), 'bin', 'electron-vite.js')
  console.log('Building the Switchboard UI once (npm run build; about a minute)…')
  if (process.env.SWITCHBOARD_START_DRY_RUN === '1') {
    console.log(`would build: ${process.execPath} ${electronVite} build`)
    return
  }
  const build = spawnSync(process.execPath, [electronVite, 'build'], { cwd: root, stdio: 'inherit', env: process.env })
  if (build.status !== 0) console.error('switchboard: building the UI failed (see above); the API works without it. Run `npm run build` to retry.')
}

/** The Electron-ABI better-sqlite3, built now when missing or stale; exits with the command to run on failure. */
function ensureElectronSqlite() {
  const state = electronSqliteState()
  if (!state.problem) return state.binary
  console.log(`Building better-sqlite3 for Electron ${state.wanted.electron} (${state.problem}); this happens once per Electron version.`)
  const build = spawnSync(process.execPath, [join(root, 'scripts', 'electron-sqlite.mjs')], { cwd: root, stdio: 'inherit', env: process.env })
  if (build.status !== 0) {
    console.error(
      `switchboard: the desktop app needs better-sqlite3 built for Electron ${state.wanted.electron}, and building it failed ` +
        "(it downloads Electron's headers and compiles C++). Fix the cause shown above and run `npm run electron:sqlite`, " +
        'or use `npm run serve` for the headless core.'
    )
    process.exit(1)
  }
  return state.binary
}

if (electronBinary()) {
  const env = { ...process.env }
  env.SWITCHBOARD_SQLITE_BINDING ??= ensureElectronSqlite()
  const built = existsSync(join(root, 'out', 'main', 'index.js'))
  const electronVite = join(dirname(require.resolve('electron-vite/package.json')), 'bin', 'electron-vite.js')
  // The built app when there is one, else the dev server; flags after `--` reach the app.
  run(process.execPath, built ? [electronVite, 'preview', '--', ...args] : [electronVite, 'dev', '--', ...args], env)
} else {
  console.log("Switchboard runs headless because Electron's binary is not installed (the API and the sandbox work the same).")
  ensureRendererBuilt()
  // tsx as a loader in one node process (not tsx's CLI, which adds a process in between): signals reach the core.
  run(process.execPath, ['--import', pathToFileURL(require.resolve('tsx')).href, join(root, 'src-main', 'cli.ts'), ...args], process.env)
}
