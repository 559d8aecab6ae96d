// `npm run serve -- accounts keys …` as real child processes on the data dir of a running server (a child process,
// sandbox network) driven over HTTP: a key created by the CLI is printed once, works within its scope, is listed
// without the key, and answers 401 at once after `keys revoke`; bad usage is exit 2, refusals exit 1 with a code.
import { execFile } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { cliCommand, startCliProcess, type CliProcess } from './core/testing/cli-process.js'

const dataDir = mkdtempSync(join(tmpdir(), 'sb-keys-'))
const ownerToken = 'keys-owner-token-0123456789abcdef'

interface Run {
  code: number
  stdout: string
  stderr: string
}

/** One `accounts keys` command in its own Node process, on the suite's data dir. */
function keys(...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(...cliCommand(['accounts', 'keys', ...args, '--data-dir', dataDir]), { timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr })
    })
  })
}

const json = <T>(run: Run): T => {
  if (run.code !== 0) throw new Error(`exit ${run.code}: ${run.stderr}${run.stdout}`)
  return JSON.parse(run.stdout) as T
}

let server: CliProcess | undefined
afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM')
    await server.exited
  }
})

const http = async (method: string, path: string, key: string) => {
  const res = await fetch(`${server!.url}${path}`, { method, headers: { 'x-api-key': key } })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

describe('npm run serve -- accounts keys (child processes, real HTTP)', () => {
  let instance: string
  let other: string
  let created: { id: string; name: string; token: string; tokenHint: string; readOnly: boolean; instanceIds: string[] | null }

  it('refuses bad usage with exit 2 and the usage text', async () => {
    const run = await keys('create', '--read-only')
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('create needs --name')
    expect(run.stderr).toContain('usage: npm run serve -- accounts keys')
    expect((await keys('revoke')).stderr).toContain('revoke needs a key id')
  })

  it('creates a scoped key while the server runs: printed once, works within its scope, listed without the key', async () => {
    server = await startCliProcess({ dataDir, token: ownerToken })
    const make = async () => {
      const res = await fetch(`${server!.url}/v2/session/create`, { method: 'POST', headers: { 'access-token': ownerToken } })
      expect(res.status).toBe(201)
      return String(((await res.json()) as { instance_id: string }).instance_id)
    }
    instance = await make()
    other = await make()

    created = json(await keys('create', '--name', 'n8n reads', '--read-only', '--instance', instance.toLowerCase(), '--json'))
    expect(created).toMatchObject({ name: 'n8n reads', readOnly: true, instanceIds: [instance], tokenHint: created.token.slice(-4) })
    expect(created.token).toMatch(/^sk_/)
    expect((await http('GET', `/v2/session/info?instance_id=${instance}`, created.token)).status).toBe(200)
    const outside = await http('GET', `/v2/session/info?instance_id=${other}`, created.token)
    expect(outside.status).toBe(403)
    expect(outside.body).toMatchObject({ code: 'key_scope_forbidden', details: { reason: 'instance_scope' } })
    expect((await http('POST', '/v2/session/create', created.token)).body).toMatchObject({ details: { reason: 'read_only' } })

    const list = await keys('list')
    expect(list.code).toBe(0)
    expect(list.stdout).toMatch(/^ID\s+NAME\s+SCOPE\s+KEY\s+CREATED\s+LAST USED/m)
    // The server recorded the accepted request as the key's last use (to the minute, UTC).
    const minute = '\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d'
    expect(list.stdout).toMatch(new RegExp(`^${created.id}\\s+n8n reads\\s+instances ${instance}, read only\\s+…${created.tokenHint}\\s+${minute}\\s+${minute}$`, 'm'))
    expect(list.stdout).not.toContain(created.token)

    const bad = await keys('create', '--name', 'x', '--instance', 'NOTMINE1', '--json')
    expect(bad.code).toBe(1)
    expect(JSON.parse(bad.stdout)).toMatchObject({ error: { code: 'invalid_param' } })
    const noAccount = await keys('list', '--account', 'acc_nope')
    expect(noAccount.code).toBe(1)
    expect(noAccount.stderr).toContain('No account "acc_nope"')
  }, 120_000) // five child processes beside a running server: each `accounts keys` run took 10-20 s on a loaded 2-core machine

  it('revoke while the server runs: the key is 401 at once; revoking it again is not found', async () => {
    const revoked = await keys('revoke', created.id)
    expect(revoked.code, revoked.stderr).toBe(0)
    expect(revoked.stdout).toContain(`Revoked API key ${created.id} "n8n reads"`)
    expect((await http('GET', `/v2/session/info?instance_id=${instance}`, created.token)).status).toBe(401)
    const again = await keys('revoke', created.id, '--json')
    expect(again.code).toBe(1)
    expect(JSON.parse(again.stdout)).toMatchObject({ error: { code: 'api_key_not_found' } })
  })
})
