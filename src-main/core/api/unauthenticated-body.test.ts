// Memory before authentication (issue 13 item 3): a large body sent to a media route without a token in the query
// or a header is answered as soon as the default 1 MiB limit is passed, over a real socket, with the rest never
// read; a valid token in a header still lets a large body through; a wrong one is counted by the failure throttle.
import { request as httpRequest } from 'node:http'
import type { Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestCore, type TestCore } from '../testing/core-harness.js'

const MiB = 1024 * 1024

interface Upload {
  status: number
  body: string
  /** Bytes the client managed to write before the answer (or the closed socket). */
  written: number
  /** Bytes the server's socket read for this request. */
  serverRead: number
  ms: number
}

describe('bodies before authentication', () => {
  let t: TestCore
  let id: string
  const sockets: Socket[] = []
  beforeAll(async () => {
    t = await startTestCore('offline')
    id = await t.createInstance()
    t.core.app.server.on('connection', (s: Socket) => sockets.push(s))
  })
  afterAll(() => t.close())

  /** Streams `total` bytes of multipart in 64 KiB chunks, chunked unless `declare`, and stops at the answer. */
  const upload = (path: string, total: number, headers: Record<string, string> = {}, declare = false) =>
    new Promise<Upload>((resolve, reject) => {
      const started = Date.now()
      const boundary = 'xBOUNDARYx'
      const head = Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="a.jpg"\r\ncontent-type: image/jpeg\r\n\r\n`)
      const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
      const chunk = Buffer.alloc(64 * 1024, 0x61)
      let written = 0
      let answered = false
      const before = new Set(sockets)
      const req = httpRequest({
        host: '127.0.0.1',
        port: t.core.port,
        path,
        method: 'POST',
        // A connection of its own, so the server socket's bytesRead counts this request only.
        agent: false,
        headers: {
          host: `127.0.0.1:${t.core.port}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          ...(declare ? { 'content-length': String(total + head.length + tail.length) } : {}),
          ...headers
        }
      })
      const serverRead = () => sockets.filter((s) => !before.has(s)).reduce((n, s) => n + s.bytesRead, 0)
      req.on('response', (res) => {
        answered = true
        let body = ''
        res.on('data', (d: Buffer) => (body += d.toString()))
        res.on('end', () => resolve({ status: res.statusCode!, body, written, serverRead: serverRead(), ms: Date.now() - started }))
      })
      req.on('error', (e) => (answered ? undefined : reject(e)))
      const pump = () => {
        if (written === 0) {
          req.write(head)
          written += head.length
        }
        while (!answered && written < total) {
          written += chunk.length
          if (!req.write(chunk)) return void req.once('drain', pump)
        }
        if (!answered) req.end(tail)
      }
      pump()
    })

  it('an 80 MiB multipart body without a token is answered 400 after at most the 1 MiB limit was read', async () => {
    const res = await upload(`/v2/send/image?instance_id=${id}&chatId=15550000002`, 80 * MiB)
    expect(res.status, res.body).toBe(400)
    expect(JSON.parse(res.body)).toMatchObject({ code: 'missing_param', details: { missing: ['access_token'] } })
    expect(res.serverRead).toBeLessThan(4 * MiB)
    expect(res.written).toBeLessThan(40 * MiB)
  })

  it('the same with Content-Length: refused before a byte of the body is read', async () => {
    const res = await upload(`/v2/send/image?instance_id=${id}&chatId=15550000002`, 80 * MiB, {}, true)
    expect(res.status, res.body).toBe(400)
    expect(res.serverRead).toBeLessThan(2 * MiB)
  })

  it('a wrong token in a header: 401 after at most 1 MiB, counted by the failure throttle (429 once over it)', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) {
      const res = await upload(`/v2/send/image?instance_id=${id}&chatId=15550000002`, 8 * MiB, { 'access-token': 'wrong-token' })
      expect(res.serverRead).toBeLessThan(4 * MiB)
      statuses.push(res.status)
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401))
    expect(statuses[10]).toBe(429)
  })

  it('a valid token in the header or the query lets a body over 1 MiB through to the route', async () => {
    for (const auth of [{ headers: { 'access-token': t.token }, query: '' }, { headers: {}, query: `&access_token=${t.token}` }] as { headers: Record<string, string>; query: string }[]) {
      const res = await upload(`/v2/send/image?instance_id=${id}&chatId=15550000002${auth.query}`, 3 * MiB, auth.headers)
      expect(res.serverRead).toBeGreaterThan(3 * MiB)
      expect(JSON.parse(res.body).code, res.body).not.toMatch(/missing_param|invalid_access_token|payload_too_large/)
    }
  })

  it('a small body may still carry its token in a form field', async () => {
    const res = await t.inject({
      method: 'POST',
      url: `/v2/send/text`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `access_token=${t.token}&instance_id=${id}&chatId=15550000002&message=hi`
    })
    expect(res.json().code ?? 'ok').not.toMatch(/missing_param|invalid_access_token/)
  })
})
