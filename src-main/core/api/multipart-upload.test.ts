// Multipart bodies are streamed (issue 13): file parts go to a 0600 temp file under <data-dir>/uploads, never into
// memory, the body is capped by the route's limit while it arrives (413 payload_too_large, also without a
// Content-Length), the files are deleted once the request is answered, and a client cannot name a local file.
// Real HTTP on loopback for the size checks; a test route reads the upload the way the media routes do.
import { createHash, randomBytes } from 'node:crypto'
import { readdirSync, statSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_MEDIA_LIMITS } from '../messaging/send/media-input.js'
import { startTestCore, waitUntil, type TestCore } from '../testing/core-harness.js'
import { readMediaParam } from './params/media-param.js'

const MiB = 1024 * 1024
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex')
const BOUNDARY = '----switchboard-test-boundary'

/** Streams a multipart body (fields, then one file part of `fileBytes` made of `chunk` repeated) over real HTTP. */
/** One upload, tried again (up to 3 times) when the server's early close won the race against reading its answer. */
async function upload(...args: Parameters<typeof uploadOnce>): ReturnType<typeof uploadOnce> {
  let answer = await uploadOnce(...args)
  for (let retry = 0; retry < 2 && answer.status === -1; retry++) answer = await uploadOnce(...args)
  return answer
}

function uploadOnce(
  port: number,
  path: string,
  o: { fields?: Record<string, string>; fileBytes: number; chunk: Buffer; filename?: string; type?: string; chunked?: boolean; onTick?: () => void }
): Promise<{ status: number; body: string }> {
  const head = [
    ...Object.entries(o.fields ?? {}).map(([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${o.filename ?? 'blob.bin'}"\r\n${o.type ? `Content-Type: ${o.type}\r\n` : ''}\r\n`
  ].join('')
  const tail = `\r\n--${BOUNDARY}--\r\n`
  const length = Buffer.byteLength(head) + o.fileBytes + Buffer.byteLength(tail)
  return new Promise((resolve, reject) => {
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      path,
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...(o.chunked ? {} : { 'content-length': String(length) }) }
    })
    let answered = false
    req.on('response', (res) => {
      answered = true
      const parts: Buffer[] = []
      res.on('data', (c: Buffer) => parts.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString('utf8') }))
    })
    // The server may answer and close before the whole body is sent: that is the point of some tests. When its close
    // wins the race against reading its answer, the client sees EPIPE/ECONNRESET instead (status -1): upload() tries again.
    req.on('error', (e: NodeJS.ErrnoException) => {
      if (answered) return
      if (e.code === 'EPIPE' || e.code === 'ECONNRESET') resolve({ status: -1, body: e.code })
      else reject(e)
    })
    req.write(head)
    let sent = 0
    const pump = () => {
      while (sent < o.fileBytes && !answered) {
        const n = Math.min(o.chunk.length, o.fileBytes - sent)
        sent += n
        o.onTick?.()
        if (!req.write(n === o.chunk.length ? o.chunk : o.chunk.subarray(0, n))) return void req.once('drain', pump)
      }
      if (!answered) req.end(tail)
    }
    pump()
  })
}

describe('multipart uploads', () => {
  let t: TestCore
  let port = 0
  let id = ''
  const uploadDir = () => join(t.dataDir, 'uploads')
  const seenDuring: { files: string[]; modes: number[] }[] = []
  /** The files are deleted right after the answer is sent: an instant later the dir is empty. */
  const gone = () => waitUntil(() => readdirSync(uploadDir()).length === 0, 2_000, 'uploads deleted')

  beforeAll(async () => {
    t = await startTestCore('offline', {
      extraRoutes: [
        async (app: FastifyInstance) => {
          // Reads the file as the media routes do (readMediaParam); a 4 MiB file limit under a 64 MiB body limit.
          app.post('/test/upload', { config: { auth: 'account' }, bodyLimit: 64 * MiB }, async (request) => {
            const files = readdirSync(uploadDir())
            seenDuring.push({ files, modes: files.map((f) => statSync(join(uploadDir(), f)).mode & 0o777) })
            const file = await readMediaParam(request.input, { ...DEFAULT_MEDIA_LIMITS, maxBytes: 4 * MiB })
            return { sha: sha(file.data), size: file.data.length, filename: file.filename ?? null, mimetype: file.mimetype ?? null, caption: request.input.caption ?? null }
          })
        }
      ]
    })
    port = t.core.port
    id = await t.createInstance()
  })
  afterAll(() => t?.close())

  it('a normal upload arrives byte for byte, from a 0600 temp file deleted once answered', async () => {
    const bytes = randomBytes(3 * MiB + 123)
    const r = await upload(port, `/test/upload?access_token=${t.token}`, { fields: { caption: 'héllo' }, fileBytes: bytes.length, chunk: bytes, filename: 'photo.png', type: 'image/png' })
    expect(r.status, r.body).toBe(200)
    expect(JSON.parse(r.body)).toEqual({ sha: sha(bytes), size: bytes.length, filename: 'photo.png', mimetype: 'image/png', caption: 'héllo' })
    const during = seenDuring.at(-1)!
    expect(during.files).toHaveLength(1)
    expect(during.modes).toEqual([0o600])
    expect((statSync(uploadDir()).mode & 0o777).toString(8)).toBe('700')
    await gone()
    // A part without a Content-Type has no type (the routes apply their defaults), chunked transfer works too.
    const plain = await upload(port, `/test/upload?access_token=${t.token}`, { fileBytes: 1000, chunk: Buffer.alloc(1000, 7), chunked: true })
    expect(JSON.parse(plain.body)).toMatchObject({ size: 1000, mimetype: null, filename: 'blob.bin' })
  })

  it('a file over the media limit is refused from its size on disk (413 file_too_large), and deleted', async () => {
    const r = await upload(port, `/test/upload?access_token=${t.token}`, { fileBytes: 5 * MiB, chunk: Buffer.alloc(64 * 1024, 1) })
    expect(r.status, r.body).toBe(413)
    expect(JSON.parse(r.body)).toMatchObject({ code: 'file_too_large' })
    await gone()
  })

  it('an authenticated body over the route limit answers 413 payload_too_large without being buffered (RSS bound)', async () => {
    const chunk = Buffer.alloc(256 * 1024, 0x61)
    const url = `/v2/send/image?access_token=${t.token}&instance_id=${id}&chatId=15550000001`
    // The image route's limit is the 64 MiB file as base64 plus 1 MiB (about 86 MiB); send 120 MiB, chunked so
    // that only counting while streaming can stop it.
    const base = process.memoryUsage().rss
    let peak = base
    const r = await upload(port, url, { fileBytes: 120 * MiB, chunk, chunked: true, onTick: () => (peak = Math.max(peak, process.memoryUsage().rss)) })
    expect(r.status, r.body).toBe(413)
    expect(JSON.parse(r.body)).toMatchObject({ code: 'payload_too_large' })
    // Buffered, the body alone would be 86 MiB (and the old parser made three copies of it).
    expect((peak - base) / MiB).toBeLessThan(40)
    // Declared too long: answered from the Content-Length, before any byte of the body is read.
    const declared = await upload(port, url, { fileBytes: 100 * MiB, chunk })
    expect(declared.status).toBe(413)
    await gone()
  }, 120_000)

  it('a client cannot name a local file or another request’s upload: file[upload] from JSON or a form is no file', async () => {
    for (const payload of [{ file: { upload: '/etc/passwd' } }, { 'file[upload]': 'upload_AAAAAAAAAAAAAAAAAAAAAAAA' }]) {
      const r = await t.inject({ method: 'POST', url: `/test/upload?access_token=${t.token}`, payload })
      expect(r.statusCode, r.body).toBe(400)
      expect(r.json()).toMatchObject({ code: 'invalid_param' })
    }
  })

  it('a broken multipart body is 400 invalid_param, and a form with only fields still parses', async () => {
    const broken = await t.inject({ method: 'POST', url: `/test/upload?access_token=${t.token}`, headers: { 'content-type': 'multipart/form-data; boundary=zz' }, payload: 'not multipart' })
    expect(broken.statusCode).toBe(400)
    expect(broken.json()).toMatchObject({ code: 'invalid_param' })
    const noBoundary = await t.inject({ method: 'POST', url: `/test/upload?access_token=${t.token}`, headers: { 'content-type': 'multipart/form-data' }, payload: 'x' })
    expect(noBoundary.json()).toMatchObject({ code: 'invalid_param' })
    const form = new FormData()
    form.append('caption', 'only fields')
    form.append('file', 'not base64!')
    const req = new Request('http://x/', { method: 'POST', body: form })
    const r = await t.inject({ method: 'POST', url: `/test/upload?access_token=${t.token}`, headers: { 'content-type': req.headers.get('content-type')! }, payload: Buffer.from(await req.arrayBuffer()) })
    // `file` as a text field is base64 text, as in a JSON body.
    expect(r.json()).toMatchObject({ code: 'invalid_base64' })
  })
})
