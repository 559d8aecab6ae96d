// The QR countdown against real Baileys on the sandbox: the pushed and fetched expiresAt of each QR is when the
// engine really rotates it (first QR of a connection 60 s, then 20 s). Time is faked (timers and Date, advancing
// with real time too) so the test jumps over the minute instead of waiting for it.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { qrLifetimeMs } from '../engine/baileys/baileys-session.js'
import { startTestCore, waitUntil, type TestCore } from '../testing/core-harness.js'
import { connectTestBridge, type TestBridge } from './testing/ws-bridge-client.js'

interface QrPush {
  instanceId: string
  image: string | null
  issuedAt: number
  expiresAt: number | null
}

describe('QR lifetime (sandbox, real Baileys)', () => {
  let t: TestCore
  let c: TestBridge

  beforeAll(async () => {
    // Faked before the core starts: its modules keep the Date.now they found, which must be the fake one.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'], shouldAdvanceTime: true })
    // No keep-alive pings while time jumps: Baileys would count the jump as a lost connection.
    t = await startTestCore('sandbox', { engine: { socketConfig: { keepAliveIntervalMs: 3_600_000 } } })
    c = await connectTestBridge(t.core.url, t.core.ui.token)
  })
  afterAll(async () => {
    vi.useRealTimers()
    c?.close()
    await t?.close()
  })

  it('mirrors Baileys: qrTimeout when configured, else 60 s for the first ref and 20 s after', () => {
    expect([0, 1, 2, 5].map((i) => qrLifetimeMs(i, undefined))).toEqual([60_000, 20_000, 20_000, 20_000])
    expect(qrLifetimeMs(0, 5_000)).toBe(5_000)
  })

  it('each QR arrives when the previous one’s countdown ends', async () => {
    const created = await c.bridge.instances.create({ name: 'Timed desk' })
    if (!created.ok) throw new Error(created.error.message)
    const id = created.data.id
    const pushes = () => c.events.filter((e) => e.event === 'instance.qr').map((e) => e.payload as QrPush).filter((p) => p.instanceId === id && p.image)

    const first = await waitUntil(() => pushes()[0], 20_000, 'first QR')
    expect(first.expiresAt! - first.issuedAt).toBe(60_000)
    const fetched = await c.bridge.pairing.qr({ instanceId: id })
    expect(fetched.ok && fetched.data.expiresAt).toBe(first.expiresAt)

    // One second before the countdown ends the QR is still the same; at its end the next one is there.
    const firstQr = t.core.instances.qr(id)!.qr
    await vi.advanceTimersByTimeAsync(first.expiresAt! - 1_000 - Date.now())
    expect(t.core.instances.qr(id)?.qr).toBe(firstQr)
    await vi.advanceTimersByTimeAsync(first.expiresAt! - Date.now())
    const second = await waitUntil(() => pushes()[1], 10_000, 'second QR')
    expect(second.issuedAt).toBeGreaterThanOrEqual(first.expiresAt!)
    expect(second.issuedAt - first.expiresAt!).toBeLessThan(250)
    expect(second.expiresAt! - second.issuedAt).toBe(20_000)

    const secondQr = t.core.instances.qr(id)!.qr
    expect(secondQr).not.toBe(firstQr)
    await vi.advanceTimersByTimeAsync(second.expiresAt! - 1_000 - Date.now())
    expect(t.core.instances.qr(id)?.qr).toBe(secondQr)
    await vi.advanceTimersByTimeAsync(second.expiresAt! - Date.now())
    const third = await waitUntil(() => pushes()[2], 10_000, 'third QR')
    expect(third.issuedAt - second.expiresAt!).toBeGreaterThanOrEqual(0)
    expect(third.issuedAt - second.expiresAt!).toBeLessThan(250)
    expect(third.expiresAt! - third.issuedAt).toBe(20_000)
  })
})
