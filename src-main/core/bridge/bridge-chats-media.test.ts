// The Chats view's new-conversation and media channels against a sandbox core with real Baileys: chats.checkNumber
// (the check-exists logic: any spelling of a number, a number not on WhatsApp, bad input), a first message to a
// number with no chat (it is listed after the send; a search in the typed spelling finds it), and chats.media
// (a received photo and document byte for byte as data: URLs, sent by a simulated person through the sandbox admin
// API; expired media asked of the phone again; too large; no media).
import { randomBytes } from 'node:crypto'
import { Jimp } from 'jimp'
import { describe, expect, it } from 'vitest'
import { pairInstance, waitUntil, type TestCore } from '../testing/core-harness.js'
import { useUiCore } from '../testing/suite.js'
import type { TestBridge } from './testing/ws-bridge-client.js'

const ME = '15550402001'
const BOB = '15550402002'
const CAROL = '15550402003'
const NOBODY = '15550402999'

describe('UI bridge: new chats and media (sandbox)', () => {
  let t: TestCore
  let c: TestBridge
  let id = ''

  useUiCore(async (core, ui) => {
    t = core
    c = ui
    id = await pairInstance(t, ME, 'Me')
    await t.core.sandbox!.createPhone({ phoneNumber: BOB, name: 'Bob' })
    await t.core.sandbox!.createPhone({ phoneNumber: CAROL, name: 'Carol' })
  }, { plan: 'paid', timeoutMs: 120_000 })

  /** Bob sends media through the sandbox admin API; resolves with its id once the instance stored it. */
  const bobSends = async (body: Record<string, unknown>) => {
    const res = await t.call('POST', `/sandbox/phones/${BOB}/messages/media`, {}, { to: ME, ...body })
    expect(res.statusCode, res.body).toBe(201)
    const msgId = (res.json() as { id: string }).id
    await waitUntil(async () => {
      const page = await c.bridge.chats.messages({ instanceId: id, chatId: `${BOB}@c.us` })
      return page.ok && page.data.messages.some((m) => m.id === msgId)
    }, 20_000, 'the media message stored')
    return msgId
  }

  it('checkNumber: a number on WhatsApp in any spelling, one that is not, and bad input', async () => {
    expect(await c.bridge.chats.checkNumber({ instanceId: id, phone: '+1 555 040-2003' })).toEqual({ ok: true, data: { phone: CAROL, exists: true, chatId: `${CAROL}@c.us` } })
    expect(await c.bridge.chats.checkNumber({ instanceId: id, phone: NOBODY })).toEqual({ ok: true, data: { phone: NOBODY, exists: false, chatId: `${NOBODY}@c.us` } })
    expect(await c.bridge.chats.checkNumber({ instanceId: id, phone: '0044 12' })).toMatchObject({ ok: false, error: { code: 'invalid_param' } })
    expect(await c.bridge.chats.checkNumber({ instanceId: 'NOSUCHINSTAN', phone: CAROL })).toMatchObject({ ok: false, error: { code: 'invalid_session' } })
  })

  it('a first message to a number with no chat: the empty thread sends, then the chat is listed and found by the typed number', async () => {
    const empty = await c.bridge.chats.messages({ instanceId: id, chatId: `${CAROL}@c.us` })
    expect(empty).toEqual({ ok: true, data: { messages: [], hasMore: false, cursor: null } })
    expect(await c.bridge.chats.list({ instanceId: id, search: '+1 555 040 2003' })).toEqual({ ok: true, data: { chats: [], hasMore: false } })
    // Unlimited: no account-protection pause holds the first send in the queue.
    expect(await c.bridge.policies.set({ instanceId: id, slug: 'unlimited' })).toMatchObject({ ok: true })
    const sent = await c.bridge.chats.sendText({ instanceId: id, chatId: `${CAROL}@c.us`, text: 'Hello Carol, first message' })
    expect(sent).toMatchObject({ ok: true, data: { chatId: `${CAROL}@c.us`, fromMe: true } })
    const listed = await waitUntil(async () => {
      const r = await c.bridge.chats.list({ instanceId: id, search: '+1 555 040 2003' })
      return r.ok && r.data.chats.find((x) => x.id === `${CAROL}@c.us`)
    }, 15_000, 'the new chat listed')
    expect(listed.lastMessage).toMatchObject({ text: 'Hello Carol, first message', fromMe: true })
    await waitUntil(async () => {
      const inbox = await c.bridge.sandbox.messages({ phoneNumber: CAROL })
      return inbox.ok && inbox.data.some((m) => m.text === 'Hello Carol, first message' && !m.fromMe)
    }, 15_000, 'Carol received it')
  })

  it('media: a received photo and document come back byte for byte as data: URLs', async () => {
    const jpeg = await new Jimp({ width: 40, height: 30, color: 0x3366ccff }).getBuffer('image/jpeg')
    const photoId = await bobSends({ kind: 'image', data: jpeg.toString('base64'), caption: 'the shop front' })
    const photo = await c.bridge.chats.media({ instanceId: id, chatId: `${BOB}@c.us`, messageId: photoId })
    if (!photo.ok) throw new Error(photo.error.message)
    expect(photo.data).toMatchObject({ mimetype: 'image/jpeg', size: jpeg.length })
    expect(photo.data.dataUrl.startsWith('data:image/jpeg;base64,')).toBe(true)
    expect(Buffer.from(photo.data.dataUrl.split(',')[1]!, 'base64').equals(jpeg)).toBe(true)

    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(50_000)])
    const docId = await bobSends({ kind: 'document', data: pdf.toString('base64'), mimetype: 'application/pdf', filename: 'price list.pdf' })
    const doc = await c.bridge.chats.media({ instanceId: id, chatId: `${BOB}@c.us`, messageId: docId })
    if (!doc.ok) throw new Error(doc.error.message)
    expect(doc.data).toMatchObject({ mimetype: 'application/pdf', filename: 'price list.pdf', size: pdf.length })
    expect(Buffer.from(doc.data.dataUrl.split(',')[1]!, 'base64').equals(pdf)).toBe(true)
    // The thread lists them with their kind, for the bubbles.
    const page = await c.bridge.chats.messages({ instanceId: id, chatId: `${BOB}@c.us` })
    expect(page.ok && page.data.messages.find((m) => m.id === docId)?.media).toEqual({ mimetype: 'application/pdf', filename: 'price list.pdf', url: null })
  })

  it('media: expired on the media host -> the phone uploads it again; media a message does not have -> media_not_found', async () => {
    const voice = randomBytes(4_000)
    const voiceId = await bobSends({ kind: 'voice', data: voice.toString('base64') })
    await waitUntil(async () => !!(await t.core.sandbox!.mediaOf(ME, voiceId)), 15_000, "the phone's copy")
    const fault = await t.call('POST', '/sandbox/faults', {}, { action: 'media_expired', message_id: voiceId, status: 410 })
    expect(fault.statusCode, fault.body).toBe(200)
    const got = await c.bridge.chats.media({ instanceId: id, chatId: `${BOB}@c.us`, messageId: voiceId })
    if (!got.ok) throw new Error(got.error.message)
    expect(got.data.mimetype).toBe('audio/ogg')
    expect(Buffer.from(got.data.dataUrl.split(',')[1]!, 'base64').equals(voice)).toBe(true)
    await t.call('POST', '/sandbox/faults', {}, { action: 'clear' })
    // Larger than one bridge message may carry: refused in words before any download.
    t.core.db.prepare('UPDATE store_messages SET media_size = ? WHERE instance_id = ? AND id = ?').run(20 * 1024 * 1024, id, voiceId)
    expect(await c.bridge.chats.media({ instanceId: id, chatId: `${BOB}@c.us`, messageId: voiceId })).toMatchObject({ ok: false, error: { code: 'media_too_large', message: expect.stringContaining('20.0 MiB') } })

    const text = await c.bridge.sandbox.sendText({ phoneNumber: BOB, to: ME, text: 'just words' })
    if (!text.ok) throw new Error(text.error.message)
    await waitUntil(async () => {
      const page = await c.bridge.chats.messages({ instanceId: id, chatId: `${BOB}@c.us` })
      return page.ok && page.data.messages.some((m) => m.text === 'just words')
    }, 15_000, 'text stored')
    expect(await c.bridge.chats.media({ instanceId: id, chatId: `${BOB}@c.us`, messageId: text.data.id })).toMatchObject({ ok: false, error: { code: 'media_not_found' } })
    expect(await c.bridge.chats.media({ instanceId: id, chatId: `${BOB}@c.us`, messageId: 'NOSUCHMESSAGE' })).toMatchObject({ ok: false, error: { code: 'media_not_found' } })
  })
})
