// Backup and restore (issue 21 item 7), through the CLI as a shop moving to a new PC would use it: a paired instance
// on the sandbox network, a webhook and a chat history; the backup is taken while the core runs and messages arrive;
// restored into a new data dir, the core there resumes WORKING without a scan, with every message and the webhook,
// and sends again. (Wrong passphrases and damaged files: core/backup/backup-archive.test.ts.)
import type { ChildProcess } from 'node:child_process'
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { cliCommand, cliApi as api, startCliProcess, type CliProcess } from './core/testing/cli-process.js'
import { waitUntil } from './core/sandbox/testing/wait.js'

const token = 'backup-restore-token-0123'
const root = mkdtempSync(join(tmpdir(), 'sb-backup-'))
const oldDir = join(root, 'old-pc')
const newDir = join(root, 'new-pc')
const backupFile = join(root, 'shop.sbbackup')
const PASSPHRASE = 'correct horse battery staple'
const ME = '15550410001'
const PEER = '15550410002'

const children: ChildProcess[] = []
const startCli = (dataDir: string): Promise<CliProcess> =>
  startCliProcess({ dataDir, token, args: ['--plan', 'paid'], detached: true, onSpawn: (c) => children.push(c) })
const until = <T>(fn: () => Promise<T | undefined | false>, ms: number, what: string): Promise<T> => waitUntil(fn, ms, what, 200)

/** Runs `npm run serve -- <args>` (the run's CLI bundle, cli-process.ts), with the passphrase in the env. */
function runCli(args: string[], passphrase = PASSPHRASE): Promise<{ code: number | null; out: string }> {
  const child = spawn(...cliCommand(args), {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, SWITCHBOARD_BACKUP_PASSPHRASE: passphrase, SWITCHBOARD_KEYRING: 'off' }
  })
  let out = ''
  child.stdout.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr.on('data', (d: Buffer) => (out += d.toString()))
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, out })))
}

interface StoredMessage { id: string; body: string; fromMe: boolean }
const messagesOf = async (cli: CliProcess, id: string) =>
  (await api(cli, 'GET', `/v2/chats/messages?instance_id=${id}&chatId=${PEER}@c.us&limit=500`)).body as unknown as StoredMessage[]

afterAll(() => {
  for (const c of children) if (c.pid && c.exitCode === null && c.signalCode === null) process.kill(-c.pid, 'SIGKILL')
})

describe('backup while running, restore on a new PC', () => {
  it('brings every message, the webhook and the pairing back; the instance resumes WORKING without a scan', async () => {
    let cli = await startCli(oldDir)
    const id = String((await api(cli, 'POST', '/v2/session/create')).body.instance_id)
    await until(async () => (await api(cli, 'GET', `/v2/session/info?instance_id=${id}`)).body.status === 'SCAN_QR_CODE', 30_000, 'QR')
    const qr = (await api(cli, 'GET', `/v2/auth/qr?instance_id=${id}`)).body.value
    expect((await api(cli, 'POST', '/sandbox/phones', { phone_number: ME, name: 'Shop' })).status).toBe(201)
    expect((await api(cli, 'POST', '/sandbox/phones', { phone_number: PEER, name: 'Customer' })).status).toBe(201)
    expect((await api(cli, 'POST', `/sandbox/phones/${ME}/scan`, { qr })).status).toBe(200)
    await until(async () => (await api(cli, 'GET', `/v2/session/info?instance_id=${id}`)).body.status === 'WORKING', 30_000, 'WORKING')
    // Unlimited: the send after the restore goes out at once instead of after the new connection's 60 s protection.
    expect((await api(cli, 'PATCH', `/v2/session/rate-limit?instance_id=${id}`, { policy_slug: 'unlimited' })).status).toBe(200)
    expect((await api(cli, 'POST', `/v2/webhook/set?instance_id=${id}`, { url: 'https://example.com/crm', events: ['message'], name: 'CRM' })).status).toBe(200)

    // A history to keep: 6 messages from the customer.
    for (let i = 0; i < 6; i++) expect((await api(cli, 'POST', `/sandbox/phones/${PEER}/messages`, { to: ME, text: `before ${i}` })).status).toBe(201)
    await until(async () => (await messagesOf(cli, id)).length >= 6 && true, 30_000, 'the history stored')

    // The backup is taken while the customer keeps writing (the core writes as the snapshot is read).
    let writing = true
    const load = (async () => {
      for (let i = 0; writing && i < 200; i++) await api(cli, 'POST', `/sandbox/phones/${PEER}/messages`, { to: ME, text: `during ${i}` })
    })()
    const backup = await runCli(['backup', '--out', backupFile, '--data-dir', oldDir])
    writing = false
    await load
    expect(backup.code, backup.out).toBe(0)
    expect(backup.out).toMatch(/Backup written to .*: 1 instance\(s\), \d+ message\(s\)/)
    const backedUp = Number(/(\d+) message\(s\)/.exec(backup.out)![1])
    expect(backedUp).toBeGreaterThanOrEqual(6)
    // Encrypted: no message text nor the token is readable in the file; owner-only.
    const bytes = readFileSync(backupFile)
    expect(bytes.includes(Buffer.from('before 0'))).toBe(false)
    expect(bytes.includes(Buffer.from(token))).toBe(false)
    if (process.platform !== 'win32') expect(statSync(backupFile).mode & 0o777).toBe(0o600)

    // The old PC stops; the shop restores on the new one.
    process.kill(cli.child.pid!, 'SIGTERM')
    await cli.exited

    const restored = await runCli(['restore', '--in', backupFile, '--data-dir', newDir])
    expect(restored.code, restored.out).toBe(0)
    expect(restored.out).toContain('Do not run the same instances on the old PC')
    cli = await startCli(newDir)
    // No scan: the pairing came back with the data key and the Signal keys.
    await until(async () => (await api(cli, 'GET', `/v2/session/info?instance_id=${id}`)).body.status === 'WORKING', 45_000, 'WORKING on the new PC')
    const info = (await api(cli, 'GET', `/v2/session/info?instance_id=${id}`)).body as { me: { id: string }; config: { webhooks: { url: string }[] } }
    expect(info.me.id).toContain(ME)
    expect(info.config.webhooks.map((w) => w.url)).toEqual(['https://example.com/crm'])
    const kept = await messagesOf(cli, id)
    expect(kept.length).toBe(backedUp)
    for (let i = 0; i < 6; i++) expect(kept.some((m) => m.body === `before ${i}`)).toBe(true)

    // And it works: a send from the new PC reaches the customer's phone.
    const sent = await api(cli, 'POST', `/v2/send/text?instance_id=${id}`, { chatId: `${PEER}@c.us`, message: 'hello from the new PC' })
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    await until(async () => {
      const inbox = (await api(cli, 'GET', `/sandbox/phones/${PEER}/messages`)).body as unknown as { text: string | null; fromMe: boolean }[]
      return inbox.some((m) => !m.fromMe && m.text === 'hello from the new PC')
    }, 90_000, 'the send from the new PC at the phone')
  }, 240_000)

  it('refuses to restore over a folder that holds data', async () => {
    const occupied = mkdtempSync(join(tmpdir(), 'sb-occupied-'))
    writeFileSync(join(occupied, 'notes.txt'), 'mine')
    const r = await runCli(['restore', '--in', backupFile, '--data-dir', occupied])
    expect(r.code).toBe(1)
    expect(r.out).toContain('restore_target_not_empty')
    expect(readdirSync(occupied)).toEqual(['notes.txt'])
  })
})
