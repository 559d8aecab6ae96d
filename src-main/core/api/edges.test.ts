// Small edges of the HTTP surface (issue 13 item 6): 405 with Allow on known paths, two Host headers refused, the
// temp-link token redacted also behind a doubled slash, the failure throttle of account-level routes as the README
// states it, and the OpenAPI document naming the error statuses of the sandbox and temp-qr routes and /health
// without security.
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestCore, type TestCore } from '../testing/core-harness.js'
import { AuthFailureLimiter } from './auth-failure-limiter.js'
import { scrubUrl } from '../logging/logger.js'

/** One raw HTTP/1.1 exchange (to send what no client library would: two Host headers). */
function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(text))
    let out = ''
    socket.on('data', (d: Buffer) => (out += d.toString()))
    socket.on('end', () => resolve(out))
    socket.on('error', reject)
  })
}

describe('HTTP edges', () => {
  let t: TestCore
  beforeAll(async () => {
    t = await startTestCore('sandbox', { logLevel: 'debug' })
  })
  afterAll(() => t.close())

  it('answers 405 with Allow (spec error format) for a method a known path does not take; unknown paths stay 404', async () => {
    const res = await t.inject({ method: 'PATCH', url: `/v2/session/info?access_token=${t.token}` })
    expect(res.statusCode).toBe(405)
    expect(res.headers.allow).toBe('GET, HEAD, POST')
    expect(res.json()).toMatchObject({ code: 'method_not_allowed', message: 'PATCH is not allowed on /v2/session/info', details: { allowed: ['GET', 'HEAD', 'POST'] } })
    const del = await t.inject({ method: 'DELETE', url: '/health', headers: { accept: 'application/xml' } })
    expect(del.statusCode).toBe(405)
    expect(del.headers.allow).toBe('GET, HEAD')
    expect(del.body).toContain('method_not_allowed')
    const unknown = await t.inject({ method: 'GET', url: '/v2/no-such-thing' })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.headers.allow).toBeUndefined()
  })

  it('refuses a request with two Host headers (400), even when both are this server', async () => {
    const host = `127.0.0.1:${t.core.port}`
    const twice = await rawRequest(t.core.port, `GET /health HTTP/1.1\r\nHost: ${host}\r\nHost: ${host}\r\nConnection: close\r\n\r\n`)
    expect(twice).toMatch(/^HTTP\/1\.1 400 /)
    expect(twice).toContain('"code":"invalid_param"')
    const evil = await rawRequest(t.core.port, `GET /health HTTP/1.1\r\nHost: ${host}\r\nhost: evil.example\r\nConnection: close\r\n\r\n`)
    expect(evil).toMatch(/^HTTP\/1\.1 400 /)
    const once = await rawRequest(t.core.port, `GET /health HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`)
    expect(once).toMatch(/^HTTP\/1\.1 200 /)
  })

  it('redacts the temp-link token behind a doubled slash, in the scrubber and in the request log', async () => {
    expect(scrubUrl('/temp-qr//SECRETTOKEN123/state')).toBe('/temp-qr//[REDACTED]/state')
    expect(scrubUrl('//temp-qr///SECRETTOKEN123')).toBe('//temp-qr///[REDACTED]')
    expect(scrubUrl('/temp-qr/assets/page.js')).toBe('/temp-qr/assets/page.js')
    await t.inject({ method: 'GET', url: '/temp-qr//SECRETTOKEN456/state' })
    await t.inject({ method: 'GET', url: '/temp-qr//SECRETTOKEN789' })
    const lines = t.logLines.filter((l) => l.includes('temp-qr'))
    expect(lines.length).toBeGreaterThanOrEqual(2)
    expect(lines.join('\n')).not.toMatch(/SECRETTOKEN/)
  })

  it('throttles account-level failures as documented: 10 per token, 100 per address, no per-instance cap of 30', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 40; i++) statuses.push((await t.inject({ method: 'POST', url: `/v2/session/create?access_token=wrong-${i}`, remoteAddress: '127.0.0.9' })).statusCode)
    expect(statuses).toEqual(Array(40).fill(401))
    let now = 0
    const limiter = new AuthFailureLimiter({}, () => now)
    for (let i = 0; i < 100; i++) {
      expect(limiter.retryAfterSeconds({ address: 'a', credential: `t${i}`, instanceId: undefined })).toBe(0)
      limiter.recordFailure({ address: 'a', credential: `t${i}`, instanceId: undefined })
    }
    expect(limiter.retryAfterSeconds({ address: 'a', credential: 'another', instanceId: undefined })).toBe(60)
    now = 60_001
    expect(limiter.retryAfterSeconds({ address: 'a', credential: 'another', instanceId: undefined })).toBe(0)
  })

  it('documents the error statuses of the sandbox and temp-qr routes, and /health without security', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/docs/json' })).json() as { paths: Record<string, Record<string, { responses: Record<string, unknown>; security?: unknown[] }>> }
    const codes = (path: string, method: string) => Object.keys(doc.paths[path]?.[method]?.responses ?? {}).sort()
    expect(doc.paths['/health']!.get!.security).toEqual([])
    expect(codes('/sandbox/phones', 'post')).toEqual(expect.arrayContaining(['201', '400', '401', '409', '429']))
    expect(codes('/sandbox/phones/{phone}', 'get')).toEqual(expect.arrayContaining(['200', '400', '404']))
    expect(codes('/sandbox/phones/{phone}/scan', 'post')).toEqual(expect.arrayContaining(['200', '400', '404', '409', '410', '502']))
    expect(codes('/temp-qr/{token}', 'get')).toEqual(expect.arrayContaining(['400', '410']))
    expect(codes('/temp-qr/{token}/state', 'get')).toEqual(expect.arrayContaining(['200', '400', '410']))
    // The page answers people: 200 and 410 are HTML, and the document says so; /mcp without the Accept MCP needs is 406.
    const pageOp = doc.paths['/temp-qr/{token}']!.get! as unknown as { responses: Record<string, { content: Record<string, unknown> }> }
    expect(Object.keys(pageOp.responses['410']!.content)).toEqual(['text/html'])
    expect(Object.keys(pageOp.responses['200']!.content)).toEqual(['text/html'])
    const gone = await t.inject({ method: 'GET', url: '/temp-qr/unknown-token' })
    expect([gone.statusCode, String(gone.headers['content-type'])]).toEqual([410, expect.stringMatching(/^text\/html/)])
    expect(codes('/mcp', 'post')).toEqual(expect.arrayContaining(['406']))
    const noAccept = await t.inject({ method: 'POST', url: '/mcp', headers: { 'access-token': t.token, 'content-type': 'application/json' }, payload: { jsonrpc: '2.0', id: 1, method: 'tools/list' } })
    expect(noAccept.statusCode).toBe(406)
    // What the document promises is what the routes answer.
    expect((await t.inject({ method: 'POST', url: '/sandbox/phones', headers: { 'access-token': t.token }, payload: { phone_number: '15559990001', name: 'A' } })).statusCode).toBe(201)
    expect((await t.inject({ method: 'POST', url: '/sandbox/phones', headers: { 'access-token': t.token }, payload: { phone_number: '15559990001', name: 'A' } })).statusCode).toBe(409)
    expect((await t.inject({ method: 'GET', url: '/sandbox/phones/15559990999', headers: { 'access-token': t.token } })).statusCode).toBe(404)
    expect((await t.inject({ method: 'GET', url: '/temp-qr/unknown-token/state' })).statusCode).toBe(410)
    expect((await t.inject({ method: 'GET', url: `/temp-qr/${'x'.repeat(200)}/state` })).statusCode).toBe(400)
  })
})
