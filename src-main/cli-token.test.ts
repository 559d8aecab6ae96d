// A headless user who never passed --access-token learns at start where the token is, and `npm run serve -- token`
// prints it (the real CLI as child processes; the printed token opens the API).
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { cliCommand } from './core/testing/cli-process.js'

const dataDir = mkdtempSync(join(tmpdir(), 'sb-token-'))
const env: NodeJS.ProcessEnv = { ...process.env }
delete env.SWITCHBOARD_DATA_DIR
delete env.SWITCHBOARD_ACCESS_TOKEN
const children: ReturnType<typeof spawn>[] = []
afterAll(() => children.forEach((c) => c.exitCode === null && c.kill('SIGKILL')))

const tokenCommand = (...args: string[]) => spawnSync(...cliCommand(['token', ...args]), { env, encoding: 'utf8', timeout: 60_000 })

describe('the access token of a headless start', () => {
  it('says where the token is kept and how to print it; `token` prints the one that opens the API', async () => {
    const child = spawn(...cliCommand(['--port', '0', '--data-dir', dataDir, '--network', 'sandbox']), { env, stdio: ['ignore', 'pipe', 'pipe'] })
    children.push(child)
    let out = ''
    child.stdout.on('data', (d: Buffer) => (out += d.toString()))
    child.stderr.on('data', (d: Buffer) => (out += d.toString()))
    const deadline = Date.now() + 60_000
    while (!/API access token: .*\n/.test(out) && Date.now() < deadline && child.exitCode === null) await new Promise((r) => setTimeout(r, 50))
    expect(out).toContain(`API access token: kept in ${join(dataDir, 'secrets.json')} (owner-only); print it with: npm run serve -- token --data-dir ${JSON.stringify(dataDir)}`)
    const url = /listening on (http:\/\/\S+)/.exec(out)![1]!

    const printed = tokenCommand('--data-dir', dataDir)
    expect(printed.status, printed.stderr).toBe(0)
    const token = printed.stdout.trim()
    expect(token).toMatch(/^\S{32,}$/)
    expect((await fetch(`${url}/v2/sessions`, { headers: { 'access-token': token } })).status).toBe(200)
    expect((await fetch(`${url}/v2/sessions`, { headers: { 'access-token': `${token}x` } })).status).toBe(401)
  }, 120_000)

  it('says how to get one when the data dir has none yet, and refuses unknown flags', () => {
    const none = tokenCommand('--data-dir', mkdtempSync(join(tmpdir(), 'sb-token-empty-')))
    expect(none.status).toBe(1)
    expect(none.stderr).toMatch(/no access token in .*secrets\.json yet; start Switchboard once \(npm start\)/)
    const bad = tokenCommand('--nope')
    expect(bad.status).toBe(2)
    expect(bad.stderr).toContain('usage: npm run serve -- token [--data-dir D]')
  }, 120_000)
})
