// Session keys at rest (issue 13 item 1): after a real pairing on the sandbox network the database file holds no
// private key in clear and the instance resumes after a restart; rows an older version wrote in clear are sealed
// on start; a wrong key stops the start; the data dir is owner-only, also an install made before the rule.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { initAuthCreds, BufferJSON } from '@whiskeysockets/baileys'
import { afterAll, describe, expect, it } from 'vitest'
import { createCoreLogger } from '../logging/logger.js'
import { openDatabase } from '../db/connection.js'
import { storeFileState } from '../db/store-cipher.js'
import { migrate } from '../db/migrate.js'
import { appMigrations } from '../db/migrations/index.js'
import { upsertAccount } from '../db/repositories/accounts-repo.js'
import { readCreds, readKeys, writeAuthState } from '../db/repositories/auth-state-repo.js'
import { insertInstance } from '../db/repositories/instances-repo.js'
import { loadStoredCreds } from '../engine/baileys/sqlite-auth-state.js'
import { startCore } from '../start-core.js'
import { startTestCore, type TestCore } from '../testing/core-harness.js'
import { dataKeyFile } from './data-key.js'

// Never the developer's own keyring: these data dirs are thrown away.
process.env.SWITCHBOARD_KEYRING = 'off'

const modeOf = (path: string) => statSync(path).mode & 0o777
/** The database file and its WAL as one haystack of raw bytes. */
const rawBytes = (dataDir: string) => {
  const file = join(dataDir, 'switchboard.db')
  return Buffer.concat([readFileSync(file), ...(existsSync(`${file}-wal`) ? [readFileSync(`${file}-wal`)] : [])])
}
const sealedCount = (t: TestCore) =>
  t.core.db.prepare("SELECT (SELECT count(*) FROM engine_auth_creds WHERE creds LIKE 'enc1:%') + (SELECT count(*) FROM engine_auth_keys WHERE value LIKE 'enc1:%')").pluck().get() as number
const plainCount = (t: TestCore) =>
  t.core.db.prepare("SELECT (SELECT count(*) FROM engine_auth_creds WHERE creds NOT LIKE 'enc1:%') + (SELECT count(*) FROM engine_auth_keys WHERE value NOT LIKE 'enc1:%')").pluck().get() as number

/** Every spelling of a private key a file could hold: raw bytes, BufferJSON's base64, hex. */
const spellings = (key: Uint8Array) => [Buffer.from(key), Buffer.from(Buffer.from(key).toString('base64')), Buffer.from(Buffer.from(key).toString('hex'))]

describe('session keys at rest', () => {
  const open: TestCore[] = []
  afterAll(async () => {
    for (const t of open.splice(0)) await t.close().catch(() => undefined)
  })

  it('a paired instance leaves no private key in clear in switchboard.db or its WAL, and resumes WORKING after a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sb-atrest-'))
    let t = await startTestCore('sandbox', { dataDir })
    open.push(t)
    const id = await t.createInstance()
    await t.waitForStatus(id, 'SCAN_QR_CODE')
    await t.core.sandbox!.createPhone({ phoneNumber: '15557780001', name: 'Kay' })
    await t.core.sandbox!.scanQr('15557780001', t.core.instances.qr(id)!.qr)
    await t.waitForStatus(id, 'WORKING')
    const creds = loadStoredCreds(t.core.db, id)!
    expect(creds.me?.id).toMatch(/^15557780001/)
    expect(plainCount(t)).toBe(0)
    expect(sealedCount(t)).toBeGreaterThan(10)
    const secrets = [creds.noiseKey.private, creds.signedIdentityKey.private, creds.signedPreKey.keyPair.private, creds.advSecretKey].map((k) =>
      typeof k === 'string' ? Buffer.from(k, 'base64') : k
    )
    // While running (pages partly in the WAL) and after a clean close (checkpointed into the file).
    for (const bytes of [rawBytes(dataDir), await t.close().then(() => rawBytes(dataDir))]) {
      for (const secret of secrets) for (const spelling of spellings(secret)) expect(bytes.includes(spelling)).toBe(false)
      expect(bytes.includes(Buffer.from('"noiseKey"'))).toBe(false)
    }
    expect(modeOf(dataKeyFile(dataDir))).toBe(0o600)
    expect(modeOf(join(dataDir, 'keys'))).toBe(0o700)

    t = await startTestCore('sandbox', { dataDir, accessToken: t.token })
    open.push(t)
    await t.waitForStatus(id, 'WORKING', 30_000)
    expect(t.logLines.some((l) => l.includes('data key of the store at rest') && l.includes('"source":"file"'))).toBe(true)
    const sent = await t.call('POST', '/v2/send/text', { instance_id: id }, { chatId: '15557780001', message: 'still me' })
    expect(sent.statusCode, sent.body).toBeLessThan(300)
  }, 120_000)

  it('seals rows an older version wrote in clear, on start and in one step, leaving no plaintext in the file; a wrong key stops the start', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sb-atrest-old-'))
    // An older version: no data key, the creds as plain BufferJSON text.
    const old = openDatabase(join(dataDir, 'switchboard.db'))
    migrate(old, appMigrations)
    upsertAccount(old, { id: 'default', name: 'Default account', plan: 'free', token: 'old-token', isDefault: true, now: 1 })
    insertInstance(old, { id: 'OLDINSTANCE1', accountId: 'default', sessionName: 's', status: 'STOPPED', desiredRunning: false, ratePolicy: 'strict', now: 1 })
    const creds = initAuthCreds()
    const credsText = JSON.stringify(creds, BufferJSON.replacer)
    const sessionText = JSON.stringify({ secret: Buffer.from('signal-session-secret-bytes') }, BufferJSON.replacer)
    writeAuthState(old, 'OLDINSTANCE1', [{ type: 'session', id: '1555.0', value: sessionText }], credsText, 1)
    old.close()
    const privateB64 = Buffer.from(creds.noiseKey.private).toString('base64')
    expect(rawBytes(dataDir).includes(Buffer.from(privateB64))).toBe(true)

    const t = await startTestCore('offline', { dataDir, accessToken: 'old-token' })
    open.push(t)
    expect(plainCount(t)).toBe(0)
    expect(sealedCount(t)).toBe(2)
    expect(readCreds(t.core.db, 'OLDINSTANCE1')).toBe(credsText)
    expect(readKeys(t.core.db, 'OLDINSTANCE1', 'session', ['1555.0']).get('1555.0')).toBe(sessionText)
    expect(t.logLines.some((l) => l.includes('now encrypted') && l.includes('"rows":2'))).toBe(true)
    const bytes = rawBytes(dataDir)
    expect(bytes.includes(Buffer.from(privateB64))).toBe(false)
    expect(bytes.includes(Buffer.from(Buffer.from('signal-session-secret-bytes').toString('base64')))).toBe(false)
    await t.close()

    writeFileSync(dataKeyFile(dataDir), `${Buffer.alloc(32, 7).toString('base64')}\n`)
    // The whole file is encrypted now (issue 21 item 4): another key cannot even read its pages.
    expect(storeFileState(join(dataDir, 'switchboard.db'))).toBe('encrypted')
    await expect(startTestCore('offline', { dataDir, accessToken: 'old-token' })).rejects.toMatchObject({ code: 'store_key_mismatch' })
  }, 60_000)

  it('makes the data dir 0700 and its files 0600, and tightens an install made before the rule', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'sb-modes-')), 'data')
    const quiet = createCoreLogger({ level: 'silent', destination: new Writable({ write: (_c, _e, done) => done() }) })
    const start = (logger?: typeof quiet) => startCore({ dataDir, port: 0, network: 'whatsapp', accessToken: 'tok', ...(logger ? { logger } : {}) })
    let core = await start()
    const files = ['switchboard.db', 'switchboard.db-wal', 'switchboard.db-shm', 'secrets.json', 'logs/switchboard.log', 'keys/data.key']
    const dirs = ['.', 'logs', 'keys']
    const check = () => {
      for (const d of dirs) expect([d, modeOf(join(dataDir, d)).toString(8)]).toEqual([d, '700'])
      for (const f of files) expect([f, modeOf(join(dataDir, f)).toString(8)]).toEqual([f, '600'])
    }
    check()
    await core.close()

    // An older install: everything readable by others, media included.
    mkdirSync(join(dataDir, 'media', 'INSTANCE0001'), { recursive: true })
    writeFileSync(join(dataDir, 'media', 'INSTANCE0001', 'a.jpg'), 'jpeg')
    writeFileSync(join(dataDir, 'switchboard.db-wal'), '')
    writeFileSync(join(dataDir, 'switchboard.db-shm'), '')
    for (const d of [...dirs, 'media', 'media/INSTANCE0001']) chmodSync(join(dataDir, d), 0o755)
    for (const f of [...files, 'media/INSTANCE0001/a.jpg']) chmodSync(join(dataDir, f), 0o644)
    core = await start(quiet)
    try {
      check()
      for (const d of ['media', 'media/INSTANCE0001']) expect(modeOf(join(dataDir, d))).toBe(0o700)
      expect(modeOf(join(dataDir, 'media', 'INSTANCE0001', 'a.jpg'))).toBe(0o600)
      const sandboxDir = mkdtempSync(join(tmpdir(), 'sb-modes-sandbox-'))
      const sandbox = await startTestCore('sandbox', { dataDir: sandboxDir })
      open.push(sandbox)
      expect(modeOf(join(sandboxDir, 'sandbox'))).toBe(0o700)
      expect(modeOf(join(sandboxDir, 'sandbox', 'sandbox.db'))).toBe(0o600)
    } finally {
      await core.close()
    }
  }, 60_000)
})
