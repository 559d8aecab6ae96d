// The history takeover's records in SQLite: a recorded chunk comes back once per session (first socket), with its
// downloaded bytes once kept, counted as an attempt each time; after MAX_HISTORY_CHUNK_ATTEMPTS it is dropped and
// logged; a wiped pairing takes its chunks with it (never announced into the next pairing); a chunk's bytes wait for
// the history ingest thread's commit without blocking the event loop.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../db/connection.js'
import { migrate } from '../../db/migrate.js'
import { appMigrations } from '../../db/migrations/index.js'
import { mainHold, mainTurns, newWriteTurns, threadTurns } from '../../messaging/ingest/write-turns.js'
import { upsertAccount } from '../../db/repositories/accounts-repo.js'
import { clearAuthState } from '../../db/repositories/auth-state-repo.js'
import { deleteHistoryChunks, pendingHistoryChunks } from '../../db/repositories/history-chunks-repo.js'
import { insertInstance } from '../../db/repositories/instances-repo.js'
import { openStoreDb } from '../../testing/store-db.js'
import { historyChunkRecords, MAX_HISTORY_CHUNK_ATTEMPTS } from './history-chunk-records.js'

function setup() {
  const db = openStoreDb()
  upsertAccount(db, { id: 'a', name: 'A', plan: 'free', token: 't', now: 1 })
  insertInstance(db, { id: 'INSTANCE0001', accountId: 'a', sessionName: 's', status: 'STOPPED', desiredRunning: false, ratePolicy: 'strict', now: 1 })
  const logged: string[] = []
  const logger = { warn: (_: unknown, m: string) => void logged.push(m), error: (_: unknown, m: string) => void logged.push(m) }
  return { db, logged, records: () => historyChunkRecords(db, 'INSTANCE0001', logger, () => 5) }
}

describe('history chunk records', () => {
  it('keep a chunk until deleted, hand leftovers out once per session, and drop one that never commits', async () => {
    const { db, logged, records } = setup()
    const first = records()
    first.record({ id: 'C1', notification: Buffer.from([1, 2, 3]), isLatest: true })
    first.record({ id: 'C2', notification: Buffer.from([4]), isLatest: false })
    await first.keepBytes('C1', Buffer.from([9, 9]))
    await first.keepBytes('GONE', Buffer.from([1])) // no row: nothing
    deleteHistoryChunks(db, 'INSTANCE0001', ['C2'])
    for (let start = 0; start < MAX_HISTORY_CHUNK_ATTEMPTS; start++) {
      const session = records()
      expect(session.leftovers()).toEqual([{ id: 'C1', notification: Buffer.from([1, 2, 3]), chunk: Buffer.from([9, 9]), isLatest: true }])
      expect(session.leftovers()).toEqual([]) // a later socket of the same session
    }
    expect(pendingHistoryChunks(db, 'INSTANCE0001').map((c) => c.attempts)).toEqual([MAX_HISTORY_CHUNK_ATTEMPTS])
    expect(records().leftovers()).toEqual([])
    expect(pendingHistoryChunks(db, 'INSTANCE0001')).toEqual([])
    expect(logged).toEqual(['history sync chunk dropped: never committed'])
  })

  it('go with the pairing when it is wiped', () => {
    const { db, records } = setup()
    records().record({ id: 'C1', notification: Buffer.from([1]), isLatest: true })
    clearAuthState(db, 'INSTANCE0001')
    expect(pendingHistoryChunks(db, 'INSTANCE0001')).toEqual([])
  })

  it("keep a chunk's bytes once the history thread commits, the loop turning meanwhile", async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'sb-chunks-')), 'db.sqlite')
    const buffer = newWriteTurns()
    const db = openDatabase(file, { sharedWriter: { onTopLevel: mainTurns(buffer), hold: mainHold(buffer) } })
    migrate(db, appMigrations)
    upsertAccount(db, { id: 'a', name: 'A', plan: 'free', token: 't', now: 1 })
    insertInstance(db, { id: 'INSTANCE0001', accountId: 'a', sessionName: 's', status: 'STOPPED', desiredRunning: false, ratePolicy: 'strict', now: 1 })
    const records = historyChunkRecords(db, 'INSTANCE0001', { warn: () => undefined, error: () => undefined }, () => 5)
    records.record({ id: 'C1', notification: Buffer.from([1]), isLatest: true })
    // The thread's side: its flag up and a write transaction open on its own connection.
    const other = openDatabase(file)
    const thread = threadTurns(buffer)
    thread.begin(() => false)
    other.prepare('BEGIN IMMEDIATE').run()
    let kept = false
    const keeping = records.keepBytes('C1', Buffer.from([7, 7])).then(() => (kept = true))
    for (let i = 0; i < 3; i++) await nextTurn()
    expect(kept).toBe(false)
    expect(pendingHistoryChunks(db, 'INSTANCE0001')[0]!.chunk).toBeUndefined()
    other.prepare('COMMIT').run()
    thread.end()
    await keeping
    expect(pendingHistoryChunks(db, 'INSTANCE0001')[0]!.chunk).toEqual(Buffer.from([7, 7]))
    expect(thread.mainWaiting()).toBe(false) // released
    other.close()
    db.close()
  })
})
