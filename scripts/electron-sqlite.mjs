// Builds better-sqlite3 for Electron's ABI into out/native/better_sqlite3.node, apart from node_modules (which
// keeps Node's build for tests and the headless core). The desktop app in a checkout (`npm start` with
// Electron installed) passes it to the core as nativeBinding (src-main/electron/paths.ts). Packaged apps do not
// need it: electron-builder rebuilds the module inside the package. Needs Electron's headers (internet).
import { cpSync, mkdirSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const require = createRequire(import.meta.url)
const { rebuild } = require('@electron/rebuild')
const electronVersion = require('electron/package.json').version
const work = join(root, 'out', 'native', 'work')

rmSync(work, { recursive: true, force: true })
mkdirSync(join(work, 'node_modules'), { recursive: true })
cpSync(dirname(require.resolve('better-sqlite3/package.json')), join(work, 'node_modules', 'better-sqlite3'), { recursive: true })
cpSync(join(root, 'package.json'), join(work, 'package.json'))
await rebuild({ buildPath: work, electronVersion, onlyModules: ['better-sqlite3'], force: true })
cpSync(join(work, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node'), join(root, 'out', 'native', 'better_sqlite3.node'))
rmSync(work, { recursive: true, force: true })
console.log(`out/native/better_sqlite3.node built for Electron ${electronVersion}`)
