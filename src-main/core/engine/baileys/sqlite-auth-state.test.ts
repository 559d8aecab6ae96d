import { initAuthCreds, proto } from '@whiskeysockets/baileys'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../db/connection.js'
import { migrate } from '../../db/migrate.js'
import { appMigrations } from '../../db/migrations/index.js'
import { upsertAccount } from '../../db/repositories/accounts-repo.js'
import { countKeys, readCreds } from '../../db/repositories/auth-state-repo.js'
import { insertInstance } from '../../db/repositories/instances-repo.js'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { mainHold, mainTurns, newWriteTurns, threadTurns } from '../../messaging/ingest/write-turns.js'
import { AuthStateRevokedError, isPaired, loadStoredCreds, PRE_KEYS_PER_TURN, useSqliteAuthState } from './sqlite-auth-state.js'

describe('SQLite auth state', () => {
  let db: Db
  let file: string
  beforeEach(() => {
    file = join(mkdtempSync(join(tmpdir(), 'sb-auth-')), 'db.sqlite')
    db = openDatabase(file)
    migrate(db, appMigrations)
    upsertAccount(db, { id: 'a', name: 'A', plan: 'free', token: 't', now: 1 })
    insertInstance(db, { id: 'INSTANCE0001', accountId: 'a', sessionName: 's', status: 'STOPPED', desiredRunning: false, ratePolicy: 'strict', now: 1 })
  })

  it('round-trips creds and keys with Buffers through a new connection', async () => {
    const auth = useSqliteAuthState(db, 'INSTANCE0001')
    auth.state.creds.me = { id: '15550001111:3@s.whatsapp.net', name: 'Ann' }
    auth.saveCreds()
    const session = new Uint8Array([1, 2, 3, 250])
    await auth.state.keys.set({
      session: { '15550001111.0': session },
      'pre-key': { '7': { public: Buffer.from('pub'), private: Buffer.from('priv') } },
      'app-state-sync-key': { AAAA: proto.Message.AppStateSyncKeyData.fromObject({ keyData: Buffer.from('k'), timestamp: 5 }) }
    })
    db.close()
    const db2 = openDatabase(file)
    const again = useSqliteAuthState(db2, 'INSTANCE0001')
    expect(again.state.creds.me).toEqual({ id: '15550001111:3@s.whatsapp.net', name: 'Ann' })
    expect(Buffer.from(again.state.creds.noiseKey.private)).toEqual(Buffer.from(auth.state.creds.noiseKey.private))
    const s = await again.state.keys.get('session', ['15550001111.0', 'missing'])
    expect(Buffer.from(s['15550001111.0']!)).toEqual(Buffer.from(session))
    expect(s.missing).toBeUndefined()
    const pk = await again.state.keys.get('pre-key', ['7'])
    expect(Buffer.from(pk['7']!.private).toString()).toBe('priv')
    const app = await again.state.keys.get('app-state-sync-key', ['AAAA'])
    expect(app.AAAA).toBeInstanceOf(proto.Message.AppStateSyncKeyData)
    // null deletes
    await again.state.keys.set({ session: { '15550001111.0': null } })
    expect(await again.state.keys.get('session', ['15550001111.0'])).toEqual({})
    db2.close()
  })

  it('writes each key batch together with the creds snapshot, atomically; errors propagate', async () => {
    const auth = useSqliteAuthState(db, 'INSTANCE0001')
    await auth.state.keys.set({ session: { x: new Uint8Array([1]) } })
    expect(readCreds(db, 'INSTANCE0001')).toBeDefined()
    expect(isPaired(loadStoredCreds(db, 'INSTANCE0001'))).toBe(false)
    // A batch that fails half-way (an instance that does not exist -> foreign key) leaves nothing behind.
    const orphan = useSqliteAuthState(db, 'NOSUCHINSTAN')
    await expect(orphan.state.keys.set({ session: { a: new Uint8Array([1]), b: new Uint8Array([2]) } })).rejects.toThrow(/FOREIGN KEY/)
    expect(countKeys(db, 'NOSUCHINSTAN')).toBe(0)
  })

  it('writes a big batch of pre-keys only in runs of PRE_KEYS_PER_TURN, a turn of the loop between runs; mixed batches at once', async () => {
    const auth = useSqliteAuthState(db, 'INSTANCE0001')
    const preKeys = Object.fromEntries(Array.from({ length: 812 }, (_, i) => [String(i + 1), { public: Buffer.alloc(32, i % 256), private: Buffer.alloc(32, 7) }]))
    const seen: number[] = []
    let turns = 0
    const tick = () => {
      seen.push(countKeys(db, 'INSTANCE0001'))
      if (++turns < 100) setImmediate(tick)
    }
    setImmediate(tick)
    await auth.state.keys.set({ 'pre-key': preKeys })
    expect(countKeys(db, 'INSTANCE0001')).toBe(812)
    // The loop ran between runs: it saw the count grow one run at a time.
    const between = [...new Set(seen.filter((n) => n > 0 && n < 812))]
    expect(between.length).toBeGreaterThanOrEqual(Math.ceil(812 / PRE_KEYS_PER_TURN) - 2)
    expect(between.every((n) => n % PRE_KEYS_PER_TURN === 0)).toBe(true)
    const back = await auth.state.keys.get('pre-key', ['1', '812'])
    expect(Buffer.from(back['812']!.public)).toEqual(Buffer.alloc(32, 811 % 256))
    // With another kind in the batch it is one transaction (nothing seen half-written).
    seen.length = 0
    turns = 0
    setImmediate(tick)
    await auth.state.keys.set({ 'pre-key': Object.fromEntries(Object.entries(preKeys).map(([id, v]) => [String(Number(id) + 1000), v])), session: { 'x.0': new Uint8Array([1]) } })
    expect(countKeys(db, 'INSTANCE0001')).toBe(812 * 2 + 1)
    expect(seen.filter((n) => n > 812 && n < 812 * 2 + 1)).toEqual([])
  })

  it('refuses writes after revoke (a retired socket cannot resurrect a wiped pairing)', async () => {
    const auth = useSqliteAuthState(db, 'INSTANCE0001')
    auth.revoke()
    await expect(auth.state.keys.set({ session: { x: new Uint8Array([1]) } })).rejects.toBeInstanceOf(AuthStateRevokedError)
    expect(() => auth.saveCreds()).toThrow(AuthStateRevokedError)
    expect(readCreds(db, 'INSTANCE0001')).toBeUndefined()
  })

  it('with another writer inside a transaction, key writes wait without blocking the loop, in order, and reads see them', async () => {
    // The history ingest thread's side, on a connection of its own: its flag up and a real write transaction open.
    const buffer = newWriteTurns()
    const other = openDatabase(file)
    const thread = threadTurns(buffer)
    thread.begin(() => false)
    other.prepare('BEGIN IMMEDIATE').run()
    const shared = openDatabase(file, { sharedWriter: { onTopLevel: mainTurns(buffer), hold: mainHold(buffer) } })
    const auth = useSqliteAuthState(shared, 'INSTANCE0001')
    let settled = 0
    const first = Promise.resolve(auth.state.keys.set({ session: { s1: new Uint8Array([1]) }, 'sender-key': { g1: new Uint8Array([9]) } })).then(() => void settled++)
    const second = auth.commit({ session: { s1: new Uint8Array([2]) }, 'sender-key': { g1: null } }).then(() => void settled++)
    for (let i = 0; i < 3; i++) await nextTurn() // the loop turns meanwhile: nothing waits on the lock
    expect(settled).toBe(0)
    expect(countKeys(shared, 'INSTANCE0001')).toBe(0)
    // Queued writes are what a read answers, the later one winning.
    expect(Buffer.from((await auth.state.keys.get('session', ['s1'])).s1!)).toEqual(Buffer.from([2]))
    expect(await auth.state.keys.get('sender-key', ['g1'])).toEqual({})
    // The thread commits: both writes go in, in order, and resolve.
    other.prepare('COMMIT').run()
    thread.end()
    await Promise.all([first, second])
    expect(settled).toBe(2)
    expect(countKeys(shared, 'INSTANCE0001')).toBe(1)
    const again = useSqliteAuthState(openDatabase(file), 'INSTANCE0001')
    expect(Buffer.from((await again.state.keys.get('session', ['s1'])).s1!)).toEqual(Buffer.from([2]))
    // The thread is out now: a write commits at once, and the thread is let in again after it.
    await auth.commit({ session: { s2: new Uint8Array([3]) } })
    expect(thread.mainWaiting()).toBe(false)
    // A write queued behind the thread when the instance is revoked fails, and writes nothing.
    thread.begin(() => false)
    const refused = Promise.resolve(auth.state.keys.set({ session: { s3: new Uint8Array([4]) } }))
    auth.revoke()
    thread.end()
    await expect(refused).rejects.toBeInstanceOf(AuthStateRevokedError)
    expect(countKeys(shared, 'INSTANCE0001')).toBe(2)
    other.close()
    shared.close()
  })

  it('counts as paired only after pair-success (me + account)', () => {
    const creds = initAuthCreds()
    expect(isPaired(creds)).toBe(false)
    creds.me = { id: '1@s.whatsapp.net', name: '~' }
    expect(isPaired(creds)).toBe(false)
    creds.account = { details: Buffer.from('d') }
    expect(isPaired(creds)).toBe(true)
  })
})
