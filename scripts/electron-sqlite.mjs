// `npm run electron:sqlite`: builds better-sqlite3 for Electron's ABI into out/native/better_sqlite3.node (with a
// stamp of the versions), apart from node_modules, which keeps Node's build for tests and the headless core.
// `npm start` runs it on demand and passes the binary to the core as SWITCHBOARD_SQLITE_BINDING. Packaged apps do
// not need it: electron-builder rebuilds the module inside the package. Needs Electron's headers (internet).
import { cpSync, mkdirSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { bindingPath, nativeDir, root, wantedBuild, writeStamp } from './electron-native.mjs'

const require = createRequire(import.meta.url)
const { rebuild } = await import('@electron/rebuild')
const wanted = wantedBuild()
const work = join(nativeDir(), 'work')

rmSync(work, { recursive: true, force: true })
mkdirSync(join(work, 'node_modules'), { recursive: true })
try {
  cpSync(dirname(require.resolve('better-sqlite3-multiple-ciphers/package.json')), join(work, 'node_modules', 'better-sqlite3-multiple-ciphers'), { recursive: true })
  cpSync(join(root, 'package.json'), join(work, 'package.json'))
  await rebuild({ buildPath: work, electronVersion: wanted.electron, onlyModules: ['better-sqlite3-multiple-ciphers'], force: true })
  cpSync(join(work, 'node_modules', 'better-sqlite3-multiple-ciphers', 'build', 'Release', 'better_sqlite3.node'), bindingPath())
  writeStamp(wanted)
} finally {
  rmSync(work, { recursive: true, force: true })
}
console.log(`${bindingPath()} built for Electron ${wanted.electron}`)
