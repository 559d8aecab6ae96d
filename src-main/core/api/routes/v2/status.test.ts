// /v2/status on the sandbox with real Baileys: text, image, voice and video statuses reach exactly their
// audience (the people's phones decrypt them from status@broadcast), the default audience is every known
// contact, a delete revokes the status on the phones, and bad input or a stopped session are refused.
import { proto, type WAMessage } from '@whiskeysockets/baileys'
import { Jimp } from 'jimp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listContacts } from '../../../messaging/store/index.js'
import { startAccountCore, waitUntil, type AccountCore } from '../../../testing/account-core.js'
import { ffmpegMake, sha, wav } from '../../../testing/media-fixtures.js'

const ME = '15550104001'
const BOB = '15550104002'
const CAROL = '15550104003'

describe.sequential('/v2/status', () => {
  let c: AccountCore
  const statusOf = async (phone: string, id: string) => (await c.t.core.sandbox!.messages(phone)).find((m) => m.id === id && m.chat === 'status@broadcast')
  const seenBy = (phone: string, id: string) => waitUntil(() => statusOf(phone, id), 8000, `${phone} sees status ${id}`)
  const keyId = (body: { key: { id: string } }) => body.key.id

  beforeAll(async () => {
    c = await startAccountCore(ME, [BOB, CAROL])
  })
  afterAll(async () => c?.close())

  it('text: only the listed contacts get it, with its colour and font; the answer carries the status id', async () => {
    const res = await c.api('POST', '/v2/status/text', { text: 'Open today 9-5', backgroundColor: '#38b42f', font: '2', contacts: [`${BOB}@c.us`] })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.id._serialized).toMatch(/^true_status@broadcast_/)
    expect(body.key.remoteJid).toBe('status@broadcast')
    const toCarol = await c.api('POST', '/v2/status/text', { text: 'for Carol', contacts: JSON.stringify([CAROL]) })
    const got = await seenBy(BOB, keyId(body))
    expect(got.text).toBe('Open today 9-5')
    const ext = (got.content as { extendedTextMessage?: { backgroundArgb?: number; font?: string | number } }).extendedTextMessage
    expect(ext?.backgroundArgb).toBe(0xff38b42f)
    expect(ext?.font).toBeTruthy()
    await seenBy(CAROL, keyId(toCarol.json()))
    expect(await statusOf(CAROL, keyId(body))).toBeUndefined()
  })

  it('without contacts the status goes to every contact the instance knows', async () => {
    await c.t.core.sandbox!.sendText(BOB, ME, 'hello from Bob')
    await waitUntil(() => listContacts(c.t.core.db, c.id).some((x) => x.jid === `${BOB}@s.whatsapp.net`), 8000, 'the store knows Bob')
    const res = await c.api('POST', '/v2/status/text', { text: 'to everyone I know', contacts: 'null' })
    expect(res.statusCode).toBe(200)
    await seenBy(BOB, keyId(res.json()))
  })

  it('image, voice (WAV converted to OGG/Opus) and video statuses decrypt on the phone', async () => {
    const jpeg = await new Jimp({ width: 64, height: 64, color: 0x8844ccff }).getBuffer('image/jpeg')
    const img = await c.api('POST', '/v2/status/image', { file: { data: jpeg.toString('base64'), mimetype: 'image/jpeg' }, caption: 'new menu', contacts: [BOB] })
    expect(img.statusCode).toBe(200)
    const seenImg = await seenBy(BOB, keyId(img.json()))
    expect(seenImg).toMatchObject({ type: 'image', mediaMimetype: 'image/jpeg', text: 'new menu' })
    expect(sha((await c.t.core.sandbox!.mediaOf(BOB, keyId(img.json())))!.body)).toBe(sha(jpeg))

    const voice = await c.api('POST', '/v2/status/voice', { 'file[data]': wav(0.5).toString('base64'), convert: 'true', backgroundColor: '112233', contacts: [BOB] })
    expect(voice.statusCode).toBe(200)
    const seenVoice = await seenBy(BOB, keyId(voice.json()))
    expect(seenVoice.type).toBe('audio')
    expect(seenVoice.mediaMimetype).toContain('audio/ogg')
    const audio = (await c.t.core.sandbox!.mediaOf(BOB, keyId(voice.json())))!.body
    expect(audio.subarray(0, 4).toString('latin1')).toBe('OggS')

    const mp4 = await ffmpegMake(['-f', 'lavfi', '-i', 'testsrc=duration=1:size=64x48:rate=10', '-c:v', 'libx264', '-pix_fmt', 'yuv420p'], 'mp4')
    const video = await c.api('POST', '/v2/status/video', { file: { data: mp4.toString('base64'), mimetype: 'video/mp4' }, caption: 'clip', contacts: [BOB] })
    expect(video.statusCode).toBe(200)
    expect(await seenBy(BOB, keyId(video.json()))).toMatchObject({ type: 'video', text: 'clip' })
    expect(sha((await c.t.core.sandbox!.mediaOf(BOB, keyId(video.json())))!.body)).toBe(sha(mp4))
  })

  it('delete: the phone that saw the status is told to revoke it', async () => {
    const bob = await c.person(BOB)
    const revoked: string[] = []
    const onUpsert = ({ messages }: { messages: WAMessage[] }) => {
      for (const m of messages) {
        const p = m.message?.protocolMessage
        if (p?.type === proto.Message.ProtocolMessage.Type.REVOKE && p.key?.id) revoked.push(p.key.id)
      }
    }
    const onUpdate = (updates: { key: { id?: string | null }; update: { messageStubType?: number | null } }[]) => {
      for (const u of updates) if (u.update.messageStubType === proto.WebMessageInfo.StubType.REVOKE && u.key.id) revoked.push(u.key.id)
    }
    bob.ev.on('messages.upsert', onUpsert)
    bob.ev.on('messages.update', onUpdate)
    try {
      const posted = await c.api('POST', '/v2/status/text', { text: 'oops', contacts: [BOB] })
      const id = keyId(posted.json())
      await seenBy(BOB, id)
      const del = await c.api('POST', '/v2/status/delete', { id: posted.json().id._serialized, contacts: [BOB] })
      expect(del.statusCode).toBe(200)
      await waitUntil(() => revoked.includes(id), 8000, 'Bob told to revoke')
    } finally {
      bob.ev.off('messages.upsert', onUpsert)
      bob.ev.off('messages.update', onUpdate)
    }
  })

  it('bad input answers 400 naming the parameter', async () => {
    const noText = await c.api('POST', '/v2/status/text', { contacts: [BOB] })
    expect(noText.json()).toMatchObject({ code: 'missing_param', details: { missing: ['text'] } })
    const colour = await c.api('POST', '/v2/status/text', { text: 'x', backgroundColor: 'green', contacts: [BOB] })
    expect(colour.json()).toMatchObject({ code: 'invalid_param', details: { invalid: ['backgroundColor'] } })
    const fontNo = await c.api('POST', '/v2/status/text', { text: 'x', font: 'serif', contacts: [BOB] })
    expect(fontNo.json().details.invalid).toEqual(['font'])
    const who = await c.api('POST', '/v2/status/text', { text: 'x', contacts: ['nobody'] })
    expect(who.json()).toMatchObject({ code: 'invalid_chat_id', details: { invalid: ['contacts[0]'] } })
    const noFile = await c.api('POST', '/v2/status/image', { contacts: [BOB] })
    expect(noFile.json().code).toBe('missing_param')
    const noId = await c.api('POST', '/v2/status/delete', { contacts: [BOB] })
    expect(noId.json().details.missing).toEqual(['id'])
  })

  it('a stopped session answers 422 session_status_mismatch', async () => {
    await c.api('POST', '/v2/session/stop')
    await c.t.waitForStatus(c.id, 'STOPPED')
    const res = await c.api('POST', '/v2/status/text', { text: 'x', contacts: [BOB] })
    expect(res.statusCode).toBe(422)
    expect(res.json().code).toBe('session_status_mismatch')
  })
})
