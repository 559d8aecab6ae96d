// `npm start`: the desktop app where Electron's binary is installed, otherwise the same core headless.
// `npm install` never needs Electron's binary (its download fails on machines without internet access).
// The desktop app needs better-sqlite3 built for Electron's ABI: built here on first need (and again after an
// Electron or better-sqlite3 upgrade), never by hand. SWITCHBOARD_SQLITE_BINDING set by the user wins.
// Test knobs: SWITCHBOARD_ELECTRON_DIR and SWITCHBOARD_NATIVE_DIR (see electron-native.mjs), and
// SWITCHBOARD_START_DRY_RUN=1, which prints the launch instead of running it.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
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
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
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
  const tsx = join(dirname(require.resolve('tsx/package.json')), 'dist', 'cli.mjs')
  run(process.execPath, [tsx, join(root, 'src-main', 'cli.ts'), ...args], process.env)
}
