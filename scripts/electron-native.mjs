// The Electron-ABI better-sqlite3 of a checkout: where it lives (out/native/, apart from Node's build in
// node_modules) and whether it matches the installed Electron and better-sqlite3. A stamp next to the binary
// records what it was built for, so an Electron or better-sqlite3 upgrade triggers a rebuild. Used by
// start.mjs (build on demand) and electron-sqlite.mjs (the build).
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const require = createRequire(import.meta.url)

/** node_modules/electron; SWITCHBOARD_ELECTRON_DIR points elsewhere (tests). */
export const electronPackageDir = () => process.env.SWITCHBOARD_ELECTRON_DIR ?? join(root, 'node_modules', 'electron')

/** out/native; SWITCHBOARD_NATIVE_DIR points elsewhere (tests). */
export const nativeDir = () => process.env.SWITCHBOARD_NATIVE_DIR ?? join(root, 'out', 'native')

/** node_modules/electron/path.txt names the binary inside dist/ once Electron's postinstall downloaded it. */
export function electronBinary() {
  const pkg = electronPackageDir()
  const pathFile = join(pkg, 'path.txt')
  if (!existsSync(pathFile)) return undefined
  const binary = join(pkg, 'dist', readFileSync(pathFile, 'utf8').trim())
  return existsSync(binary) ? binary : undefined
}

/** What the binary must have been built for. */
export function wantedBuild() {
  return {
    electron: JSON.parse(readFileSync(join(electronPackageDir(), 'package.json'), 'utf8')).version,
    // The module as well as its version: better-sqlite3 and better-sqlite3-multiple-ciphers share version numbers,
    // and a binary of the plain one cannot encrypt the store.
    sqliteModule: 'better-sqlite3-multiple-ciphers',
    betterSqlite3: require('better-sqlite3-multiple-ciphers/package.json').version,
    platform: process.platform,
    arch: process.arch
  }
}

export const bindingPath = () => join(nativeDir(), 'better_sqlite3.node')
const stampPath = () => join(nativeDir(), 'better_sqlite3.json')

/** { binary, wanted, problem }: problem is undefined when the binary exists and was built for `wanted`. */
export function electronSqliteState() {
  const wanted = wantedBuild()
  const binary = bindingPath()
  if (!existsSync(binary)) return { binary, wanted, problem: 'not built yet' }
  let stamp
  try {
    stamp = JSON.parse(readFileSync(stampPath(), 'utf8'))
  } catch {
    return { binary, wanted, problem: 'built for an unknown Electron version' }
  }
  const stale = Object.keys(wanted).find((k) => stamp[k] !== wanted[k])
  return { binary, wanted, problem: stale ? `built for ${stale} ${stamp[stale]}, not ${wanted[stale]}` : undefined }
}

export const writeStamp = (wanted) => writeFileSync(stampPath(), `${JSON.stringify(wanted, null, 2)}\n`)
