// The webhooks store against an in-memory bridge: a pushed attempt refreshes only what is on screen (the
// instance's log, the open attempts), replay reports progress and its outcome, saves keep the core's answer.
import { beforeEach, describe, expect, it } from 'vitest'
import type { BridgeEvents } from '../../src-preload/contract/events.js'
import type { DeliveryDto } from '../../src-preload/contract/dto.js'
import { webhooks } from '../test/fixtures.js'
import { FakeError, installMemoryBridge, type MemoryBridge } from '../test/memory-bridge.js'
import { replayKey, useWebhooksStore } from './webhooks-store.js'

const ID = 'ABCDEF123456'
const delivery = (over: Partial<DeliveryDto> = {}): DeliveryDto => ({
  id: 1, eventId: 'evt_1', event: 'message', webhookId: 7, url: 'http://127.0.0.1:5678/hook', state: 'pending', attempts: 1,
  lastStatus: 500, lastError: null, createdAt: 1, deliveredAt: null, deadAt: null, nextAttemptAt: 5_000, ...over
})
const attempt = (over: Partial<BridgeEvents['webhook.attempt']> = {}): BridgeEvents['webhook.attempt'] => ({
  instanceId: ID, deliveryId: 1, eventId: 'evt_1', webhookId: 7, attempt: { id: 0, attempt: 2, outcome: 'delivered', statusCode: 200, error: null, durationMs: 3, at: 2 }, nextAttemptAt: null, ...over
})
const store = () => useWebhooksStore.getState()
const settled = () => new Promise((r) => setTimeout(r, 0))

let b: MemoryBridge
let log: DeliveryDto[]
beforeEach(() => {
  log = [delivery()]
  b = installMemoryBridge({
    'webhooks.get': () => webhooks(),
    'webhooks.deliveries': () => log,
    'webhooks.attempts': () => [],
    'webhooks.replay': ({ eventId }) => {
      if (eventId === 'gone') throw new FakeError('event_not_found', 'No recorded event with that id on this instance')
      log = [delivery({ id: 2, attempts: 0 }), ...log]
      return { replayed: 1 }
    },
    'webhooks.save': (r) => webhooks({ webhooks: [{ id: 7, url: r.url, name: null, events: r.events, isActive: r.isActive ?? true, retries: r.retries ?? { delay: 2, attempts: 15 }, hasSecret: false, disabledReason: null }] })
  })
})

describe('webhooks store: applyAttempt', () => {
  it('does nothing for an instance whose log is not loaded', async () => {
    store().applyAttempt(attempt())
    await settled()
    expect(b.callsTo('webhooks.deliveries')).toEqual([])
  })

  it('reloads the log of a loaded instance, and the attempts of an expanded delivery', async () => {
    await store().load(ID)
    await store().loadAttempts(ID, 1)
    log = [delivery({ state: 'delivered', lastStatus: 200, attempts: 2, nextAttemptAt: null })]
    store().applyAttempt(attempt())
    await settled()
    expect(b.callsTo('webhooks.deliveries')).toHaveLength(2)
    expect(b.callsTo('webhooks.attempts')).toEqual([{ instanceId: ID, deliveryId: 1 }, { instanceId: ID, deliveryId: 1 }])
    expect(store().deliveries[ID]?.[0]).toMatchObject({ state: 'delivered', lastStatus: 200 })
    // Another delivery's attempt does not reload attempts nobody opened.
    store().applyAttempt(attempt({ deliveryId: 9 }))
    await settled()
    expect(b.callsTo('webhooks.attempts')).toHaveLength(2)
  })
})

describe('webhooks store: replay and save', () => {
  it('marks the replay running, then reports how many deliveries were queued and reloads the log', async () => {
    await store().load(ID)
    const running = store().replay(ID, 'evt_1', 7)
    expect(store().replaying).toBe(replayKey('evt_1', 7))
    expect(await running).toBe(true)
    expect(store().replaying).toBeNull()
    expect(store().replayNotice).toBe('Event evt_1 is queued again (1 delivery); its attempts appear in the log.')
    expect(store().deliveries[ID]?.map((d) => d.id)).toEqual([2, 1])
    store().dismissReplayNotice()
    expect(store().replayNotice).toBeNull()
  })

  it('says why a replay failed', async () => {
    expect(await store().replay(ID, 'gone', 7)).toBe(false)
    expect(store().logError?.code).toBe('event_not_found')
    expect(store().replaying).toBeNull()
  })

  it('keeps what the core answers to a save (an edit sends only the fields it changes)', async () => {
    expect(await store().save({ instanceId: ID, url: 'http://127.0.0.1:5678/hook', events: ['message.ack'], isActive: false, retries: { delay: 5, attempts: 3 } })).toBe(true)
    expect(store().data[ID]?.webhooks[0]).toMatchObject({ events: ['message.ack'], isActive: false, retries: { delay: 5, attempts: 3 } })
  })
})
