// Concurrent lifecycle operations on one instance, through the real core and real Baileys (offline network):
// a hook that waits on a promise the test controls holds one operation while another arrives.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startTestCore, waitUntil, type TestCore } from '../testing/core-harness.js'
import type { EngineSession } from './engine-adapter.js'

/** A promise the test resolves, and whether something is waiting on it. */
function gate() {
  let open!: () => void
  const opened = new Promise<void>((r) => (open = r))
  const state = { entered: false, open, wait: async () => { state.entered = true; await opened } }
  return state
}

describe('lifecycle operations of one instance are serialized', () => {
  let t: TestCore
  /** Every engine session made, and the last start/stop call on each. */
  const made: { instanceId: string; last: 'start' | 'stop' | 'none' }[] = []
  beforeAll(async () => {
    t = await startTestCore('offline', { engine: { reconnect: { baseDelayMs: 50, maxDelayMs: 100, maxAttempts: 1000 } } })
    const create = t.core.engine.createSession.bind(t.core.engine)
    vi.spyOn(t.core.engine, 'createSession').mockImplementation((instanceId, listener): EngineSession => {
      const session = create(instanceId, listener)
      const entry = { instanceId, last: 'none' as 'start' | 'stop' | 'none' }
      made.push(entry)
      const start = session.start.bind(session)
      const stop = session.stop.bind(session)
      session.start = () => {
        entry.last = 'start'
        start()
      }
      session.stop = () => {
        entry.last = 'stop'
        return stop()
      }
      return session
    })
  })
  afterAll(() => t.close())
  const running = (id: string) => made.filter((m) => m.instanceId === id && m.last === 'start')
  /** A new instance whose restart or delete hooks wait for `held`; `off` removes the hook. */
  const heldInstance = async (hook: 'onRestart' | 'onDelete') => {
    const id = await t.createInstance()
    const held = gate()
    const off = t.core.instances[hook](() => held.wait())
    return { id, held, off }
  }

  it('a delete arriving while restart awaits its hooks waits for it, then leaves no engine session running', async () => {
    const { id, held, off } = await heldInstance('onRestart')
    const restart = t.core.instances.restart(id)
    await waitUntil(() => held.entered, 5_000, 'restart hook entered')
    const del = t.core.instances.delete(id)
    // The delete has not run yet: the instance is still there while restart is held.
    expect(t.core.instances.view(id)).toBeDefined()
    held.open()
    expect((await restart).status).toBe('STARTING')
    expect((await del).status).toBe('DELETED')
    off()
    expect(t.core.instances.view(id)).toBeUndefined()
    expect(made.filter((m) => m.instanceId === id).length).toBeGreaterThan(0)
    expect(running(id)).toEqual([])
    expect(() => t.core.instances.start(id)).toThrowError(expect.objectContaining({ code: 'invalid_session' }))
  })

  it('operations queued behind a delete answer invalid_session and start nothing; start during the delete is refused', async () => {
    const { id, held, off } = await heldInstance('onDelete')
    const del = t.core.instances.delete(id)
    await waitUntil(() => held.entered, 5_000, 'delete hook entered')
    const restart = t.core.instances.restart(id)
    const stop = t.core.instances.stop(id)
    expect(() => t.core.instances.start(id)).toThrowError(expect.objectContaining({ code: 'invalid_session' }))
    held.open()
    expect((await del).status).toBe('DELETED')
    await expect(restart).rejects.toMatchObject({ code: 'invalid_session' })
    await expect(stop).rejects.toMatchObject({ code: 'invalid_session' })
    off()
    expect(running(id)).toEqual([])
  })

  it('over HTTP: concurrent restart and delete answer 200 STARTING and 200 DELETED; the id is gone afterwards', async () => {
    const { id, held, off } = await heldInstance('onRestart')
    const restart = t.call('POST', '/v2/session/restart', { instance_id: id })
    await waitUntil(() => held.entered, 5_000, 'restart hook entered')
    const del = t.call('DELETE', '/v2/session/delete', { instance_id: id })
    held.open()
    const [r, d] = await Promise.all([restart, del])
    off()
    expect([r.statusCode, r.json().status]).toEqual([200, 'STARTING'])
    expect([d.statusCode, d.json().status]).toEqual([200, 'DELETED'])
    expect((await t.call('GET', '/v2/session/info', { instance_id: id })).statusCode).toBe(404)
    expect(running(id)).toEqual([])
  })
})
