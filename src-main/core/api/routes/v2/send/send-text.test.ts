// /v2/send/text and link-preview end to end: real HTTP (inject), real Baileys, the simulated recipient decrypts.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { keyIdOf, openSendCore, type SendCtx } from '../../../../testing/send-core.js'

const ME = '15551230001'
const PEER = '15551230002'
const THIRD = '15551230003'

describe('/v2/send/text', () => {
  let s: SendCtx
  beforeAll(async () => {
    s = await openSendCore(ME, PEER)
    await s.setPolicy('unlimited')
  })
  afterAll(async () => s?.close())

  it('POST JSON: 200 with the id in every form, and the recipient decrypts it', async () => {
    const res = await s.call('POST', '/v2/send/text', {}, { chatId: `${PEER}@c.us`, message: 'hello *bold*' })
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    const id = body.key.id as string
    expect(body.id._serialized).toBe(`true_${PEER}@c.us_${id}`)
    expect(body.id.id).toBe(id)
    expect(body._data.id._serialized).toBe(body.id._serialized)
    expect(body.fromMe).toBe(true)
    expect(body.source).toBe('api')
    expect(body.body).toBe('hello *bold*')
    const got = await s.received(id)
    expect(got.text).toBe('hello *bold*')
    expect(got.from).toBe(`${ME}@s.whatsapp.net`)
  })

  it('GET with everything in the query, bare digits with + and spaces', async () => {
    const res = await s.call('GET', '/v2/send/text', { chatId: `+1 555 123 0002`, message: 'from a GET' })
    expect(res.statusCode, res.body).toBe(200)
    expect((await s.received(keyIdOf(res))).text).toBe('from a GET')
  })

  it('form-encoded body, @s.whatsapp.net chat id, reply_to quotes the replied message', async () => {
    const first = await s.call('POST', '/v2/send/text', {}, { chatId: PEER, message: 'question?' })
    const firstId = first.json().id._serialized as string
    const form = new URLSearchParams({ chatId: `${PEER}@s.whatsapp.net`, message: 'answer!', reply_to: firstId }).toString()
    const res = await s.call('POST', '/v2/send/text', {}, form)
    expect(res.statusCode, res.body).toBe(200)
    const got = await s.received(keyIdOf(res))
    type Quoted = { conversation?: string; extendedTextMessage?: { text: string } }
    const ctx = (got.content as { extendedTextMessage: { text: string; contextInfo: { stanzaId: string; participant: string; quotedMessage: Quoted } } }).extendedTextMessage
    expect(ctx.text).toBe('answer!')
    expect(ctx.contextInfo.stanzaId).toBe(first.json().key.id)
    expect(ctx.contextInfo.participant).toBe(`${ME}@s.whatsapp.net`)
    const quoted = ctx.contextInfo.quotedMessage
    expect(quoted.conversation ?? quoted.extendedTextMessage?.text).toBe('question?')
  })

  it('reply_to "null" is no reply; the body wins over the query', async () => {
    const res = await s.call('POST', '/v2/send/text', { message: 'from the query' }, { chatId: PEER, message: 'from the body', reply_to: 'null' })
    expect(res.statusCode, res.body).toBe(200)
    const got = await s.received(keyIdOf(res))
    expect(got.text).toBe('from the body')
    expect(JSON.stringify(got.content)).not.toContain('contextInfo')
  })

  it('missing chatId and message: 400 missing_param naming both', async () => {
    const res = await s.call('POST', '/v2/send/text', {}, {})
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'missing_param', details: { missing: ['chatId', 'message'] } })
    const onlyChat = await s.call('POST', '/v2/send/text', {}, { message: 'x' })
    expect(onlyChat.json().details.missing).toEqual(['chatId'])
  })

  it('bad chat id 400, number not on WhatsApp 404, unknown group 404', async () => {
    expect((await s.call('POST', '/v2/send/text', {}, { chatId: 'abc', message: 'x' })).json().code).toBe('invalid_chat_id')
    const notOn = await s.call('POST', '/v2/send/text', {}, { chatId: '15559999999', message: 'x' })
    expect(notOn.statusCode).toBe(404)
    expect(notOn.json().code).toBe('not_on_whatsapp')
    const group = await s.call('POST', '/v2/send/text', {}, { chatId: '120363000000000001@g.us', message: 'x' })
    expect(group.statusCode).toBe(404)
    expect(group.json().code).toBe('chat_not_found')
  })

  it('LIDs: an unknown LID is 404 chat_not_found; a real one (never seen, found through the engine) is sent', async () => {
    const unknown = await s.call('POST', '/v2/send/text', {}, { chatId: '99999999999999@lid', message: 'x' })
    expect([unknown.statusCode, unknown.json().code], unknown.body).toEqual([404, 'chat_not_found'])
    // A third account the instance never talked to: no mapping anywhere, so the usync device lookup decides.
    const third = await s.t.core.sandbox!.createPhone({ phoneNumber: THIRD, name: 'Third' })
    expect(third.lid).toMatch(/@lid$/)
    const res = await s.call('POST', '/v2/send/text', {}, { chatId: third.lid, message: 'to a LID' })
    expect(res.statusCode, res.body).toBe(200)
    expect((await s.received(keyIdOf(res), THIRD)).text).toBe('to a LID')
  })

  it('channels: an unknown channel is 404 chat_not_found; the account\'s own channel gets the post', async () => {
    const unknown = await s.call('POST', '/v2/send/text', {}, { chatId: '120363999999999999@newsletter', message: 'x' })
    expect([unknown.statusCode, unknown.json().code], unknown.body).toEqual([404, 'chat_not_found'])
    const created = await s.call('POST', '/v2/channels', {}, { name: 'Send test channel' })
    expect(created.statusCode, created.body).toBe(201)
    const channel = created.json().id as string
    const follower = await s.t.core.sandbox!.personSocket(PEER)
    await follower.newsletterFollow(channel)
    const res = await s.call('POST', '/v2/send/text', {}, { chatId: channel, message: 'channel post' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().id.remote).toBe(channel)
    expect((await s.received(keyIdOf(res))).text).toBe('channel post')
  })

  it('link preview: custom title, description and thumbnail reach the recipient', async () => {
    const { Jimp } = await import('jimp')
    const png = await new Jimp({ width: 300, height: 200, color: 0xcc3366ff }).getBuffer('image/png')
    const res = await s.call('POST', '/v2/send/link-preview', {}, {
      chatId: `${PEER}@c.us`,
      text: 'Look at this',
      url: 'https://example.com/page',
      title: 'Custom title',
      description: 'Custom description',
      thumbnail: png.toString('base64')
    })
    expect(res.statusCode, res.body).toBe(200)
    const got = await s.received(keyIdOf(res))
    const ext = (got.content as { extendedTextMessage: Record<string, unknown> }).extendedTextMessage
    expect(ext.text).toBe('Look at this\nhttps://example.com/page')
    expect(ext.title).toBe('Custom title')
    expect(ext.description).toBe('Custom description')
    expect(ext.matchedText).toBe('https://example.com/page')
    expect(typeof ext.jpegThumbnail).toBe('string')

    // WAHA's nested preview with a high-quality (uploaded) image; the text gets the url appended.
    const hq = await s.call('POST', '/v2/send/link-preview', {}, {
      chatId: PEER,
      text: 'HQ',
      linkPreviewHighQuality: 'true',
      preview: { url: 'https://example.com/hq', title: 'Nested', image: { data: png.toString('base64') } }
    })
    expect(hq.statusCode, hq.body).toBe(200)
    const hqExt = (await s.received(keyIdOf(hq))).content as { extendedTextMessage: Record<string, unknown> }
    expect(hqExt.extendedTextMessage).toMatchObject({ text: 'HQ\nhttps://example.com/hq', title: 'Nested' })
    expect(hqExt.extendedTextMessage.thumbnailDirectPath).toBeTruthy()
  })

  it('link preview: a thumbnail by URL is fetched and sent as the preview image; an unreachable one is 422', async () => {
    const { Jimp } = await import('jimp')
    const { extractImageThumb } = await import('@whiskeysockets/baileys')
    const png = await new Jimp({ width: 320, height: 160, color: 0x33aa66ff }).getBuffer('image/png')
    const server = createServer((req, res) => (req.url === '/thumb.png' ? res.writeHead(200, { 'content-type': 'image/png' }).end(png) : res.writeHead(404).end()))
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      const res = await s.call('POST', '/v2/send/link-preview', {}, { chatId: PEER, url: 'https://example.com/by-url', title: 'By URL', thumbnail: `${base}/thumb.png` })
      expect(res.statusCode, res.body).toBe(200)
      const ext = ((await s.received(keyIdOf(res))).content as { extendedTextMessage: Record<string, unknown> }).extendedTextMessage
      expect(ext).toMatchObject({ title: 'By URL', matchedText: 'https://example.com/by-url' })
      // The bubble's JPEG is the fetched image scaled down, exactly as Baileys derives it from those bytes.
      expect(ext.jpegThumbnail).toBe((await extractImageThumb(png, 192)).buffer.toString('base64'))
      const gone = await s.call('POST', '/v2/send/link-preview', {}, { chatId: PEER, url: 'https://example.com/x', thumbnail: `${base}/missing.png` })
      expect([gone.statusCode, gone.json().code]).toEqual([422, 'file_unreachable'])
    } finally {
      await new Promise((r) => server.close(r))
    }
  })

  it('junk parameters never answer 5xx on any send route', async () => {
    const junk: unknown[] = [5, -1.5, true, [], [1, 'a'], {}, { a: { b: [null] } }, 'null', '', '{not json', '[1,2', '🙂'.repeat(3)]
    const names = ['chatId', 'message', 'file', 'url', 'caption', 'convert', 'asNote', 'poll', 'votes', 'messageId', 'contacts', 'event', 'latitude', 'longitude', 'reply_to', 'reaction', 'thumbnail', 'messageIds', 'star']
    const paths = ['text', 'image', 'pdf', 'voice', 'video', 'link-preview', 'location', 'poll', 'poll/vote', 'contact', 'list', 'event', 'reaction', 'seen', 'start-typing', 'star']
    let i = 0
    for (const path of paths) {
      for (let round = 0; round < 6; round++) {
        const body: Record<string, unknown> = { chatId: PEER }
        for (const name of names) if ((i++ * 7) % 3 === 0) body[name] = junk[i % junk.length]
        const res = await s.call('POST', `/v2/send/${path}`, {}, body)
        expect(res.statusCode, `${path} ${JSON.stringify(body)} -> ${res.body}`).toBeLessThan(500)
      }
    }
  })

  it('OpenAPI documents every send route with its parameters, 202 queueing and error codes', async () => {
    const doc = (await s.t.inject({ method: 'GET', url: '/docs/json' })).json() as { paths: Record<string, Record<string, { description: string; responses: Record<string, unknown>; parameters?: { name: string }[] }>> }
    for (const path of ['text', 'image', 'pdf', 'voice', 'video', 'link-preview', 'location', 'poll', 'poll/vote', 'contact', 'list', 'event', 'seen', 'start-typing', 'stop-typing', 'reaction', 'star', 'queue']) {
      expect(doc.paths[`/v2/send/${path}`], path).toBeTruthy()
    }
    const text = doc.paths['/v2/send/text']!
    expect(Object.keys(text).sort()).toEqual(['get', 'post'])
    expect(Object.keys(text.post!.responses)).toContain('202')
    expect(text.post!.description).toContain('account_protection_seconds')
    expect(text.post!.description).toContain('not_on_whatsapp')
    expect(text.get!.parameters!.map((p) => p.name)).toEqual(expect.arrayContaining(['chatId', 'message', 'reply_to']))
    expect(Object.keys(doc.paths['/v2/send/reaction']!).sort()).toEqual(['post', 'put'])
  })

  it('instance not WORKING: 422 session_status_mismatch naming the status (last: it stops the instance)', async () => {
    expect((await s.call('POST', '/v2/session/stop')).statusCode).toBe(200)
    const res = await s.call('POST', '/v2/send/text', {}, { chatId: PEER, message: 'nobody sends this' })
    expect(res.statusCode).toBe(422)
    expect(res.json()).toMatchObject({ code: 'session_status_mismatch', details: { status: 'STOPPED' } })
    const typing = await s.call('POST', '/v2/send/start-typing', {}, { chatId: PEER })
    expect([typing.statusCode, typing.json().code]).toEqual([422, 'session_status_mismatch'])
  })
})
