// Undecryptable messages end to end (issue 10 item 3): the sandbox makes a message undecryptable for the
// instance's device (POST /sandbox/faults: Bad MAC, no session, invalid pre-key); real Baileys fails, sends a
// retry receipt, the sender's simulated phone re-encrypts and resends, and the text arrives. When every retry
// fails, the store keeps a placeholder, message.undecryptable is delivered and the UI says so; a bad message at
// the head of the offline queue does not hold up the 20 behind it.
import type { BaileysEventMap, WASocket } from '@whiskeysockets/baileys'
import { describe, expect, it } from 'vitest'
import { pairInstance, waitUntil, type TestCore } from '../../testing/core-harness.js'
import { useCore } from '../../testing/suite.js'
import type { TestBridge } from '../../bridge/testing/ws-bridge-client.js'
import { findMessage } from '../store/index.js'
import { startVerifyingReceiver, webhookTo, type VerifyingReceiver } from '../../testing/event-fixtures.js'

const SECRET = 'undecryptable-secret'
const P1 = '15550200001' // the instance's own phone
const BOB = '15550200002'
const CAROL = '15550200003'
const DAVE = '15550200004'
const ERIN = '15550200005'
const jid = (p: string) => `${p}@s.whatsapp.net`
const GRACE_MS = 3_000

describe.sequential('undecryptable messages (sandbox faults, real Baileys)', () => {
  let t: TestCore
  let rx: VerifyingReceiver
  let ui: TestBridge
  let id: string
  let device: string // the instance's device JID
  /** CIPHERTEXT stubs Baileys emitted, by message id: the proof that the fault made decryption fail. */
  const stubs = new Map<string, string[]>()

  useCore(async (core, { closeAfter, connectUi }) => {
    t = core
    rx = closeAfter(await startVerifyingReceiver(SECRET))
    id = await pairInstance(t, P1, 'Alice')
    for (const [p, name] of [[BOB, 'Bob'], [CAROL, 'Carol'], [DAVE, 'Dave'], [ERIN, 'Erin']] as const) await t.core.sandbox!.createPhone({ phoneNumber: p, name })
    await webhookTo(t, id, rx, ['*'])
    device = t.core.sandbox!.getPhone(P1)!.devices.find((d) => d.kind === 'companion')!.jid
    t.core.bus.on('engine.baileys', ({ instanceId, events }: { instanceId: string; events: Partial<BaileysEventMap> }) => {
      if (instanceId !== id) return
      for (const m of events['messages.upsert']?.messages ?? []) {
        if (m.messageStubType === 2 && m.key.id) stubs.set(m.key.id, [...(stubs.get(m.key.id) ?? []), String(m.messageStubParameters?.[0])])
      }
    })
    ui = await connectUi()
  }, { plan: 'paid', undecryptableGraceMs: GRACE_MS, timeoutMs: 120_000 })

  const fault = async (action: string, extra: Record<string, unknown> = {}) => {
    const res = await t.call('POST', '/sandbox/faults', {}, { action, jid: device, ...extra })
    expect(res.statusCode, res.body).toBe(200)
  }

  /** The person writes; the instance must end up with the text, after at least one failed decryption. */
  async function recovers(from: string, text: string, reason: RegExp): Promise<void> {
    const { id: msgId } = await t.core.sandbox!.sendText(from, P1, text)
    const env = await rx.waitFor('message', (p) => p.body === text, 20_000)
    expect(String(env.payload.id)).toContain(msgId)
    expect(stubs.get(msgId)?.[0]).toMatch(reason)
    const stored = findMessage(t.core.db, id, jid(from), msgId)!
    expect(stored).toMatchObject({ body: text, type: 'chat' })
    // Recovered, never declared lost: no placeholder left, no undecryptable event, one message event.
    await new Promise((r) => setTimeout(r, GRACE_MS + 1_000))
    expect(rx.count('message.undecryptable', (p) => String(p.id).includes(msgId))).toBe(0)
    expect(rx.count('message', (p) => String(p.id).includes(msgId))).toBe(1)
  }

  it('Bad MAC: a corrupted ciphertext is recovered by the retry (the sender re-encrypts and resends)', async () => {
    await fault('corrupt_ciphertext')
    await recovers(BOB, 'corrupted once, then recovered', /MAC/i)
  })

  it('no session: a whisper message for a device with no session is recovered by the retry', async () => {
    await fault('no_session')
    await recovers(CAROL, 'no session, then recovered', /session/i)
  })

  it('invalid pre-key: a pkmsg naming an already used pre-key is recovered by the retry', async () => {
    await fault('invalid_prekey')
    await recovers(DAVE, 'used pre-key, then recovered', /PreKey/i)
  })

  it('a fault that persists over every retry: a placeholder, message.undecryptable, and the UI says so', async () => {
    await fault('corrupt_ciphertext', { persist: true })
    const { id: msgId } = await t.core.sandbox!.sendText(BOB, P1, 'never readable')
    const env = await rx.waitFor('message.undecryptable', (p) => String(p.id).includes(msgId), 30_000)
    expect(env.payload).toMatchObject({ type: 'ciphertext', body: '', fromMe: false, from: `${BOB}@c.us`, reason: expect.stringMatching(/MAC/i) })
    expect(stubs.get(msgId)!.length).toBeGreaterThan(1) // retried, failed each time
    expect(rx.count('message', (p) => String(p.id).includes(msgId))).toBe(0)
    // The store keeps the placeholder, readable over HTTP like any message.
    expect(findMessage(t.core.db, id, jid(BOB), msgId)).toMatchObject({ type: 'ciphertext', body: '' })
    const read = await t.call('GET', '/v2/chats/messages', { instance_id: id, chatId: BOB, limit: '5' })
    // Its documented type in every read (issue 22 item 0), not "unknown" like an unsupported message.
    expect((JSON.parse(read.body) as { id: string }[]).find((m) => m.id.includes(msgId))).toMatchObject({ type: 'ciphertext', body: '' })
    const one = await t.call('GET', `/v2/chats/${BOB}@c.us/messages/${msgId}`, { instance_id: id })
    expect(one.json(), one.body).toMatchObject({ type: 'ciphertext', body: '' })
    const alias = await t.call('GET', `/v2/chats/${BOB}@c.us/messages`, { instance_id: id, limit: '5' })
    expect((JSON.parse(alias.body) as { id: string }[]).find((m) => m.id.includes(msgId))).toMatchObject({ type: 'ciphertext' })
    const mcp = await t.core.services.reads.chatMessages(id, jid(BOB), { limit: 5, offset: 0 }, false)
    expect(mcp.find((m) => m.id.includes(msgId))).toMatchObject({ type: 'ciphertext', body: '' })
    // The Chats view's thread.
    const page = await ui.bridge.chats.messages({ instanceId: id, chatId: `${BOB}@c.us`, limit: 10 })
    if (!page.ok) throw new Error(page.error.message)
    expect(page.data.messages.find((m) => m.id === msgId)).toMatchObject({ text: 'This message could not be decrypted', fromMe: false })
    // Exactly once.
    await new Promise((r) => setTimeout(r, 2_000))
    expect(rx.count('message.undecryptable', (p) => String(p.id).includes(msgId))).toBe(1)
    await fault('clear')
  })

  it('an undecryptable status at the head of the offline queue does not hold up the 20 texts behind it', async () => {
    expect((await t.call('POST', '/v2/session/stop', { instance_id: id })).statusCode).toBe(200)
    await waitUntil(() => !t.core.sandbox!.getPhone(P1)!.devices.find((d) => d.jid === device)!.online, 10_000, 'device offline')
    await fault('corrupt_ciphertext', { persist: true })
    const erin: WASocket = await t.core.sandbox!.personSocket(ERIN)
    const status = await erin.sendMessage('status@broadcast', { text: 'a status nobody can read' }, { statusJidList: [jid(P1)] })
    const statusId = status!.key.id!
    const texts = Array.from({ length: 20 }, (_, i) => `offline text ${i + 1}`)
    for (const text of texts) await t.core.sandbox!.sendText(ERIN, P1, text)
    // The status first, then the 20 texts, all waiting for the device (a send resolves before the server has it).
    await waitUntil(() => t.core.sandbox!.queueDepth(device) >= 21, 10_000, 'status + 20 texts queued')

    expect((await t.call('POST', '/v2/session/start', { instance_id: id })).statusCode).toBe(200)
    await t.waitForStatus(id, 'WORKING', 30_000)
    await waitUntil(() => texts.every((text) => rx.count('message', (p) => p.body === text) > 0), 60_000, 'all 20 texts delivered')
    for (const text of texts) expect(rx.count('message', (p) => p.body === text)).toBe(1)
    const env = await rx.waitFor('message.undecryptable', (p) => String(p.id).includes(statusId), 30_000)
    expect(env.payload).toMatchObject({ type: 'ciphertext', from: 'status@broadcast', participant: `${ERIN}@c.us` })
    expect(stubs.get(statusId)).toBeDefined()
    await fault('clear')
  }, 180_000)
})
