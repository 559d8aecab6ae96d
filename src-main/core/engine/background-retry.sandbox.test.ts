// A paired, WORKING instance loses the network long enough to go FAILED (a laptop asleep), then the network comes
// back: real Baileys against the sandbox; "no network" is the instance's socket pointed at a closed port (short
// intervals instead of minutes).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SessionStatusEvent } from '../domain/events.js'
import { pairInstance, startTestCore, waitUntil, type TestCore } from '../testing/core-harness.js'

describe('background retries after FAILED', () => {
  let t: TestCore
  const unreachable = new Set<string>()
  /** Sockets each instance made (one per connection attempt). */
  const attempts = new Map<string, number>()
  const events: SessionStatusEvent[] = []
  beforeAll(async () => {
    t = await startTestCore('sandbox', {
      engine: {
        reconnect: { baseDelayMs: 20, maxDelayMs: 40, maxAttempts: 3, backgroundRetryMs: 250 },
        socketConfigFor: (id) => {
          attempts.set(id, (attempts.get(id) ?? 0) + 1)
          return unreachable.has(id) ? { waWebSocketUrl: 'ws://127.0.0.1:9/ws/chat' } : {}
        }
      }
    })
    t.core.bus.on('session.status', (e) => events.push(e))
  })
  afterAll(() => t.close())

  it('stays FAILED while the network is away, keeps trying at the slow cadence, and goes WORKING when it is back', async () => {
    const phone = '15557770001'
    const id = await pairInstance(t, phone)
    const device = t.core.sandbox!.getPhone(phone)!.devices.find((d) => d.kind === 'companion')!
    unreachable.add(id)
    expect(t.core.sandbox!.faults.dropConnection(device.jid)).toBe(true)
    await t.waitForStatus(id, 'FAILED', 20_000)
    expect(events.filter((e) => e.instanceId === id).at(-1)).toMatchObject({ status: 'FAILED', previous: 'STARTING', reason: 'failed:retries_exhausted' })

    // Background attempts go on while the network is still away; the status stays FAILED through them.
    const atFailed = attempts.get(id)!
    await waitUntil(() => attempts.get(id)! >= atFailed + 2, 10_000, 'two background attempts')
    expect(t.core.instances.view(id)?.status).toBe('FAILED')
    expect((await t.call('GET', '/v2/session/info', { instance_id: id })).json().status).toBe('FAILED')

    unreachable.delete(id)
    await t.waitForStatus(id, 'WORKING', 20_000)
    expect(events.filter((e) => e.instanceId === id).map((e) => e.status).slice(-3)).toEqual(['STARTING', 'FAILED', 'WORKING'])
    expect(events.filter((e) => e.instanceId === id).at(-1)?.reason).toBe('engine:open')
    // The reconnected instance sends again: the person receives it.
    const friend = '15557770002'
    await t.core.sandbox!.createPhone({ phoneNumber: friend, name: 'Friend' })
    const sent = await t.call('POST', '/v2/send/text', { instance_id: id }, { chatId: friend, message: 'back online' })
    expect(sent.statusCode, sent.body).toBeLessThan(300)
  })

  it('stop ends the background attempts; start connects at once and resumes WORKING without a scan', async () => {
    const phone = '15557770003'
    const id = await pairInstance(t, phone)
    const device = t.core.sandbox!.getPhone(phone)!.devices.find((d) => d.kind === 'companion')!
    unreachable.add(id)
    t.core.sandbox!.faults.dropConnection(device.jid)
    await t.waitForStatus(id, 'FAILED', 20_000)
    await waitUntil(() => t.core.engine.liveSocket(id) === undefined, 5_000, 'no live socket')
    expect((await t.call('POST', '/v2/session/stop', { instance_id: id })).json().status).toBe('STOPPED')
    const atStop = attempts.get(id)!
    // A start connects at once (not at the next background slot) and resumes WORKING without a scan.
    unreachable.delete(id)
    expect((await t.call('POST', '/v2/session/start', { instance_id: id })).json().status).toBe('STARTING')
    await t.waitForStatus(id, 'WORKING', 20_000)
    expect(attempts.get(id)!).toBe(atStop + 1)
  })
})
