// `npm start`: without Electron's binary it runs the core headless and says so in one line; with it, it makes sure
// the Electron-ABI better-sqlite3 exists and is current (building it, or failing with the command to run).
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

describe('npm start', () => {
  it('runs headless where Electron is missing, saying why, with the same flags', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sb-start-'))
    const noElectron = mkdtempSync(join(tmpdir(), 'sb-no-electron-'))
    const child = spawn(process.execPath, [join(root, 'scripts', 'start.mjs'), '--port', '0', '--data-dir', dataDir, '--access-token', 'start-test'], {
      cwd: root,
      env: { ...process.env, SWITCHBOARD_ELECTRON_DIR: noElectron, SWITCHBOARD_UI_DIR: builtUi() },
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let out = ''
    child.stdout.on('data', (d: Buffer) => (out += d.toString()))
    child.stderr.on('data', (d: Buffer) => (out += d.toString()))
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)))
    const deadline = Date.now() + 45_000
    while (!/listening on (http:\/\/\S+)/.test(out) && Date.now() < deadline && child.exitCode === null) await new Promise((r) => setTimeout(r, 50))
    expect(out).toContain("Switchboard runs headless because Electron's binary is not installed")
    const url = /listening on (http:\/\/\S+)/.exec(out)![1]!
    expect((await fetch(`${url}/health`)).status).toBe(200)
    child.kill('SIGTERM')
    expect(await exited).toBe(0)
  })

  it('stops the app when npm stops it: a SIGTERM to the shell npm runs us in leaves no process behind', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sb-start-'))
    // npm runs `sh -c "node scripts/start.mjs …"`; the trailing `; true` keeps sh from exec'ing node, as npm's shell does.
    const script = `"${process.execPath}" scripts/start.mjs --port 0 --data-dir "${dataDir}" --access-token start-test; true`
    const shell = spawn('sh', ['-c', script], {
      cwd: root,
      env: { ...process.env, SWITCHBOARD_ELECTRON_DIR: mkdtempSync(join(tmpdir(), 'sb-no-electron-')), SWITCHBOARD_UI_DIR: builtUi() },
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let out = ''
    shell.stdout.on('data', (d: Buffer) => (out += d.toString()))
    shell.stderr.on('data', (d: Buffer) => (out += d.toString()))
    const deadline = Date.now() + 90_000
    while (!/listening on (http:\/\/\S+)/.test(out) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
    expect(out).toMatch(/listening on http/)
    const url = /listening on (http:\/\/\S+)/.exec(out)![1]!
    expect((await fetch(`${url}/health`)).status).toBe(200)
    shell.kill('SIGTERM')
    // The core shuts down (engines closed, WAL checkpointed) and its port closes: nothing is left answering.
    const stopBy = Date.now() + 20_000
    let answering = true
    while (answering && Date.now() < stopBy) {
      answering = await fetch(`${url}/health`).then(() => true, () => false)
      if (answering) await new Promise((r) => setTimeout(r, 200))
    }
    expect(answering, out).toBe(false)
  }, 150_000)

  it('builds the UI on first need, so a fresh clone opens a working UI (dry run)', async () => {
    const run = await runStart({ SWITCHBOARD_ELECTRON_DIR: mkdtempSync(join(tmpdir(), 'sb-no-electron-')), SWITCHBOARD_UI_DIR: mkdtempSync(join(tmpdir(), 'sb-no-ui-')) })
    expect(run.code, run.out).toBe(0)
    expect(run.out).toContain('Building the Switchboard UI once')
    expect(run.out).toMatch(/would build: .*electron-vite\.js build/)
    expect(run.out).toMatch(/would run: .*--import \S*tsx\S*loader\.mjs \S*src-main\/cli\.ts --port 0/)
    const built = await runStart({ SWITCHBOARD_ELECTRON_DIR: mkdtempSync(join(tmpdir(), 'sb-no-electron-')), SWITCHBOARD_UI_DIR: builtUi() })
    expect(built.out).not.toContain('Building the Switchboard UI')
  })
})

/** A folder that looks like a built renderer (the headless UI's index.html). */
function builtUi(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sb-ui-'))
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Switchboard</title>')
  return dir
}

/** A folder that looks like node_modules/electron after a successful binary download. */
function fakeElectron(version: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'sb-fake-electron-'))
  mkdirSync(join(dir, 'dist'))
  writeFileSync(join(dir, 'path.txt'), 'electron')
  writeFileSync(join(dir, 'dist', 'electron'), '')
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'electron', version }))
  return dir
}

const sqliteVersion = (createRequire(import.meta.url)('better-sqlite3-multiple-ciphers/package.json') as { version: string }).version

/** An out/native folder holding a binary stamped as built for `electron`. */
/** `sqliteModule` null: a stamp written before the module was named (a build of plain better-sqlite3). */
function nativeDirBuiltFor(electron: string, sqliteModule: string | null = 'better-sqlite3-multiple-ciphers'): string {
  const dir = mkdtempSync(join(tmpdir(), 'sb-native-'))
  writeFileSync(join(dir, 'better_sqlite3.node'), 'stand-in')
  writeFileSync(join(dir, 'better_sqlite3.json'), JSON.stringify({ electron, ...(sqliteModule ? { sqliteModule } : {}), betterSqlite3: sqliteVersion, platform: process.platform, arch: process.arch }))
  return dir
}

async function runStart(env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, [join(root, 'scripts', 'start.mjs'), '--port', '0'], {
    cwd: root,
    env: { ...process.env, SWITCHBOARD_START_DRY_RUN: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let out = ''
  child.stdout.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr.on('data', (d: Buffer) => (out += d.toString()))
  const code = await new Promise<number | null>((r) => child.on('exit', (c) => r(c)))
  return { code, out }
}

describe('npm start with Electron installed', () => {
  // 0.0.0-test: a version no Electron release has, so a build attempt fails at once and offline.
  const version = '0.0.0-test'

  it('launches the app with the Electron build of better-sqlite3 when it is current (no rebuild)', async () => {
    const native = nativeDirBuiltFor(version)
    const run = await runStart({ SWITCHBOARD_ELECTRON_DIR: fakeElectron(version), SWITCHBOARD_NATIVE_DIR: native })
    expect(run.code, run.out).toBe(0)
    expect(run.out).not.toContain('Building better-sqlite3')
    expect(run.out).toMatch(/would run: .*electron-vite\.js (preview|dev) -- --port 0/)
    expect(run.out).toContain(`with SWITCHBOARD_SQLITE_BINDING=${join(native, 'better_sqlite3.node')}`)
  })

  it('builds it when missing; a failed build names the command to run and never launches the app', async () => {
    const native = mkdtempSync(join(tmpdir(), 'sb-native-'))
    const run = await runStart({ SWITCHBOARD_ELECTRON_DIR: fakeElectron(version), SWITCHBOARD_NATIVE_DIR: native })
    expect(run.code, run.out).toBe(1)
    expect(run.out).toContain(`Building better-sqlite3 for Electron ${version} (not built yet)`)
    expect(run.out).toMatch(/switchboard: the desktop app needs better-sqlite3 built for Electron 0\.0\.0-test, and building it failed .*`npm run electron:sqlite`/)
    expect(run.out).not.toContain('would run')
  })

  it('rebuilds a binary stamped for another Electron version', async () => {
    const native = nativeDirBuiltFor('44.0.0')
    const run = await runStart({ SWITCHBOARD_ELECTRON_DIR: fakeElectron(version), SWITCHBOARD_NATIVE_DIR: native })
    expect(run.out).toContain('(built for electron 44.0.0, not 0.0.0-test)')
    expect(run.code).toBe(1)
    // The failed build left the old binary alone.
    expect(readFileSync(join(native, 'better_sqlite3.node'), 'utf8')).toBe('stand-in')
  })

  it('rebuilds a binary of plain better-sqlite3 (same version number, but it cannot encrypt the store)', async () => {
    const native = nativeDirBuiltFor(version, null)
    const run = await runStart({ SWITCHBOARD_ELECTRON_DIR: fakeElectron(version), SWITCHBOARD_NATIVE_DIR: native })
    expect(run.out).toContain('not better-sqlite3-multiple-ciphers)')
    expect(run.code).toBe(1)
  })

  it('leaves a binding chosen with SWITCHBOARD_SQLITE_BINDING alone', async () => {
    const run = await runStart({ SWITCHBOARD_ELECTRON_DIR: fakeElectron(version), SWITCHBOARD_NATIVE_DIR: mkdtempSync(join(tmpdir(), 'sb-native-')), SWITCHBOARD_SQLITE_BINDING: '/opt/mine.node' })
    expect(run.code, run.out).toBe(0)
    expect(run.out).not.toContain('Building')
    expect(run.out).toContain('with SWITCHBOARD_SQLITE_BINDING=/opt/mine.node')
  })
})
