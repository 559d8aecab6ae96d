// Delivery of engine events under failure: the receiver goes down (events are retried and all arrive after it
// comes back, same ids), and deleting the instance removes its store rows, webhooks and outbox.
import { describe, expect, it } from 'vitest'
import { pairInstance, waitUntil, type TestCore } from '../../testing/core-harness.js'
import { useCore } from '../../testing/suite.js'
import { countMessages, countChats } from '../store/index.js'
import { startVerifyingReceiver, webhookTo, type VerifyingReceiver } from '../../testing/event-fixtures.js'

const SECRET = 'delivery-secret'
const P1 = '15550200001'
const P2 = '15550200002'

describe.sequential('webhook delivery of engine events', () => {
  let t: TestCore
  let rx: VerifyingReceiver
  let id: string

  useCore(async (core, { closeAfter }) => {
    t = core
    rx = closeAfter(await startVerifyingReceiver(SECRET))
    id = await pairInstance(t, P1)
    await t.core.sandbox!.createPhone({ phoneNumber: P2, name: 'Dana' })
    await webhookTo(t, id, rx, ['message'], { delay: 0.1, attempts: 30 })
  }, { plan: 'paid' })

  it('receiver down: events are retried and all delivered after it recovers', async () => {
    await rx.receiver.down()
    const texts = ['one', 'two', 'three', 'four', 'five']
    for (const text of texts) await t.core.sandbox!.sendText(P2, P1, `down ${text}`)
    // Retried while down: every delivery has failed at least twice (connection refused).
    await waitUntil(() => {
      const rows = t.core.webhooks.deliveries({ instanceId: id })
      return rows.length === texts.length && rows.every((d) => d.totalAttempts >= 2 && d.state === 'pending') && rows
    }, 15_000, 'failed attempts while the receiver is down')
    const attempts = t.core.webhooks.attempts({ webhookId: t.core.webhooks.list(id)[0]!.id, limit: 1000 })
    expect(attempts.every((a) => a.outcome === 'retry' && a.statusCode === null && a.error)).toBe(true)

    await rx.receiver.up()
    for (const text of texts) await rx.waitFor('message', (p) => p.body === `down ${text}`, 15_000)
    await waitUntil(() => t.core.webhooks.deliveries({ instanceId: id }).every((d) => d.state === 'delivered'), 5000, 'all delivered')
    // Same event id on every attempt: one distinct id per message, nothing else.
    const ids = new Set(rx.envelopes().map((e) => e.id))
    expect(ids.size).toBe(texts.length)
  })

  it('deleting the instance removes its store rows, webhooks and outbox', async () => {
    expect(countMessages(t.core.db, id)).toBeGreaterThanOrEqual(5)
    const del = await t.call('DELETE', '/v2/session/delete', { instance_id: id })
    expect(del.statusCode).toBe(200)
    expect(countMessages(t.core.db, id)).toBe(0)
    expect(countChats(t.core.db, id)).toBe(0)
    expect(t.core.webhooks.list(id)).toEqual([])
    expect(t.core.webhooks.events({ instanceId: id })).toEqual([])
    expect(t.core.db.prepare('SELECT COUNT(*) FROM store_contacts WHERE instance_id = ?').pluck().get(id)).toBe(0)
  })
})
