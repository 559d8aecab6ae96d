// Group commit of enqueues made outside a transaction: one transaction per turn, ids in commit order, each event
// accepted (its promise resolved) only once committed, a bad event rejecting only itself.
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../db/connection.js'
import { enqueueEvent } from './outbox.js'
import { enqueueEventGrouped } from './outbox-group-commit.js'
import { openTestDb } from './testing.js'
import { setWebhook } from './webhook-repo.js'

const dbs: Db[] = []
afterEach(() => {
  for (const d of dbs.splice(0)) d.close()
})

const input = (i: number, payload: unknown = { i }) => ({ instanceId: 'I1', session: 'default', me: null, engine: 'NOWEB', event: 'message', payload })

function setup() {
  const { db, file } = openTestDb()
  // No checkpoint of SQLite's own mid-test: the WAL's frame count is what the first test reads.
  db.pragma('wal_autocheckpoint = 0')
  // Other connection: sees only what is committed.
  const reader = openDatabase(file, { readonly: true })
  dbs.push(reader, db)
  setWebhook(db, 'I1', { url: 'https://all.example/', events: ['*'] })
  const count = (table: string) => reader.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get() as number
  /** WAL frames written since the last call (the WAL is emptied after each count). */
  const walFrames = () => {
    const frames = (db.pragma('wal_checkpoint(PASSIVE)') as { log: number }[])[0]!.log
    db.pragma('wal_checkpoint(TRUNCATE)')
    return frames
  }
  return { db, count, walFrames }
}

describe('enqueueEventGrouped', () => {
  it("records the events of one turn in one transaction, committed before any promise resolves", async () => {
    const { db, count, walFrames } = setup()
    const N = 100
    // The per-event path, for scale: every enqueue's commit writes the events and deliveries b-trees' pages again.
    walFrames()
    for (let i = 0; i < N; i++) enqueueEvent(db, input(i))
    const framesEach = walFrames()
    let woken = 0
    const accepted = Array.from({ length: N }, (_, i) => enqueueEventGrouped(db, input(i), { wake: () => woken++ }))
    // Not yet committed (nor visible) while the turn's synchronous code runs.
    expect([count('webhook_events'), count('webhook_deliveries')]).toEqual([N, N])
    const seen: number[] = []
    for (const p of accepted) void p.then(() => seen.push(count('webhook_events')))
    const results = await Promise.all(accepted)
    const framesGrouped = walFrames()
    // Every promise resolved with all N rows already visible to another connection: one commit for the group.
    expect(seen).toEqual(Array(N).fill(2 * N))
    expect(count('webhook_deliveries')).toBe(2 * N)
    expect(results.every((r) => r.deliveries === 1 && !r.duplicate)).toBe(true)
    expect(woken).toBe(N)
    // One commit writes each touched page once; N commits write them N times.
    expect(framesEach).toBeGreaterThan(3 * N)
    expect(framesGrouped).toBeLessThan(framesEach / 10)
    // Ids in the order of the enqueues.
    const ids = results.map((r) => r.envelope.id)
    expect([...ids].sort()).toEqual(ids)
  })

  it('generates ids inside the group commit: an event committed earlier in the same turn gets a smaller id', async () => {
    const { db } = setup()
    const grouped = enqueueEventGrouped(db, input(1))
    const direct = enqueueEvent(db, input(2)).envelope.id
    // The live event stream reads `id > cursor`: an id taken at the call and committed later would be skipped.
    expect((await grouped).envelope.id > direct).toBe(true)
  })

  it("joins the caller's transaction when called inside one (rolled back with it)", async () => {
    const { db, count } = setup()
    let pending: Promise<unknown> | undefined
    expect(() =>
      db.transaction(() => {
        pending = enqueueEventGrouped(db, input(1))
        throw new Error('caller failed')
      })()
    ).toThrow('caller failed')
    await pending
    expect(count('webhook_events')).toBe(0)
  })

  it('a bad event rejects only its own promise; the others of its turn are committed', async () => {
    const { db, count } = setup()
    const good1 = enqueueEventGrouped(db, input(1))
    const bad = enqueueEventGrouped(db, input(2, { n: 1n })) // BigInt: the envelope cannot be serialized
    const good2 = enqueueEventGrouped(db, input(3))
    await expect(bad).rejects.toThrow(/BigInt/)
    const [a, b] = await Promise.all([good1, good2])
    expect([a.deliveries, b.deliveries]).toEqual([1, 1])
    expect(count('webhook_events')).toBe(2)
  })

  it('dedupes a caller-supplied id inside the group', async () => {
    const { db } = setup()
    const id = 'evt_01hzzzzzzzzzzzzzzzzzzzzzzz'
    const [a, b] = await Promise.all([enqueueEventGrouped(db, input(1), { id }), enqueueEventGrouped(db, input(2), { id })])
    expect([a.duplicate, b.duplicate, b.deliveries]).toEqual([false, true, 0])
    expect(b.envelope).toEqual(a.envelope)
  })
})
