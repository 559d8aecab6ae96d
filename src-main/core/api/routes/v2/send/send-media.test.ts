// Media sends end to end: files by URL (a local server) or base64, every parameter spelling, conversions with
// the bundled ffmpeg, and the recipient's decrypted copy compared byte for byte (sandbox media service).
import { randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toMp4, toOggOpus } from '../../../../messaging/send/transcode.js'
import { waitUntil } from '../../../../testing/core-harness.js'
import { ffmpegMake, sha, wav } from '../../../../testing/media-fixtures.js'
import { keyIdOf, openSendCore, type SendCtx } from '../../../../testing/send-core.js'

const ME = '15551240001'
const PEER = '15551240002'

describe('/v2/send media', () => {
  let s: SendCtx
  let server: Server
  let base = ''
  const files = new Map<string, { type: string; body: Buffer }>()
  const LIMIT = 512 * 1024

  beforeAll(async () => {
    server = createServer((req, res) => {
      const f = files.get(req.url ?? '')
      if (req.url === '/huge') {
        res.writeHead(200, { 'content-type': 'application/octet-stream' })
        res.end(Buffer.alloc(LIMIT + 10))
        return
      }
      if (!f) return void res.writeHead(404).end()
      res.writeHead(200, { 'content-type': f.type, 'content-length': f.body.length }).end(f.body)
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`
    s = await openSendCore(ME, PEER, { sendMedia: { maxBytes: LIMIT, timeoutMs: 5_000 } })
    await s.setPolicy('unlimited')
  })
  afterAll(async () => {
    await s?.close()
    await new Promise((r) => server?.close(r))
  })

  async function media(res: { statusCode: number; body: string; json(): unknown }) {
    expect(res.statusCode, res.body).toBe(200)
    const id = (res.json() as { key: { id: string } }).key.id
    const got = await s.received(id)
    const m = await waitUntil(() => s.t.core.sandbox!.mediaOf(PEER, id), 10_000, 'media')
    return { got, body: m.body, mimetype: m.mimetype }
  }

  it('image by URL with flat bracket keys in a JSON body (the documented sample)', async () => {
    const { Jimp } = await import('jimp')
    const png = await new Jimp({ width: 40, height: 30, color: 0x11aa33ff }).getBuffer('image/png')
    files.set('/cat.png', { type: 'image/png', body: png })
    const r = await media(
      await s.call('POST', '/v2/send/image', {}, { chatId: `${PEER}@c.us`, 'file[url]': `${base}/cat.png`, 'file[filename]': 'cat.png', 'file[mimetype]': 'image/png', caption: 'a cat' })
    )
    expect(sha(r.body)).toBe(sha(png))
    expect(r.got.type).toBe('image')
    expect(r.got.text).toBe('a cat')
  })

  it('image as base64 in a nested file object, GET with bracket keys in the query', async () => {
    const { Jimp } = await import('jimp')
    const jpg = await new Jimp({ width: 20, height: 20, color: 0xff0000ff }).getBuffer('image/jpeg')
    const nested = await media(await s.call('POST', '/v2/send/image', {}, { chatId: PEER, file: { data: jpg.toString('base64'), mimetype: 'image/jpeg' } }))
    expect(sha(nested.body)).toBe(sha(jpg))
    files.set('/red.jpg', { type: 'image/jpeg', body: jpg })
    const viaGet = await media(await s.call('GET', '/v2/send/image', { chatId: PEER, 'file[url]': `${base}/red.jpg`, caption: 'via GET' }))
    expect(sha(viaGet.body)).toBe(sha(jpg))
  })

  it('image with reply_to: the recipient gets the image quoting the replied message', async () => {
    const { Jimp } = await import('jimp')
    const first = await s.call('POST', '/v2/send/text', {}, { chatId: PEER, message: 'which colour?' })
    expect(first.statusCode, first.body).toBe(200)
    const png = await new Jimp({ width: 16, height: 16, color: 0x2244ccff }).getBuffer('image/png')
    const r = await media(await s.call('POST', '/v2/send/image', {}, { chatId: PEER, file: { data: png.toString('base64'), mimetype: 'image/png' }, caption: 'this one', reply_to: first.json().id._serialized }))
    expect(sha(r.body)).toBe(sha(png))
    const ctx = (r.got.content as { imageMessage: { caption: string; contextInfo: { stanzaId: string; participant: string; quotedMessage: { conversation?: string; extendedTextMessage?: { text: string } } } } }).imageMessage
    expect(ctx.caption).toBe('this one')
    expect(ctx.contextInfo.stanzaId).toBe(first.json().key.id)
    expect(ctx.contextInfo.participant).toBe(`${ME}@s.whatsapp.net`)
    expect(ctx.contextInfo.quotedMessage.conversation ?? ctx.contextInfo.quotedMessage.extendedTextMessage?.text).toBe('which colour?')
  })

  it('pdf keeps its file name; a top-level url is accepted for file[url]', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(4000)])
    files.set('/report.pdf', { type: 'application/pdf', body: pdf })
    const r = await media(await s.call('POST', '/v2/send/pdf', {}, { chatId: PEER, url: `${base}/report.pdf`, caption: 'Q3' }))
    expect(sha(r.body)).toBe(sha(pdf))
    expect(r.got.type).toBe('document')
    expect((r.got.content as { documentMessage: { fileName: string } }).documentMessage.fileName).toBe('report.pdf')
  })

  it('voice: a WAV converted to OGG/Opus (convert="true" as a string) arrives as a voice note', async () => {
    const input = wav(1)
    const expected = await toOggOpus(input)
    const r = await media(await s.call('POST', '/v2/send/voice', {}, { chatId: PEER, 'file[data]': input.toString('base64'), convert: 'true' }))
    expect(r.body.subarray(0, 4).toString('latin1')).toBe('OggS')
    expect(sha(r.body)).toBe(sha(expected))
    expect((r.got.content as { audioMessage: { ptt: boolean; mimetype: string } }).audioMessage).toMatchObject({ ptt: true, mimetype: 'audio/ogg; codecs=opus' })
  })

  it('voice: an MP3 by URL is converted even without convert; convert=0 keeps OGG bytes as they are', async () => {
    const mp3 = await ffmpegMake(['-f', 'lavfi', '-i', 'sine=frequency=330:duration=1', '-c:a', 'libmp3lame'], 'mp3')
    files.set('/note.mp3', { type: 'audio/mpeg', body: mp3 })
    const converted = await media(await s.call('POST', '/v2/send/voice', {}, { chatId: PEER, file: { url: `${base}/note.mp3` } }))
    expect(sha(converted.body)).toBe(sha(await toOggOpus(mp3)))
    const ogg = await toOggOpus(wav(0.5, 600))
    const asIs = await media(await s.call('POST', '/v2/send/voice', {}, { chatId: PEER, file: { data: ogg.toString('base64') }, convert: '0' }))
    expect(sha(asIs.body)).toBe(sha(ogg))
  })

  it('video: a WebM converted to MP4, and an MP4 sent as a round video note (asNote="true")', async () => {
    const webm = await ffmpegMake(['-f', 'lavfi', '-i', 'testsrc=duration=1:size=64x48:rate=10', '-c:v', 'libvpx'], 'webm')
    const mp4 = await toMp4(webm)
    const converted = await media(await s.call('POST', '/v2/send/video', {}, { chatId: PEER, file: { data: webm.toString('base64') }, convert: 'true', asNote: 'false', caption: 'clip' }))
    expect(sha(converted.body)).toBe(sha(mp4))
    expect(converted.got.type).toBe('video')
    expect(converted.got.text).toBe('clip')
    files.set('/clip.mp4', { type: 'video/mp4', body: mp4 })
    const note = await media(await s.call('GET', '/v2/send/video', { chatId: PEER, 'file[url]': `${base}/clip.mp4`, asNote: 'true' }))
    expect(sha(note.body)).toBe(sha(mp4))
    expect(note.got.type).toBe('ptv')
  })

  it('media routes take bodies over the 1 MiB default (base64 files); other routes do not', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(LIMIT - 100)])
    const filler = 'x'.repeat(400 * 1024) // unknown parameters are ignored, but they count towards the body size
    const big = await s.call('POST', '/v2/send/pdf', {}, { chatId: PEER, 'file[data]': pdf.toString('base64'), 'file[filename]': 'big.pdf', filler })
    expect(big.statusCode, big.body.slice(0, 200)).toBe(200)
    const r = await media(big)
    expect(sha(r.body)).toBe(sha(pdf))
    const text = await s.call('POST', '/v2/send/text', {}, { chatId: PEER, message: 'x'.repeat(1_100_000) })
    expect([text.statusCode, text.json().code]).toEqual([413, 'payload_too_large'])
  })

  it('file errors: missing file, bad base64, unreachable URL, HTTP 404, too large (URL and base64), not convertible', async () => {
    const missing = await s.call('POST', '/v2/send/image', {}, { chatId: PEER })
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toMatchObject({ code: 'missing_param', details: { missing: ['file[url]'] } })
    const bad = await s.call('POST', '/v2/send/image', {}, { chatId: PEER, 'file[data]': 'not base64 at all!' })
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'invalid_base64'])
    const refused = await s.call('POST', '/v2/send/image', {}, { chatId: PEER, 'file[url]': 'http://127.0.0.1:9/x.png' })
    expect([refused.statusCode, refused.json().code]).toEqual([422, 'file_unreachable'])
    const notFound = await s.call('POST', '/v2/send/pdf', {}, { chatId: PEER, 'file[url]': `${base}/nope.pdf` })
    expect([notFound.statusCode, notFound.json().code]).toEqual([422, 'file_unreachable'])
    expect(notFound.json().message).toContain('HTTP 404')
    const scheme = await s.call('POST', '/v2/send/pdf', {}, { chatId: PEER, 'file[url]': 'ftp://example.com/a.pdf' })
    expect([scheme.statusCode, scheme.json().code]).toEqual([400, 'invalid_file_url'])
    const huge = await s.call('POST', '/v2/send/pdf', {}, { chatId: PEER, 'file[url]': `${base}/huge` })
    expect([huge.statusCode, huge.json().code]).toEqual([413, 'file_too_large'])
    const hugeB64 = await s.call('POST', '/v2/send/pdf', {}, { chatId: PEER, 'file[data]': Buffer.alloc(LIMIT + 1).toString('base64') })
    expect([hugeB64.statusCode, hugeB64.json().code]).toEqual([413, 'file_too_large'])
    const junk = await s.call('POST', '/v2/send/voice', {}, { chatId: PEER, 'file[data]': randomBytes(3000).toString('base64'), convert: true })
    expect([junk.statusCode, junk.json().code]).toEqual([422, 'conversion_failed'])
    const badBool = await s.call('POST', '/v2/send/video', {}, { chatId: PEER, 'file[data]': 'AAAA', convert: 'maybe' })
    expect([badBool.statusCode, badBool.json().code]).toEqual([400, 'invalid_param'])
  })
})
