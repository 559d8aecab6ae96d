// The bridge against a sandbox core with real Baileys: QR images pushed as they rotate, a simulated phone scans
// through sandbox.scanQr, pairing by code, WORKING pushed live, the person's inbox, sandbox.changed pushes, and
// chats over the message store (incoming pushed, unread, search, paging, read receipts, reply, delivery ticks).
import { describe, expect, it } from 'vitest'
import type { InstanceStatus } from '../../../src-preload/contract/dto.js'
import { waitUntil, type TestCore } from '../testing/core-harness.js'
import { useUiCore } from '../testing/suite.js'
import type { TestBridge } from './testing/ws-bridge-client.js'

describe('UI bridge (sandbox)', () => {
  let t: TestCore
  let c: TestBridge
  let helloBobId = ''

  // Paid plan: the unlimited policy has no account-protection pause before the first send.
  useUiCore((core, ui) => {
    t = core
    c = ui
  }, { plan: 'paid' })

  const statusPushed = (instanceId: string, status: InstanceStatus) =>
    waitUntil(() => c.events.find((e) => e.event === 'instance.status' && (e.payload as { instanceId: string; status: string }).instanceId === instanceId && (e.payload as { status: string }).status === status), 25_000, `${instanceId} ${status} pushed`)

  it('pairs by QR: the QR image is pushed, the simulated phone scans it, WORKING is pushed', async () => {
    const info = await c.bridge.app.info()
    expect(info.ok && info.data.network).toBe('sandbox')
    const phone = await c.bridge.sandbox.createPhone({ phoneNumber: '15550001001', name: 'Alice' })
    expect(phone).toMatchObject({ ok: true, data: { phoneNumber: '15550001001', name: 'Alice', devices: [{ kind: 'phone' }] } })

    const created = await c.bridge.instances.create({ name: 'QR desk' })
    if (!created.ok) throw new Error(created.error.message)
    const id = created.data.id
    const qrPush = await waitUntil(() => c.events.find((e) => e.event === 'instance.qr' && (e.payload as { image: string | null }).image), 20_000, 'qr push')
    expect((qrPush.payload as { image: string }).image).toMatch(/^data:image\/png;base64,/)
    const qr = await c.bridge.pairing.qr({ instanceId: id })
    expect(qr.ok && qr.data.expiresAt - qr.data.issuedAt).toBe(60_000)

    const scanned = await c.bridge.sandbox.scanQr({ phoneNumber: '15550001001', instanceId: id })
    expect(scanned).toEqual({ ok: true, data: { linked: true } })
    await statusPushed(id, 'WORKING')
    await waitUntil(() => c.events.find((e) => e.event === 'sandbox.changed' && (e.payload as { change: string }).change === 'linked'), 5_000, 'sandbox linked push')
    const got = await c.bridge.instances.get({ instanceId: id })
    expect(got.ok && got.data).toMatchObject({ status: 'WORKING', number: '15550001001' })

    // A paired instance has no QR: the answer says why, in words.
    expect(await c.bridge.pairing.qr({ instanceId: id })).toMatchObject({ ok: false, error: { code: 'session_status_mismatch', recommendation: expect.stringContaining('log out') } })
  })

  it('pairs by code: request a code for the phone, the phone types it, WORKING is pushed', async () => {
    await c.bridge.sandbox.createPhone({ phoneNumber: '15550001002', name: 'Bob' })
    const created = await c.bridge.instances.create({ name: 'Code desk' })
    if (!created.ok) throw new Error(created.error.message)
    const id = created.data.id
    await statusPushed(id, 'SCAN_QR_CODE')
    expect(await c.bridge.pairing.requestCode({ instanceId: id, phoneNumber: '+1 555' })).toMatchObject({ ok: false, error: { code: 'invalid_phone_number' } })
    const code = await c.bridge.pairing.requestCode({ instanceId: id, phoneNumber: '15550001002' })
    if (!code.ok) throw new Error(code.error.message)
    expect(code.data.code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/)
    expect(await c.bridge.sandbox.enterCode({ phoneNumber: '15550001002', code: 'ZZZZ-ZZZZ' })).toMatchObject({ ok: false, error: { code: 'invalid_pairing_code' } })
    expect(await c.bridge.sandbox.enterCode({ phoneNumber: '15550001002', code: code.data.code })).toEqual({ ok: true, data: { linked: true } })
    await statusPushed(id, 'WORKING')
  })

  it('a simulated person sends a text; both inboxes show it', async () => {
    const sent = await c.bridge.sandbox.sendText({ phoneNumber: '15550001001', to: '15550001002', text: 'hello Bob' })
    if (!sent.ok) throw new Error(sent.error.message)
    helloBobId = sent.data.id
    const inbox = await waitUntil(async () => {
      const r = await c.bridge.sandbox.messages({ phoneNumber: '15550001002' })
      return r.ok && r.data.find((m) => m.text === 'hello Bob' && !m.fromMe)
    }, 15_000, 'Bob received')
    expect(inbox.timestamp).toBeGreaterThan(Date.now() - 60_000)
    const phones = await c.bridge.sandbox.phones()
    expect(phones.ok && phones.data.map((p) => p.phoneNumber).sort()).toEqual(['15550001001', '15550001002'])
  })

  it('a simulated person sends a photo from the card (sandbox.sendMedia); the other inbox lists it as media and reads its bytes', async () => {
    const bytes = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')
    const sent = await c.bridge.sandbox.sendMedia({ phoneNumber: '15550001001', to: '15550001002', file: { name: 'shelf.png', mimetype: 'image/png', base64: bytes.toString('base64') }, caption: 'the new shelf' })
    if (!sent.ok) throw new Error(sent.error.message)
    const got = await waitUntil(async () => {
      const r = await c.bridge.sandbox.messages({ phoneNumber: '15550001002' })
      return r.ok && r.data.find((m) => m.id === sent.data.id && !m.fromMe)
    }, 15_000, 'Bob received the photo')
    expect(got).toMatchObject({ type: 'image', text: 'the new shelf', media: { mimetype: 'image/png' } })
    const media = await c.bridge.sandbox.media({ phoneNumber: '15550001002', messageId: got.id })
    expect(media.ok && media.data).toMatchObject({ mimetype: 'image/png', size: bytes.length, dataUrl: `data:image/png;base64,${bytes.toString('base64')}` })
    const missing = await c.bridge.sandbox.media({ phoneNumber: '15550001002', messageId: 'NOPE' })
    expect(missing.ok).toBe(false)
  })

  it('chats: an incoming message is pushed and listed with its unread count; a reply reaches the person; ticks are pushed', async () => {
    const list = await c.bridge.instances.list()
    const qrDesk = list.ok ? list.data.instances.find((i) => i.name === 'QR desk')!.id : ''
    const sent = await c.bridge.sandbox.sendText({ phoneNumber: '15550001002', to: '15550001001', text: 'hi Alice, Bob here' })
    expect(sent.ok).toBe(true)
    const pushed = await waitUntil(() => c.events.find((e) => e.event === 'chat.message' && (e.payload as { instanceId: string; message: { text: string } }).instanceId === qrDesk && (e.payload as { message: { text: string } }).message.text === 'hi Alice, Bob here'), 15_000, 'incoming pushed')
    expect((pushed.payload as { message: { chatId: string; fromMe: boolean } }).message).toMatchObject({ chatId: '15550001002@c.us', fromMe: false })

    const chats = await c.bridge.chats.list({ instanceId: qrDesk })
    if (!chats.ok) throw new Error(chats.error.message)
    const bob = chats.data.chats.find((ch) => ch.id === '15550001002@c.us')
    expect(bob).toMatchObject({ unreadCount: 1, lastMessage: { id: sent.ok ? sent.data.id : '', text: 'hi Alice, Bob here', fromMe: false } })
    const searched = await c.bridge.chats.list({ instanceId: qrDesk, search: '0001002' })
    expect(searched.ok && searched.data.chats.map((ch) => ch.id)).toEqual(['15550001002@c.us'])

    const page = await c.bridge.chats.messages({ instanceId: qrDesk, chatId: '15550001002@c.us', limit: 10 })
    expect(page.ok && page.data.messages.map((m) => m.text)).toContain('hi Alice, Bob here')
    expect(await c.bridge.chats.markRead({ instanceId: qrDesk, chatId: '15550001002@c.us' })).toEqual({ ok: true, data: { read: true } })
    const after = await c.bridge.chats.list({ instanceId: qrDesk })
    expect(after.ok && after.data.chats.find((ch) => ch.id === '15550001002@c.us')?.unreadCount).toBe(0)

    expect(await c.bridge.policies.set({ instanceId: qrDesk, slug: 'unlimited' })).toMatchObject({ ok: true, data: { current: 'unlimited' } })
    const reply = await c.bridge.chats.sendText({ instanceId: qrDesk, chatId: '15550001002@c.us', text: 'hello Bob, from the desk' })
    if (!reply.ok) throw new Error(reply.error.message)
    expect(reply.data).toMatchObject({ fromMe: true, chatId: '15550001002@c.us', text: 'hello Bob, from the desk', ack: 'sent' })
    await waitUntil(async () => {
      const inbox = await c.bridge.sandbox.messages({ phoneNumber: '15550001002' })
      return inbox.ok && inbox.data.some((m) => m.text === 'hello Bob, from the desk' && !m.fromMe)
    }, 15_000, 'Bob received the reply')
    // Ticks: Alice's own "hello Bob" (sent from her phone, mirrored to this companion) was delivered to Bob's devices.
    await waitUntil(() => c.events.find((e) => e.event === 'chat.ack' && (e.payload as { instanceId: string; messageId: string; ack: string }).instanceId === qrDesk && (e.payload as { messageId: string }).messageId === helloBobId && ['delivered', 'read'].includes((e.payload as { ack: string }).ack)), 15_000, 'delivery tick pushed')
    // Bob reads his chats (sandbox.readInbox): the desk's reply turns Read, pushed live.
    const read = await c.bridge.sandbox.readInbox({ phoneNumber: '15550001002' })
    expect(read.ok && read.data.read).toBeGreaterThanOrEqual(1)
    await waitUntil(() => c.events.find((e) => e.event === 'chat.ack' && (e.payload as { messageId: string }).messageId === reply.data.id && (e.payload as { ack: string }).ack === 'read'), 15_000, 'read tick pushed')
    const thread = await c.bridge.chats.messages({ instanceId: qrDesk, chatId: '15550001002@c.us', limit: 10 })
    expect(thread.ok && thread.data.messages.find((m) => m.id === reply.data.id)?.ack).toBe('read')
  })
})
