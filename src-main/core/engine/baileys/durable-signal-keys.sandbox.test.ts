// Signal state is committed before the ciphertext that advanced it leaves (issue 21 item 3), checked at the very
// moment the message's frame is written: a real core on the sandbox, the instance's live Baileys socket, and its
// WebSocket's send() (the inner `ws` socket) wrapped to read the session rows from SQLite (what a SIGKILL right then would leave). Before
// the fix Baileys committed its key transaction only after that write, so the stored sessions were still the ones
// before the message (the next run would encrypt with the same message keys: "Key used already" on the phone).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pairInstance, startTestCore, waitUntil, type TestCore } from '../../testing/core-harness.js'

const A = '15550431001'
const B = '15550431002'

let t: TestCore
let id: string

/** Every Signal session row of the instance as stored (decrypted), by key id. */
const storedSessions = (): Record<string, string> =>
  Object.fromEntries(
    (t.core.db.prepare(`SELECT key_id, open_secret(value) AS value FROM engine_auth_keys WHERE instance_id = ? AND type = 'session' ORDER BY key_id`).all(id) as { key_id: string; value: string }[])
      .map((r) => [r.key_id, r.value])
  )

beforeAll(async () => {
  t = await startTestCore('sandbox', { plan: 'paid' })
  id = await pairInstance(t, A)
  await t.core.sandbox!.createPhone({ phoneNumber: B, name: 'B' })
  const patched = await t.call('PATCH', '/v2/session/rate-limit', { instance_id: id }, { policy_slug: 'unlimited' })
  expect(patched.statusCode, patched.body).toBe(200)
  // Sessions with B's and A's devices exist after a first exchange (B writes first: no new chat to open).
  await t.core.sandbox!.sendText(B, A, 'hello')
  await waitUntil(async () => (await t.call('GET', '/v2/chats/messages', { instance_id: id, chatId: B, downloadMedia: 'false' })).body.includes('hello'), 15_000, 'B\'s message stored')
  expect((await t.call('POST', '/v2/send/text', { instance_id: id }, { chatId: B, message: 'first' })).statusCode).toBe(200)
}, 60_000)

afterAll(async () => {
  await t?.close()
})

describe('Signal sessions at the moment a message frame is written', () => {
  it('are already the ones after the message (committed before the frame), for every message of a burst', async () => {
    const sock = t.core.engine.liveSocket(id)!
    // Baileys' WebSocketClient hands each frame to its inner `ws` socket: that send() is where bytes leave.
    const ws = (sock.ws as unknown as { socket: { send: (...a: unknown[]) => unknown } }).socket
    const original = ws.send.bind(ws)
    let atLastFrame: Record<string, string> = {}
    ws.send = (...a: unknown[]) => {
      atLastFrame = storedSessions()
      return original(...a)
    }
    try {
      for (let i = 0; i < 5; i++) {
        const before = storedSessions()
        const r = await t.call('POST', '/v2/send/text', { instance_id: id }, { chatId: B, message: `burst ${i}` })
        expect(r.statusCode).toBe(200)
        const after = storedSessions()
        // The message advanced at least one session (B's device, A's own phone)...
        expect(after, `message ${i} changed no session`).not.toEqual(before)
        // ...and what was on disk when its frame went out was already that state.
        expect(atLastFrame, `message ${i}: a session was committed only after its frame left`).toEqual(after)
      }
    } finally {
      ws.send = original
    }
  })
})
