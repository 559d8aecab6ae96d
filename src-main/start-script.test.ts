// `npm start` without Electron's binary: runs the core headless and says so in one line.
import { spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
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
      env: { ...process.env, SWITCHBOARD_ELECTRON_DIR: noElectron },
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
})
