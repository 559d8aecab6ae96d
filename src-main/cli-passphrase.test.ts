// The headless CLI with a passphrase (real child processes, real encrypted SQLite): a data dir started without one
// is wrapped on the first start with SWITCHBOARD_PASSPHRASE and keeps its data; afterwards a start without it, or
// with a wrong one, is refused with one line naming the code and changes no byte; --passphrase-file opens it.
import { spawn, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { cliCommand } from './core/testing/cli-process.js'
import { openDatabase } from './core/db/connection.js'
import { dataKeyFile, wrappedKeyFile } from './core/secrets/data-key.js'

const dataDir = mkdtempSync(join(tmpdir(), 'sb-passcli-'))
const TOKEN = 'passphrase-cli-test-token'
const PASS = 'a long server passphrase'
const baseEnv: NodeJS.ProcessEnv = { ...process.env, SWITCHBOARD_KEYRING: 'off' }
delete baseEnv.SWITCHBOARD_DATA_DIR
delete baseEnv.SWITCHBOARD_PASSPHRASE
const children: ReturnType<typeof spawn>[] = []
afterAll(() => children.forEach((c) => c.exitCode === null && c.kill('SIGKILL')))

/** Starts the CLI; resolves with its URL once listening, or its exit code and output when it stops first. */
async function start(extraArgs: string[], env: NodeJS.ProcessEnv): Promise<{ url?: string; code?: number | null; out: string; child: ReturnType<typeof spawn> }> {
  const child = spawn(...cliCommand(['--port', '0', '--data-dir', dataDir, '--network', 'sandbox', '--access-token', TOKEN, ...extraArgs]), { env, stdio: ['ignore', 'pipe', 'pipe'] })
  children.push(child)
  let out = ''
  child.stdout.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr.on('data', (d: Buffer) => (out += d.toString()))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)))
  const deadline = Date.now() + 90_000
  while (!/listening on (http:\/\/\S+)/.test(out) && child.exitCode === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
  const url = /listening on (http:\/\/\S+)/.exec(out)?.[1]
  if (url) return { url, out, child }
  return { code: await exited, out, child }
}

async function stop(child: ReturnType<typeof spawn>): Promise<void> {
  const exited = new Promise((resolve) => child.on('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

/** Every file of the data dir but the logs, hashed: what a refused start must leave as it was. */
const fingerprint = () =>
  Object.fromEntries(
    readdirSync(dataDir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && !relative(dataDir, e.parentPath).startsWith('logs'))
      .map((e) => [relative(dataDir, join(e.parentPath, e.name)), createHash('sha256').update(readFileSync(join(e.parentPath, e.name))).digest('hex')])
  )

const sessions = (url: string) => fetch(`${url}/v2/sessions`, { headers: { 'access-token': TOKEN } }).then((r) => r.status)

describe('headless start with a passphrase', () => {
  it('wraps the key of an existing data dir, then refuses starts without it or with a wrong one, changing nothing', async () => {
    const plain = await start([], baseEnv)
    expect(plain.url, plain.out).toBeDefined()
    expect(await sessions(plain.url!)).toBe(200)
    await stop(plain.child)
    expect(existsSync(dataKeyFile(dataDir))).toBe(true)

    const wrapping = await start([], { ...baseEnv, SWITCHBOARD_PASSPHRASE: PASS })
    expect(wrapping.url, wrapping.out).toBeDefined()
    expect(await sessions(wrapping.url!)).toBe(200)
    await stop(wrapping.child)
    expect(existsSync(dataKeyFile(dataDir))).toBe(false)
    expect(existsSync(wrappedKeyFile(dataDir))).toBe(true)
    // The folder alone: no key file in clear, and the store does not open without its key.
    expect(() => openDatabase(join(dataDir, 'switchboard.db'), { readonly: true })).toThrow(expect.objectContaining({ code: 'store_key_missing' }))

    const before = fingerprint()
    const missing = await start([], baseEnv)
    expect(missing.code, missing.out).toBe(1)
    expect(missing.out.trim()).toMatch(/^switchboard: failed to start \(data_key_passphrase_required\): The data key of .* is protected by a passphrase .*SWITCHBOARD_PASSPHRASE, --passphrase-file FILE/)
    expect(missing.out.trim().split('\n')).toHaveLength(1)

    const wrong = await start([], { ...baseEnv, SWITCHBOARD_PASSPHRASE: 'not the passphrase' })
    expect(wrong.code, wrong.out).toBe(1)
    expect(wrong.out.trim()).toMatch(/^switchboard: failed to start \(data_key_passphrase_wrong\): The passphrase does not open the data key/)
    expect(wrong.out).not.toMatch(/\n\s+at |listening on/)
    expect(fingerprint()).toEqual(before)

    const passFile = join(mkdtempSync(join(tmpdir(), 'sb-passfile-')), 'pass')
    writeFileSync(passFile, `${PASS}\n`, { mode: 0o600 })
    const fromFile = await start(['--passphrase-file', passFile], baseEnv)
    expect(fromFile.url, fromFile.out).toBeDefined()
    expect(await sessions(fromFile.url!)).toBe(200)
    await stop(fromFile.child)

    // The accounts command opens the same store: with SWITCHBOARD_PASSPHRASE only.
    const accounts = (env: NodeJS.ProcessEnv) => spawnSync(...cliCommand(['accounts', 'list', '--json', '--data-dir', dataDir]), { env, encoding: 'utf8', timeout: 60_000 })
    const listed = accounts({ ...baseEnv, SWITCHBOARD_PASSPHRASE: PASS })
    expect(listed.status, listed.stderr).toBe(0)
    expect(JSON.parse(listed.stdout)).toEqual(expect.arrayContaining([expect.objectContaining({ id: expect.any(String) })]))
    const refused = accounts(baseEnv)
    expect(refused.status).toBe(1)
    expect(JSON.parse(refused.stdout)).toMatchObject({ error: { code: 'data_key_passphrase_required' } })
  }, 300_000)
})
