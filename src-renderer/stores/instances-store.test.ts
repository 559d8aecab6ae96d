// The instances store against an in-memory bridge: live statuses (number and pairing from the event, DELETED
// frees a quota slot once), lifecycle actions one at a time per instance, errors in words.
import { beforeEach, describe, expect, it } from 'vitest'
import type { BridgeEvents } from '../../src-preload/contract/events.js'
import { instance, overview } from '../test/fixtures.js'
import { FakeError, installMemoryBridge, type MemoryBridge } from '../test/memory-bridge.js'
import { useInstancesStore } from './instances-store.js'

const A = instance({ id: 'AAAAAAAAAAAA', name: 'A' })
const B = instance({ id: 'BBBBBBBBBBBB', name: 'B', status: 'WORKING', number: '15550000001' })
const store = () => useInstancesStore.getState()
const status = (over: Partial<BridgeEvents['instance.status']>): BridgeEvents['instance.status'] => ({ instanceId: A.id, status: 'WORKING', previous: 'SCAN_QR_CODE', reason: 'engine:open', me: null, at: 1, ...over })

let b: MemoryBridge
beforeEach(async () => {
  b = installMemoryBridge({
    'instances.list': () => overview([A, B]),
    'instances.stop': () => ({ ...A, status: 'STOPPED' }),
    'instances.restart': () => {
      throw new FakeError('session_status_mismatch', 'The instance is stopped', 'Start it first')
    }
  })
  await store().load()
})

describe('instances store: applyStatus', () => {
  it('takes the status, reason and pairing of the event; the number comes from me', () => {
    store().applyStatus(status({ me: { id: '15550000009:3@c.us', lid: null, pushName: 'Zoe', platform: null } }))
    expect(store().overview?.instances[0]).toMatchObject({ status: 'WORKING', statusReason: 'engine:open', number: '15550000009', me: { pushName: 'Zoe' } })
    // A logout clears the pairing.
    store().applyStatus(status({ status: 'SCAN_QR_CODE', reason: 'disconnect:401', reasonText: 'the phone logged this device out', me: null }))
    expect(store().overview?.instances[0]).toMatchObject({ status: 'SCAN_QR_CODE', statusReasonText: 'the phone logged this device out', number: null, me: null })
  })

  it('removes a DELETED instance and gives its quota slot back, once', () => {
    expect(store().overview?.quota).toEqual({ used: 2, limit: 2 })
    store().applyStatus(status({ instanceId: B.id, status: 'DELETED', reason: 'delete' }))
    expect(store().overview?.instances.map((i) => i.id)).toEqual([A.id])
    expect(store().overview?.quota).toEqual({ used: 1, limit: 2 })
    // The same event again (or one for an instance this list never had) changes nothing.
    store().applyStatus(status({ instanceId: B.id, status: 'DELETED', reason: 'delete' }))
    store().applyStatus(status({ instanceId: 'CCCCCCCCCCCC', status: 'DELETED', reason: 'delete' }))
    expect(store().overview?.quota).toEqual({ used: 1, limit: 2 })
  })

  it('ignores statuses of instances it does not list, and everything before the first load', () => {
    store().applyStatus(status({ instanceId: 'CCCCCCCCCCCC' }))
    expect(store().overview?.instances).toEqual([A, B])
    useInstancesStore.setState({ overview: null })
    store().applyStatus(status({}))
    expect(store().overview).toBeNull()
  })
})

describe('instances store: actions', () => {
  it('marks the instance busy during an action and applies its answer', async () => {
    const stopping = store().act(A.id, 'stop')
    expect(store().busy).toEqual({ [A.id]: 'stop' })
    expect(await stopping).toBe(true)
    expect(store().busy).toEqual({})
    expect(store().overview?.instances[0]?.status).toBe('STOPPED')
    expect(b.callsTo('instances.stop')).toEqual([{ instanceId: A.id }])
  })

  it('keeps the core’s words when an action is refused', async () => {
    expect(await store().act(A.id, 'restart')).toBe(false)
    expect(store().error).toEqual({ code: 'session_status_mismatch', message: 'The instance is stopped', recommendation: 'Start it first' })
    expect(store().busy).toEqual({})
  })
})
