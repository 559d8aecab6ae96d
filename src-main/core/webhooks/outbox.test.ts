import { afterEach, describe, expect, it } from 'vitest'
import type { Db } from '../db/connection.js'
import { deleteInstanceWebhooks, enqueueEvent, recordEvent } from './outbox.js'
import { deliveryCounts, getEvent, listDeliveries, listEvents, pruneEvents, replayDeadLetters, replayEvent } from './outbox-queries.js'
import { openTestDb } from './testing.js'
import { EVENT_ID_PATTERN } from './ulid.js'
import { deleteWebhook, setWebhook } from './webhook-repo.js'

let db: Db
afterEach(() => db?.close())

const input = (event: string, instanceId = 'I1') => ({
  instanceId,
  session: 'default',
  me: { id: '111@c.us', pushName: 'Me' },
  engine: 'NOWEB',
  event,
  payload: { body: 'hi' }
})

describe('outbox', () => {
  it('records the event and one delivery per matching active webhook', () => {
    db = openTestDb().db
    setWebhook(db, 'I1', { url: 'https://all.example/', events: ['*'] })
    setWebhook(db, 'I1', { url: 'https://msg.example/', events: ['message'] })
    setWebhook(db, 'I1', { url: 'https://off.example/', events: ['*'], is_active: 0 })
    setWebhook(db, 'I2', { url: 'https://other.example/', events: ['*'] })
    const r = enqueueEvent(db, input('message'), { now: 1234 })
    expect(r.deliveries).toBe(2)
    expect(r.envelope).toEqual({
      id: expect.stringMatching(EVENT_ID_PATTERN),
      timestamp: 1234,
      session: 'default',
      // The documented envelope has metadata; always present (empty), so metadata["user.id"] reads undefined.
      metadata: {},
      instance_id: 'I1',
      engine: 'NOWEB',
      event: 'message',
      payload: { body: 'hi' },
      me: { id: '111@c.us', pushName: 'Me' },
      // WAHA's webhook schemas require it; its NOWEB engine sends browser null.
      environment: { version: expect.any(String), engine: 'NOWEB', tier: 'CORE', browser: null }
    })
    expect(getEvent(db, r.envelope.id)).toEqual(r.envelope)
    expect(enqueueEvent(db, input('message.ack')).deliveries).toBe(1)
    // Recorded even without a matching webhook, so the UI can show it was emitted.
    expect(enqueueEvent(db, input('message', 'I3')).deliveries).toBe(0)
    expect(listEvents(db, { instanceId: 'I1' }).map((e) => e.event)).toEqual(['message.ack', 'message'])
    expect(deliveryCounts(db, 'I1')).toEqual({ pending: 3, in_flight: 0, delivered: 0, dead: 0 })
  })

  it('commits or rolls back with the caller transaction', () => {
    db = openTestDb().db
    db.exec('CREATE TABLE messages (id TEXT PRIMARY KEY)')
    setWebhook(db, 'I1', { url: 'https://all.example/', events: ['*'] })
    const store = db.transaction((id: string, fail: boolean) => {
      db.prepare('INSERT INTO messages (id) VALUES (?)').run(id)
      enqueueEvent(db, input('message'))
      if (fail) throw new Error('engine said no')
    })
    store('m1', false)
    expect(() => store('m2', true)).toThrow('engine said no')
    expect(db.prepare('SELECT COUNT(*) FROM messages').pluck().get()).toBe(1)
    expect(db.prepare('SELECT COUNT(*) FROM webhook_events').pluck().get()).toBe(1)
    expect(db.prepare('SELECT COUNT(*) FROM webhook_deliveries').pluck().get()).toBe(1)
  })

  it('calls opts.wake once per enqueue that created deliveries, inside its transaction (not for no match, not for a duplicate)', () => {
    db = openTestDb().db
    setWebhook(db, 'I1', { url: 'https://all.example/', events: ['message'] })
    const woken: boolean[] = []
    const wake = () => void woken.push(db.inTransaction)
    enqueueEvent(db, input('message'), { wake, id: 'evt_01hzzzzzzzzzzzzzzzzzzzzzzz' })
    enqueueEvent(db, input('message'), { wake, id: 'evt_01hzzzzzzzzzzzzzzzzzzzzzzz' })
    enqueueEvent(db, input('message.ack'), { wake })
    enqueueEvent(db, input('message', 'I2'), { wake })
    expect(woken).toEqual([true])
  })

  it('recordEvent (the SQL without a transaction) refuses to run outside one: the event and its deliveries commit together', () => {
    db = openTestDb().db
    setWebhook(db, 'I1', { url: 'https://all.example/', events: ['*'] })
    expect(() => recordEvent(db, input('message'))).toThrow(/inside a transaction/)
    expect(db.prepare('SELECT COUNT(*) FROM webhook_events').pluck().get()).toBe(0)
  })

  it('dedupes on a caller-supplied id', () => {
    db = openTestDb().db
    setWebhook(db, 'I1', { url: 'https://all.example/', events: ['*'] })
    const a = enqueueEvent(db, input('message'), { id: 'evt_01hzzzzzzzzzzzzzzzzzzzzzzz' })
    const b = enqueueEvent(db, input('message'), { id: 'evt_01hzzzzzzzzzzzzzzzzzzzzzzz' })
    expect([a.duplicate, b.duplicate, b.deliveries]).toEqual([false, true, 0])
    expect(b.envelope).toEqual(a.envelope)
  })

  it('replays dead deliveries with the same event id and prunes only finished events', () => {
    db = openTestDb().db
    const w = setWebhook(db, 'I1', { url: 'https://all.example/', events: ['*'] })
    const e1 = enqueueEvent(db, input('message'), { now: 1000 }).envelope.id
    const e2 = enqueueEvent(db, input('message'), { now: 2000 }).envelope.id
    db.prepare("UPDATE webhook_deliveries SET state = 'dead', dead_at = 5000").run()
    expect(replayEvent(db, e1, { now: 9000 })).toBe(1)
    expect(listDeliveries(db, { eventId: e1 })[0]).toMatchObject({ eventId: e1, state: 'pending', attempts: 0, nextAttemptAt: 9000 })
    expect(() => replayEvent(db, 'evt_unknown')).toThrowError(expect.objectContaining({ code: 'event_not_found' }))
    expect(replayDeadLetters(db, w.id, { since: 6000 })).toBe(0)
    expect(replayDeadLetters(db, w.id)).toBe(1)
    db.prepare("UPDATE webhook_deliveries SET state = 'delivered' WHERE event_id = ?").run(e1)
    expect(pruneEvents(db, 10_000)).toBe(1)
    expect(getEvent(db, e1)).toBeNull()
    expect(getEvent(db, e2)).not.toBeNull()
  })

  it('without a created_at index (migration 0590): retention goes instance by instance through the instance index', () => {
    db = openTestDb().db
    setWebhook(db, 'I1', { url: 'https://all.example/', events: ['*'] })
    setWebhook(db, 'I2', { url: 'https://all.example/', events: ['*'] })
    const old1 = enqueueEvent(db, input('message'), { now: 1000 }).envelope.id
    const old2 = enqueueEvent(db, input('message', 'I2'), { now: 1000 }).envelope.id
    const pending = enqueueEvent(db, input('message', 'I2'), { now: 1500 }).envelope.id
    const recent = enqueueEvent(db, input('message'), { now: 20_000 }).envelope.id
    db.prepare("UPDATE webhook_deliveries SET state = 'delivered' WHERE event_id <> ?").run(pending)
    const indexes = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'webhook_events'").pluck().all()
    expect(indexes).not.toContain('webhook_events_created')
    const plan = db
      .prepare("EXPLAIN QUERY PLAN DELETE FROM webhook_events WHERE instance_id = 'I1' AND created_at < 10 AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = webhook_events.id AND d.state <> 'delivered')")
      .all() as { detail: string }[]
    expect(plan[0]!.detail).toContain('webhook_events_instance')
    expect(pruneEvents(db, 10_000)).toBe(2)
    expect([old1, old2, pending, recent].map((id) => getEvent(db, id) !== null)).toEqual([false, false, true, true])
  })

  it('deleteInstanceWebhooks removes configs, events, deliveries', () => {
    db = openTestDb().db
    setWebhook(db, 'I1', { url: 'https://all.example/', events: ['*'] })
    setWebhook(db, 'I2', { url: 'https://all.example/', events: ['*'] })
    enqueueEvent(db, input('message'))
    enqueueEvent(db, input('message', 'I2'))
    deleteInstanceWebhooks(db, 'I1')
    const count = (t: string) => db.prepare(`SELECT COUNT(*) FROM ${t}`).pluck().get()
    expect([count('webhooks'), count('webhook_events'), count('webhook_deliveries')]).toEqual([1, 1, 1])
  })

  it('without a (webhook, state) index (migration 0500): deleting a webhook still takes its deliveries, dead letters replay through their own index', () => {
    db = openTestDb().db
    const a = setWebhook(db, 'I1', { url: 'https://a.example/', events: ['*'] })
    const b = setWebhook(db, 'I1', { url: 'https://b.example/', events: ['*'] })
    for (let i = 0; i < 3; i++) enqueueEvent(db, input('message'))
    db.prepare("UPDATE webhook_deliveries SET state = 'dead', dead_at = 10 WHERE webhook_id = ?").run(b.id)
    const plan = db.prepare("EXPLAIN QUERY PLAN UPDATE webhook_deliveries SET state = 'pending' WHERE webhook_id = 1 AND state = 'dead' AND dead_at >= 0").all() as { detail: string }[]
    expect(plan.map((p) => p.detail).join(' ')).toContain('webhook_deliveries_dead')
    expect(replayDeadLetters(db, b.id)).toBe(3)
    expect(deleteWebhook(db, 'I1', 'https://a.example/')).toBe(true)
    expect(listDeliveries(db, {}).map((d) => d.webhookId)).toEqual([b.id, b.id, b.id])
    expect(a.id).not.toBe(b.id)
  })
})
