// Issue 20 item 3 over real WebSockets: a browser let in once (its link exchanged for a device token) stays let in
// across a core restart on the same data dir; the core keeps only the token's hash; Settings lists the browsers
// with "this browser" marked; signing one out closes what it has open within a second (close reason
// ui_device_signed_out) and refuses its token from then on; "sign out others" keeps the asking browser.
import { afterAll, describe, expect, it } from 'vitest'
import { startTestCore, waitUntil, type TestCore } from '../testing/core-harness.js'
import { connectOutcome, connectTestBridge, tokenProtocols, type TestBridge } from './testing/ws-bridge-client.js'

describe('browsers let into the UI (device credentials)', () => {
  const open: { close(): unknown }[] = []
  afterAll(async () => {
    for (const c of open.reverse()) await c.close()
  })
  const link = (t: TestCore) => t.core.ui.mintLinkPath().split('#token=')[1]!

  it('a device token outlives a core restart; only its hash is stored', async () => {
    let t = await startTestCore('offline')
    const first = await connectTestBridge(t.core.url, t.core.ui.token)
    const device = first.session!
    expect(device).toMatch(/^[A-Za-z0-9_-]{40,}$/)
    first.close()
    const stored = t.core.db.prepare('SELECT token_hash, label FROM ui_devices').all() as { token_hash: string; label: string }[]
    expect(stored).toHaveLength(1)
    expect(JSON.stringify(stored)).not.toContain(device)
    const { dataDir, token } = t
    await t.close()

    t = await startTestCore('offline', { dataDir, accessToken: token })
    open.push(t)
    // The old link is gone with the old run; the browser's device token is still good.
    expect(await connectOutcome(t.core.url, tokenProtocols(device))).toBe('accepted')
    const again = await connectTestBridge(t.core.url, device)
    open.push(again)
    expect(again.session).toBeUndefined()
    const list = await again.bridge.devices.list({})
    if (!list.ok) throw new Error(list.error.message)
    expect(list.data.devices).toHaveLength(1)
    expect(list.data.currentId).toBe(list.data.devices[0]!.id)
    expect(list.data.devices[0]!.lastSeenAt).toBeGreaterThanOrEqual(list.data.devices[0]!.createdAt)
  })

  it('signing a browser out closes its connections within a second and refuses its token; sign out others keeps the asker', async () => {
    const t = await startTestCore('offline')
    open.push(t)
    const a = await connectTestBridge(t.core.url, t.core.ui.token)
    const b = await connectTestBridge(t.core.url, link(t))
    const c = await connectTestBridge(t.core.url, link(t))
    // A second tab of browser B (same device token).
    const b2 = await connectTestBridge(t.core.url, b.session!)
    open.push(a, b, c, b2)
    const listed = await a.bridge.devices.list({})
    if (!listed.ok) throw new Error(listed.error.message)
    expect(listed.data.devices).toHaveLength(3)
    const ids = (await Promise.all([b, c].map(async (x) => { const r = await x.bridge.devices.list({}); return r.ok ? r.data.currentId : null })))
    const [idB, idC] = ids as [string, string]

    const closed = (x: TestBridge) => new Promise<{ code: number; reason: string; at: number }>((r) => x.socket.once('close', (code, reason) => r({ code, reason: reason.toString(), at: Date.now() })))
    const bClosed = closed(b)
    const b2Closed = closed(b2)
    const at = Date.now()
    expect(await a.bridge.devices.revoke({ deviceId: idB })).toEqual({ ok: true, data: { revoked: true } })
    for (const e of await Promise.all([bClosed, b2Closed])) {
      expect(e).toMatchObject({ code: 4401, reason: 'ui_device_signed_out' })
      expect(e.at - at).toBeLessThan(1_000)
    }
    expect(await connectOutcome(t.core.url, tokenProtocols(b.session!))).toBe('refused 4401 ui_token_invalid')
    expect(await a.bridge.devices.revoke({ deviceId: idB })).toEqual({ ok: true, data: { revoked: false } })

    const cClosed = closed(c)
    expect(await a.bridge.devices.revokeOthers({})).toEqual({ ok: true, data: { revoked: 1 } })
    expect((await cClosed).reason).toBe('ui_device_signed_out')
    const left = await a.bridge.devices.list({})
    expect(left.ok && left.data.devices.map((d) => d.id)).toEqual([left.ok && left.data.currentId])
    expect(left.ok && left.data.devices.some((d) => d.id === idC)).toBe(false)
    await waitUntil(() => a.socket.readyState === a.socket.OPEN, 1_000, 'the asker stays connected')
  })
})
