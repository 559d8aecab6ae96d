// session.status events commit with the status row: the instance manager's status write and the outbox row are
// one transaction (the row is there when the bus announces the change), and a failing outbox write rolls the
// status change back with it (neither lands).
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { upsertAccount } from '../../db/repositories/accounts-repo.js'
import { getInstance, insertInstance } from '../../db/repositories/instances-repo.js'
import { createEventBus } from '../../domain/event-bus.js'
import type { CoreEventMap, SessionStatusEvent } from '../../domain/events.js'
import { DEFAULT_PLANS } from '../../domain/plans.js'
import type { EngineAdapter, EngineSession } from '../../engine/engine-adapter.js'
import { InstanceManager } from '../../engine/instance-manager.js'
import { getEvent, listEvents, setWebhook } from '../../webhooks/index.js'
import { sessionStatusOutbox } from './session-status.js'
import { openStoreDb } from '../../testing/store-db.js'

const ID = 'STATUS000001'

const idleEngine: EngineAdapter = {
  name: 'NOWEB',
  createSession: (instanceId): EngineSession => ({
    instanceId,
    start() {},
    stop: async () => {},
    logout: async () => {},
    requestPairingCode: async () => 'ABCD1234',
    currentQr: () => undefined,
    isOpen: () => false
  }),
  hasPairing: () => false,
  wipePairing() {},
  storedMe: () => null
}

function setup() {
  const db = openStoreDb()
  upsertAccount(db, { id: 'acc', name: 'A', plan: 'paid', token: 'tok', now: 1 })
  insertInstance(db, { id: ID, accountId: 'acc', sessionName: 'sess-1', status: 'STOPPED', desiredRunning: false, ratePolicy: 'strict', now: 1 })
  const bus = createEventBus<CoreEventMap>()
  const wakes: boolean[] = [] // db.inTransaction at each wakeDeliveries call
  const record = sessionStatusOutbox({ db, engineName: 'NOWEB', wakeDeliveries: () => void wakes.push(db.inTransaction) })
  let failAfterRecording = false
  const seenInside: { inTransaction: boolean; rowStatus: string | undefined }[] = []
  const manager = new InstanceManager({
    db,
    engine: idleEngine,
    bus,
    plans: DEFAULT_PLANS,
    logger: pino({ level: 'silent' }),
    now: () => 1_800_000_000_000,
    recordStatus: (e) => {
      seenInside.push({ inTransaction: db.inTransaction, rowStatus: getInstance(db, ID)?.status })
      record(e)
      if (failAfterRecording) throw new Error('disk full')
    }
  })
  const statusEvents = () => listEvents(db, { instanceId: ID, event: 'session.status', limit: 100 }).map((e) => getEvent(db, e.id)!.payload as Record<string, unknown>)
  return { db, bus, manager, statusEvents, seenInside, wakes, failNext: () => (failAfterRecording = true) }
}

describe('session.status events commit with the status row', () => {
  it('the outbox row is written inside the status write and is there when the bus announces the change', () => {
    const s = setup()
    const atEmit: number[] = []
    s.bus.on('session.status', (e: SessionStatusEvent) => atEmit.push(s.statusEvents().filter((p) => p.status === e.status).length))
    s.manager.start(ID)
    expect(getInstance(s.db, ID)!.status).toBe('STARTING')
    expect(s.seenInside).toEqual([{ inTransaction: true, rowStatus: 'STARTING' }])
    expect(s.statusEvents()).toEqual([{ name: 'sess-1', status: 'STARTING', instance_id: ID, previous: 'STOPPED', reason: 'start', reason_text: 'started' }])
    expect(atEmit).toEqual([1])
  })

  it('a failing outbox write rolls the status change back: neither the row nor the event lands, nothing is announced', async () => {
    const s = setup()
    const announced: string[] = []
    s.bus.on('session.status', (e: SessionStatusEvent) => announced.push(e.status))
    s.failNext()
    expect(() => s.manager.start(ID)).toThrow('disk full')
    expect(getInstance(s.db, ID)!.status).toBe('STOPPED')
    expect(s.statusEvents()).toEqual([])
    expect(announced).toEqual([])
  })

  it('an event that creates deliveries wakes the delivery worker from inside the status transaction; without a webhook, no wake', async () => {
    const s = setup()
    s.manager.start(ID)
    expect(s.wakes).toEqual([])
    setWebhook(s.db, ID, { url: 'http://127.0.0.1:9/hook', events: ['session.status'] })
    await s.manager.stop(ID)
    expect(s.statusEvents().map((p) => p.status).sort()).toEqual(['STARTING', 'STOPPED'])
    expect(s.wakes).toEqual([true])
  })

  it('DELETED records nothing (the instance\'s webhooks are gone)', async () => {
    const s = setup()
    s.manager.start(ID)
    await s.manager.delete(ID)
    expect(s.statusEvents().map((p) => p.status)).not.toContain('DELETED')
  })
})
