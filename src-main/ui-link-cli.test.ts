// `npm run ui-link` against a real headless server (child process): with no token in the environment, found through
// the data dir (--data-dir or SWITCHBOARD_DATA_DIR), it prints a fresh one-time link that opens the UI bridge once;
// with no server on the data dir (never started, or stopped) it says so and exits 1. Without any flag it finds the
// core through the per-user registry of running cores (issue 20 item 3), whatever data folder that core uses.
import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { connectTestBridge } from './core/bridge/testing/ws-bridge-client.js'
import { cliCommand, startCliProcess, type CliProcess } from './core/testing/cli-process.js'

const dataDir = mkdtempSync(join(tmpdir(), 'sb-uilink-'))
/** This user's config folder (the default data folder and the registry of running cores live under it). */
const home = mkdtempSync(join(tmpdir(), 'sb-uilink-home-'))

/** The environment of a user's shell: no token, no data dir unless given. */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env }
  for (const k of Object.keys(env)) if (k.startsWith('SWITCHBOARD_')) delete env[k]
  return { ...env, XDG_CONFIG_HOME: home, ...extra }
}

function uiLink(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(...cliCommand(['ui-link', ...args]), { env, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    let err = ''
    child.stdout.on('data', (d: Buffer) => (out += d.toString()))
    child.stderr.on('data', (d: Buffer) => (err += d.toString()))
    child.once('exit', (code) => resolve({ code, out, err }))
  })
}

describe('npm run ui-link (real headless server)', () => {
  let cli: CliProcess | undefined
  afterAll(() => {
    if (cli && cli.child.exitCode === null) cli.child.kill('SIGKILL')
  })

  it('says when no Switchboard runs on the data dir', async () => {
    const r = await uiLink(['--data-dir', mkdtempSync(join(tmpdir(), 'sb-uilink-none-'))], cleanEnv())
    expect(r.code).toBe(1)
    expect(r.err).toMatch(/no Switchboard is running with the data folder/)
    expect(r.out).toBe('')
  })

  it('prints a fresh one-time link without the token in the shell; each link opens the UI once', async () => {
    cli = await startCliProcess({ dataDir, token: 'uilink-token-0123456789', env: cleanEnv() })
    expect(readdirSync(join(home, 'Switchboard', 'running'))).toEqual([`${cli.child.pid}.json`])
    const byEnv = await uiLink([], cleanEnv({ SWITCHBOARD_DATA_DIR: dataDir }))
    expect(byEnv.code, byEnv.err).toBe(0)
    const first = /^(http:\/\/127\.0\.0\.1:\d+)\/ui\/#token=([A-Za-z0-9_-]{20,})\n$/.exec(byEnv.out)
    expect(first, byEnv.out).not.toBeNull()
    expect(first![1]).toBe(cli.url)
    expect(byEnv.err).toMatch(/within 15 minutes/)
    expect(byEnv.out + byEnv.err).not.toContain('uilink-token-0123456789')

    const byFlag = await uiLink(['--data-dir', dataDir], cleanEnv())
    expect(byFlag.code, byFlag.err).toBe(0)
    const second = /#token=([A-Za-z0-9_-]+)/.exec(byFlag.out)![1]!
    expect(second).not.toBe(first![2])

    // No flag, and the core is not on the default folder: found in the registry of running cores.
    const bare = await uiLink([], cleanEnv())
    expect(bare.code, bare.err).toBe(0)
    expect(bare.out).toMatch(new RegExp(`^${cli.url}/ui/#token=[A-Za-z0-9_-]{20,}\n$`))

    // The link works in a browser tab (the bridge admits it), once.
    const ui = await connectTestBridge(cli.url, first![2]!)
    expect(await ui.bridge.app.info()).toMatchObject({ ok: true })
    ui.close()
    await expect(connectTestBridge(cli.url, first![2]!)).rejects.toThrow()
  })

  it('after the server stops, says it is not running (its registry entry is gone too)', async () => {
    cli!.child.kill('SIGTERM')
    expect(await cli!.exited).toBe(0)
    const r = await uiLink(['--data-dir', dataDir], cleanEnv())
    expect(r.code).toBe(1)
    expect(r.err).toMatch(/no Switchboard is running/)
    const bare = await uiLink([], cleanEnv())
    expect(bare.code).toBe(1)
    expect(bare.err).toMatch(/no Switchboard is running/)
  })

  it('refuses unknown flags with the usage', async () => {
    const r = await uiLink(['--bogus'], cleanEnv())
    expect(r.code).toBe(2)
    expect(r.err).toMatch(/usage: npm run ui-link/)
  })
})
