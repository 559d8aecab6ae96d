// `npm run serve -- accounts …` as real child processes on a data dir, with the real server (also a child process,
// sandbox network) driven over HTTP: an added account's token works with its own instances only, rotate makes the
// old token 401 at once (the server is running), remove is refused while instances exist and --force deletes them.
import { execFile } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from './core/db/connection.js'
import { resolveDataKey, secretToolKeyring } from './core/secrets/data-key.js'
import { afterAll, describe, expect, it } from 'vitest'
import { cliCommand, startCliProcess, type CliProcess } from './core/testing/cli-process.js'

const dataDir = mkdtempSync(join(tmpdir(), 'sb-accounts-'))
const ownerToken = 'accounts-owner-token-0123456789'

interface Run {
  code: number
  stdout: string
  stderr: string
}

/** One `accounts` command in its own Node process, on the suite's data dir. */
function accounts(...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(...cliCommand(['accounts', ...args, '--data-dir', dataDir]), { timeout: 120_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0
      resolve({ code, stdout, stderr })
    })
  })
}

const json = <T>(run: Run): T => {
  if (run.code !== 0) throw new Error(`exit ${run.code}: ${run.stderr}${run.stdout}`)
  return JSON.parse(run.stdout) as T
}

interface Summary {
  id: string
  name: string
  plan: string
  instanceQuota: number | null
  instances: number
  tokenHint: string | null
  isDefault: boolean
}

const running: CliProcess[] = []
afterAll(() => {
  for (const c of running) if (c.child.exitCode === null) c.child.kill('SIGKILL')
})

async function serve(): Promise<CliProcess> {
  const cli = await startCliProcess({ dataDir, token: ownerToken })
  running.push(cli)
  return cli
}

async function stop(cli: CliProcess): Promise<void> {
  cli.child.kill('SIGTERM')
  expect(await cli.exited).toBe(0)
}

const http = async (cli: CliProcess, method: string, path: string, token: string) => {
  const res = await fetch(`${cli.url}${path}`, { method, headers: { 'access-token': token } })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

describe('npm run serve -- accounts (child processes, real HTTP)', () => {
  let acme: { account: Summary; token: string }
  let server: CliProcess
  let acmeInstance: string
  let ownerInstance: string

  it('refuses bad usage with exit 2 and the usage text', async () => {
    const run = await accounts('add')
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('add needs --name')
    expect(run.stderr).toContain('usage: npm run serve -- accounts')
    expect((await accounts('frobnicate')).code).toBe(2)
    expect((await accounts('add', '--name', 'X', '--quota', 'lots')).code).toBe(2)
  })

  it('adds an account without a server and prints its token once; list never shows a token', async () => {
    acme = json(await accounts('add', '--name', 'Acme', '--plan', 'paid', '--quota', '3', '--json'))
    expect(acme.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(acme.account).toMatchObject({ name: 'Acme', plan: 'paid', instanceQuota: 3, instances: 0, isDefault: false, tokenHint: acme.token.slice(-4) })
    const list = await accounts('list')
    expect(list.code).toBe(0)
    expect(list.stdout).toMatch(/^ID\s+NAME\s+PLAN\s+QUOTA\s+INSTANCES\s+TOKEN\s+CREATED/m)
    expect(list.stdout).toMatch(new RegExp(`^${acme.account.id}\\s+Acme\\s+paid\\s+3\\s+0\\s+…${acme.token.slice(-4)}`, 'm'))
    expect(list.stdout).toContain('default (owner)')
    expect(list.stdout).not.toContain(acme.token)
  })

  it('the new token works over HTTP with its own instances; neither account sees the other\'s', async () => {
    server = await serve()
    const a = await http(server, 'POST', '/v2/session/create', acme.token)
    expect(a.status).toBe(201)
    acmeInstance = String(a.body.instance_id)
    const o = await http(server, 'POST', '/v2/session/create', ownerToken)
    expect(o.status).toBe(201)
    ownerInstance = String(o.body.instance_id)
    expect((await http(server, 'GET', `/v2/session/info?instance_id=${acmeInstance}`, acme.token)).status).toBe(200)
    expect((await http(server, 'GET', `/v2/session/info?instance_id=${ownerInstance}`, acme.token)).status).toBe(404)
    expect((await http(server, 'GET', `/v2/session/info?instance_id=${acmeInstance}`, ownerToken)).status).toBe(404)
  })

  it('rotate while the server runs: the old token is 401 at once, the new one works', async () => {
    const rotated = json<{ token: string; account: Summary }>(await accounts('rotate', acme.account.id, '--json'))
    expect(rotated.token).not.toBe(acme.token)
    expect((await http(server, 'GET', `/v2/session/info?instance_id=${acmeInstance}`, acme.token)).status).toBe(401)
    expect((await http(server, 'GET', `/v2/session/info?instance_id=${acmeInstance}`, rotated.token)).status).toBe(200)
    acme = { account: rotated.account, token: rotated.token }
  })

  it('remove is refused while the account has instances; --force (server stopped) deletes them and the token', async () => {
    const refused = await accounts('remove', acme.account.id)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain('still has 1 instance')
    expect(refused.stderr).toContain('--force')
    await stop(server)
    // Rate-limit state is not tied to the instance row: give the instance some, so its removal is seen below.
    const before = openDatabase(join(dataDir, 'switchboard.db'), { dataKey: resolveDataKey(dataDir, { keyring: secretToolKeyring() }).key })
    before.prepare("INSERT INTO rate_daily_counters (instance_id, kind, day, count) VALUES (?, 'send', '2026-11-25', 3)").run(acmeInstance)
    before.close()
    const removed = json<{ deletedInstances: string[] }>(await accounts('remove', acme.account.id, '--force', '--json'))
    expect(removed.deletedInstances).toEqual([acmeInstance])
    // Nothing of the instance is left in any table (the same clean-up as a delete through the running server).
    const after = openDatabase(join(dataDir, 'switchboard.db'), { dataKey: resolveDataKey(dataDir, { keyring: secretToolKeyring() }).key, readonly: true })
    const tables = (after.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[])
      .map((t) => t.name)
      .filter((t) => (after.prepare(`SELECT name FROM pragma_table_info('${t}')`).all() as { name: string }[]).some((c) => c.name === 'instance_id'))
    expect(tables).toContain('rate_daily_counters')
    const leftRows = tables.filter((t) => (after.prepare(`SELECT COUNT(*) AS n FROM ${t} WHERE instance_id = ?`).get(acmeInstance) as { n: number }).n > 0)
    after.close()
    expect(leftRows).toEqual([])
    const left = json<Summary[]>(await accounts('list', '--json'))
    expect(left.map((a) => [a.id, a.instances])).toEqual([['default', 1]])
    const gone = await accounts('remove', acme.account.id, '--json')
    expect(gone.code).toBe(1)
    expect(JSON.parse(gone.stdout)).toMatchObject({ error: { code: 'not_found' } })
  })

  it('after the removal a restarted server refuses the removed token and keeps the owner\'s instance', async () => {
    server = await serve()
    expect((await http(server, 'GET', `/v2/session/info?instance_id=${acmeInstance}`, acme.token)).status).toBe(401)
    expect((await http(server, 'GET', `/v2/session/info?instance_id=${ownerInstance}`, ownerToken)).status).toBe(200)
    await stop(server)
  })
})
