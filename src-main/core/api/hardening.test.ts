import { describe, expect, it } from 'vitest'
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import { startTestCore, type TestCore } from '../testing/core-harness.js'
import { useInstanceCore } from '../testing/suite.js'
import { parseHostHeader } from './plugins/security.js'
import { scrubUrl } from '../logging/logger.js'

describe('localhost hardening', () => {
  let t: TestCore
  let id: string
  useInstanceCore((core, instance) => ((t = core), (id = instance)), { logLevel: 'debug' })

  it('binds 127.0.0.1 by default', () => {
    expect(t.core.host).toBe('127.0.0.1')
    expect(t.core.url).toBe(`http://127.0.0.1:${t.core.port}`)
  })

  it('refuses a Host that is not a loopback name of this port (DNS rebinding) with 403', async () => {
    for (const host of ['evil.example', `evil.example:${t.core.port}`, `127.0.0.1.nip.io:${t.core.port}`, `localhost:${t.core.port + 1}`, '', 'a b', `user@127.0.0.1:${t.core.port}`]) {
      const res = await t.inject({ method: 'GET', url: '/health', headers: { host } })
      expect(res.statusCode, host).toBe(403)
      expect(res.json().code).toBe('forbidden_host')
    }
    for (const host of [`localhost:${t.core.port}`, `127.0.0.1:${t.core.port}`, `[::1]:${t.core.port}`, `LOCALHOST:${t.core.port}`]) {
      expect((await t.inject({ method: 'GET', url: '/health', headers: { host } })).statusCode, host).toBe(200)
    }
  })

  it('parses Host headers with the URL parser', () => {
    expect(parseHostHeader('127.0.0.1:3000')).toEqual({ hostname: '127.0.0.1', port: '3000' })
    expect(parseHostHeader('[::1]:3000')).toEqual({ hostname: '[::1]', port: '3000' })
    expect(parseHostHeader('localhost')).toEqual({ hostname: 'localhost', port: '80' })
    expect(parseHostHeader('127.0.0.1:3000/x')).toBeUndefined()
  })

  it('refuses cross-site browser requests and never sends CORS headers', async () => {
    const cross = await t.inject({ method: 'POST', url: `/v2/session/info?access_token=${t.token}&instance_id=${id}`, headers: { origin: 'https://evil.example' } })
    expect(cross.statusCode).toBe(403)
    expect(cross.json().code).toBe('forbidden_origin')
    const site = await t.inject({ method: 'GET', url: '/health', headers: { 'sec-fetch-site': 'cross-site' } })
    expect(site.statusCode).toBe(403)
    const same = await t.inject({ method: 'GET', url: '/health', headers: { origin: `http://127.0.0.1:${t.core.port}` } })
    expect(same.statusCode).toBe(200)
    const preflight = await t.inject({ method: 'OPTIONS', url: '/v2/session/info', headers: { 'access-control-request-method': 'POST' } })
    for (const res of [cross, same, preflight]) {
      expect(Object.keys(res.headers).filter((h) => h.startsWith('access-control-'))).toEqual([])
    }
    expect(same.headers['x-content-type-options']).toBe('nosniff')
    expect(same.headers['referrer-policy']).toBe('no-referrer')
  })

  it('limits request bodies (413) and unknown media types (415)', async () => {
    const big = await t.inject({ method: 'POST', url: '/v2/session/info', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ x: 'a'.repeat(1024 * 1024 + 10) }) })
    expect(big.statusCode).toBe(413)
    expect(big.json().code).toBe('payload_too_large')
    const odd = await t.inject({ method: 'POST', url: '/v2/session/info', headers: { 'content-type': 'application/x-odd' }, payload: 'zzz' })
    expect(odd.statusCode).toBe(415)
    expect(odd.json()).toMatchObject({ code: 'unsupported_media_type', message: 'Content-Type application/x-odd is not supported' })
  })

  it('answers junk with 4xx, never 5xx', async () => {
    const junk: Parameters<TestCore['inject']>[0][] = [
      { method: 'POST', url: '/v2/session/start', headers: { 'content-type': 'application/json' }, payload: '{"access_token":' },
      { method: 'POST', url: '/v2/session/start', headers: { 'content-type': 'application/json' }, payload: '[1,2,3]' },
      { method: 'POST', url: '/v2/session/start', headers: { 'content-type': 'application/json' }, payload: '"just a string"' },
      { method: 'POST', url: '/v2/session/start', headers: { 'content-type': 'application/json' }, payload: '{"__proto__":{"x":1},"access_token":{"a":1}}' },
      { method: 'POST', url: '/v2/session/start', headers: { 'content-type': 'text/plain' }, payload: 'access_token=x' },
      { method: 'GET', url: '/v2/session/info?access_token[]=a&access_token[]=b&instance_id[x]=1' },
      { method: 'GET', url: '/v2/session/info?access_token=%ZZ' },
      { method: 'GET', url: `/v2/session/info?access_token=${t.token}&instance_id=${'A'.repeat(5000)}` },
      { method: 'POST', url: `/v2/auth/request-code?access_token=${t.token}&instance_id=${id}&phone_number=%2B1%20555` },
      { method: 'PATCH', url: `/v2/session/rate-limit?access_token=${t.token}&instance_id=${id}&policy_slug[]=x` },
      { method: 'GET', url: '/temp-qr/' + 'x'.repeat(300) },
      { method: 'GET', url: '/temp-qr/..%2F..%2Fetc%2Fpasswd/state' },
      { method: 'DELETE', url: '/v2/session/delete?access_token=' + encodeURIComponent('\u0000\uffff') }
    ]
    for (let i = 0; i < 40; i++) {
      const bytes = Array.from({ length: 1 + (i * 7) % 64 }, (_, j) => String.fromCharCode((i * 31 + j * 17) % 256)).join('')
      junk.push({ method: 'POST', url: `/v2/session/info?instance_id=${encodeURIComponent(bytes)}&access_token=${t.token}`, headers: { 'content-type': 'application/json' }, payload: bytes })
    }
    junk.push({ method: 'GET', url: '/temp-qr/%zz' }, { method: 'GET', url: '/v2/session/info/%E0%A4%A' }, { method: 'GET', url: '/temp-qr/' + 'y'.repeat(300) + '/state' })
    for (const req of junk) {
      const res = await t.inject(req)
      const what = `${req.method} ${req.url} -> ${res.body.slice(0, 200)}`
      expect(res.statusCode, what).toBeGreaterThanOrEqual(400)
      expect(res.statusCode, what).toBeLessThan(500)
      // Our error shape and headers, whichever layer (router, parser, validation, handler) refused it.
      expect(res.headers['content-type'], what).toMatch(/^application\/json/)
      const body = res.json()
      expect(body.code, what).toMatch(/^[a-z_]+$/)
      expect(body.code, what).not.toMatch(/^FST_/)
      expect(typeof body.message, what).toBe('string')
      expect(body.status === 'error' || typeof body.details === 'object', what).toBe(true)
      expect(res.headers['x-content-type-options'], what).toBe('nosniff')
      expect(res.headers['cache-control'], what).toBe('no-store')
    }
  })

  it('answers router errors (bad percent-encoding, overlong path parameter) like every other error, after the Host check', async () => {
    for (const url of ['/temp-qr/%zz', `/temp-qr/${'x'.repeat(300)}`]) {
      const res = await t.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(400)
      expect(res.json(), url).toEqual({ code: 'invalid_param', message: expect.stringContaining('path'), details: expect.objectContaining({ recommendation: expect.any(String) }) })
      expect(res.headers['referrer-policy']).toBe('no-referrer')
      const text = await t.inject({ method: 'GET', url, headers: { accept: 'text/plain' } })
      expect(text.headers['content-type']).toMatch(/^text\/plain/)
      expect(text.body).toMatch(/^Error: invalid_param\. Invalid parameter path: .+\.$/)
      const foreign = await t.inject({ method: 'GET', url, headers: { host: 'evil.com' } })
      expect(foreign.statusCode, url).toBe(403)
      expect(foreign.json().code).toBe('forbidden_host')
      expect(foreign.headers['x-content-type-options']).toBe('nosniff')
      const crossSite = await t.inject({ method: 'GET', url, headers: { origin: 'https://evil.example' } })
      expect(crossSite.json().code).toBe('forbidden_origin')
    }
  })

  it('redacts tokens from every log line', async () => {
    const secret = 'SuperSecretToken123'
    await t.inject({ method: 'GET', url: `/v2/session/info?access_token=${secret}&instance_id=${id}` })
    await t.inject({ method: 'GET', url: `/v2/session/info?instance_id=${id}`, headers: { 'access-token': secret } })
    await t.inject({ method: 'POST', url: '/v2/session/info', payload: { access_token: secret, instance_id: id } })
    await t.inject({ method: 'POST', url: '/v2/session/info', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `access_token=${secret}&instance_id=${id}` })
    // Names spelled differently reach the same parameter (the query parser decodes them): all accepted, none logged.
    for (const name of ['access%5Ftoken', '%61ccess_token', 'access%255Ftoken', 'ACCESS-TOKEN', 'access_token[]', 'X-Api-Key']) {
      await t.inject({ method: 'GET', url: `/v2/session/info?instance_id=${id}&${name}=${secret}` })
    }
    const encoded = await t.inject({ method: 'GET', url: `/v2/session/info?instance_id=${id}&access%5Ftoken=${t.token}` })
    expect(encoded.statusCode).toBe(200)
    await t.inject({ method: 'GET', url: `/v2/session/info?instance_id=${id}`, headers: { authorization: `Bearer ${secret}`, 'x-api-key': secret } })
    await t.call('GET', '/v2/session/info', { instance_id: id })
    const link = (await t.call('POST', '/v2/session/temp-link', { instance_id: id })).json().link as string
    const linkToken = link.split('/temp-qr/')[1]!
    await t.inject({ method: 'GET', url: `/temp-qr/${linkToken}` })
    await t.inject({ method: 'GET', url: `/temp-qr/${linkToken}/state` })
    await t.inject({ method: 'GET', url: `/temp%2Dqr/${linkToken}` })
    await t.inject({ method: 'GET', url: `/TEMP-QR/${linkToken}` })
    t.core.logger.info({ access_token: secret, token: secret, req: { headers: { authorization: `Bearer ${secret}` } } }, 'direct log')
    t.core.logger.flush?.()
    const all = t.logLines.join('\n')
    expect(all).toContain('[REDACTED]')
    // One line per answer: successes at debug, client errors at info; each with the (scrubbed) URL.
    const requests = t.logLines.map((l) => JSON.parse(l) as { msg: string; level: number; req?: { url: string }; res?: { statusCode: number } }).filter((l) => l.msg === 'request')
    const answers = (url: string) => requests.filter((l) => l.req?.url === url).map((l) => [l.res?.statusCode, l.level])
    expect(answers(`/v2/session/info?instance_id=${id}&access%5Ftoken=[REDACTED]`)).toEqual([[401, 30], [200, 20]])
    expect(answers(`/v2/session/info?access_token=[REDACTED]&instance_id=${id}`)).toContainEqual([401, 30])
    expect(answers('/temp-qr/[REDACTED]/state')).toEqual([[200, 20]])
    expect(all).not.toContain('incoming request')
    for (const s of [secret, t.token, linkToken]) expect(all).not.toContain(s)
  })

  it('scrubs tokens from URLs', () => {
    expect(scrubUrl('/v2/x?instance_id=A&access_token=abc&y=1')).toBe('/v2/x?instance_id=A&access_token=[REDACTED]&y=1')
    expect(scrubUrl('/temp-qr/abcdef/state')).toBe('/temp-qr/[REDACTED]/state')
    expect(scrubUrl('/temp-qr/assets/page.js')).toBe('/temp-qr/assets/page.js')
    expect(scrubUrl('/v2/x?access%5Ftoken=abc&instance_id=A')).toBe('/v2/x?access%5Ftoken=[REDACTED]&instance_id=A')
    expect(scrubUrl('/v2/x?a=1&%61ccess-Token=abc&api_key=k&hmac=h&config%5Bhmac%5D=h2&key=k2&x=%ZZ')).toBe(
      '/v2/x?a=1&%61ccess-Token=[REDACTED]&api_key=[REDACTED]&hmac=[REDACTED]&config%5Bhmac%5D=[REDACTED]&key=[REDACTED]&x=%ZZ'
    )
    expect(scrubUrl('/temp%2Dqr/abcdef')).toBe('/temp-qr/[REDACTED]')
    expect(scrubUrl('/v2/x?instance_id=A&chatId=1%40c.us')).toBe('/v2/x?instance_id=A&chatId=1%40c.us')
  })
})

// Over real HTTP, so both clients really share 127.0.0.1 (every local tool does).
describe('auth failure throttle', () => {
  let t: TestCore
  let id: string
  useInstanceCore((core, instance) => ((t = core), (id = instance)), {
    authFailureLimit: { perCredential: 5, perInstance: 8, perAddress: 12, windowMs: 60_000 }
  })

  const info = (token: string, instanceId = id) => fetch(`${t.core.url}/v2/session/info?instance_id=${instanceId}`, { headers: { 'access-token': token } })

  it('throttles a client hammering with a wrong token while another client on the same address keeps working', async () => {
    const stale: number[] = []
    for (let i = 0; i < 7; i++) {
      stale.push((await info('stale-token')).status)
      const good = await info(t.token)
      expect(good.status, `valid token after ${i + 1} failures`).toBe(200)
    }
    expect(stale).toEqual([401, 401, 401, 401, 401, 429, 429])
    const blocked = await info('stale-token')
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(((await blocked.json()) as { code: string }).code).toBe('too_many_requests')
  })

  it('counts many loopback source addresses (127.x) as one address; the 429 names its scope', async () => {
    const other = await startTestCore('offline', { authFailureLimit: { perCredential: 100, perAddress: 6, windowMs: 60_000 } })
    try {
      const seen: number[] = []
      for (let i = 0; i < 7; i++) seen.push((await getFrom(`${other.core.url}/v2/sessions`, `127.0.${i}.${i + 2}`, `guess-${i}`)).status)
      expect(seen).toEqual([401, 401, 401, 401, 401, 401, 429])
      expect((await getFrom(`${other.core.url}/v2/sessions`, '127.0.9.9', other.token)).status).toBe(200)
    } finally {
      await other.close()
    }
    // This suite's core: the scope of a throttled answer (the stale token of the first test is still over its cap).
    const blocked = await getFrom(`${t.core.url}/v2/session/info?instance_id=${id}`, '127.0.0.5', 'stale-token')
    expect(blocked.status).toBe(429)
    expect(blocked.headers['retry-after']).toMatch(/^\d+$/)
    expect(JSON.parse(blocked.body)).toMatchObject({ code: 'too_many_requests', details: { scope: 'credential' } })
  })

  it('caps different tokens against one instance, then every failure from the address; valid tokens still pass', async () => {
    // 5 failures of the instance were counted above; 3 more guesses with new tokens reach its cap of 8.
    const guesses: number[] = []
    for (let i = 0; i < 4; i++) guesses.push((await info(`guess-${i}`)).status)
    expect(guesses).toEqual([401, 401, 401, 429])
    // Other instances: 4 more failures reach the address cap of 12, then even a new token on a new id is 429.
    const elsewhere: number[] = []
    for (let i = 0; i < 5; i++) elsewhere.push((await info(`other-${i}`, `OTHER0000${i}00`)).status)
    expect(elsewhere).toEqual([401, 401, 401, 401, 429])
    expect((await info('never-seen', 'NEVERSEEN000')).status).toBe(429)
    expect((await info(t.token)).status).toBe(200)
    const create = await fetch(`${t.core.url}/v2/session/create`, { method: 'POST', headers: { 'access-token': t.token } })
    expect(create.status).toBe(201)
  })
})

/** A GET from a chosen local source address (127.x.y.z all reach the server on 127.0.0.1). */
function getFrom(url: string, localAddress: string, token: string): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { localAddress, headers: { 'access-token': token, connection: 'close' } }, (res) => {
      let body = ''
      res.on('data', (d: Buffer) => (body += d.toString()))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
    })
    req.on('error', reject)
    req.end()
  })
}
