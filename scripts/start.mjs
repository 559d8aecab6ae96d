// `npm start`: the desktop app where Electron's binary is installed, otherwise the same core headless.
// `npm install` never needs Electron's binary (its download fails on machines without internet access).
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const args = process.argv.slice(2)

/** node_modules/electron/path.txt names the binary inside node_modules/electron/dist once it was downloaded. */
function electronBinary() {
  // SWITCHBOARD_ELECTRON_DIR points the check elsewhere (tests use an empty folder to get the headless path).
  const pkg = process.env.SWITCHBOARD_ELECTRON_DIR ?? join(root, 'node_modules', 'electron')
  const pathFile = join(pkg, 'path.txt')
  if (!existsSync(pathFile)) return undefined
  const binary = join(pkg, 'dist', readFileSync(pathFile, 'utf8').trim())
  return existsSync(binary) ? binary : undefined
}

function run(command, commandArgs) {
  const child = spawn(command, commandArgs, { cwd: root, stdio: 'inherit', env: process.env })
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
}

const require = createRequire(import.meta.url)
if (electronBinary()) {
  const built = existsSync(join(root, 'out', 'main', 'index.js'))
  const electronVite = join(dirname(require.resolve('electron-vite/package.json')), 'bin', 'electron-vite.js')
  // The built app when there is one, else the dev server; flags after `--` reach the app.
  run(process.execPath, built ? [electronVite, 'preview', '--', ...args] : [electronVite, 'dev', '--', ...args])
} else {
  console.log("Switchboard runs headless because Electron's binary is not installed (the API and the sandbox work the same).")
  const tsx = join(dirname(require.resolve('tsx/package.json')), 'dist', 'cli.mjs')
  run(process.execPath, [tsx, join(root, 'src-main', 'cli.ts'), ...args])
}
