// Issue 11 item 1: tools in Docker or on the LAN. --allow-host adds Host names (host.docker.internal) while every
// other name is still refused (DNS rebinding); --host other than loopback needs the token on every route from other
// addresses and warns. Real HTTP with node:http, which sends the Host header as given.
import { request } from 'node:http'
import { networkInterfaces } from 'node:os'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestCore, type TestCore } from '../testing/core-harness.js'
import { EXPOSED_WARNING } from './plugins/security.js'

interface Answer {
  status: number
  body: Record<string, unknown>
}

/** GET over real HTTP to `address:port` with exactly this Host header (and optional headers). */
function get(address: string, port: number, path: string, host: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: address, port, path, method: 'GET', headers: { host, ...headers } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8')
        let body: Record<string, unknown> = {}
        try {
          body = JSON.parse(text) as Record<string, unknown>
        } catch {
          body = { text }
        }
        resolve({ status: res.statusCode ?? 0, body })
      })
    })
    req.on('error', reject)
    req.end()
  })
}

/** This machine's first non-internal IPv4 address (another machine's view of it), if it has one. */
const lanAddress = Object.values(networkInterfaces())
  .flatMap((list) => list ?? [])
  .find((a) => a.family === 'IPv4' && !a.internal)?.address

describe('--allow-host: Docker-style Host names on the loopback bind', () => {
  let t: TestCore
  beforeAll(async () => {
    t = await startTestCore('offline', { allowHosts: ['host.docker.internal'] })
  })
  afterAll(async () => t?.close())

  it('accepts the allowed name (a container calling http://host.docker.internal:PORT)', async () => {
    const port = t.core.port
    const health = await get('127.0.0.1', port, '/health', `host.docker.internal:${port}`)
    expect(health).toEqual({ status: 200, body: { status: 'ok' } })
    const sessions = await get('127.0.0.1', port, '/v2/sessions', `HOST.DOCKER.INTERNAL:${port}`, { 'access-token': t.token })
    expect(sessions.status).toBe(200)
    expect(Array.isArray(sessions.body)).toBe(true)
    // A browser page served from that name may call it (same origin), as from 127.0.0.1.
    expect((await get('127.0.0.1', port, '/health', `host.docker.internal:${port}`, { origin: `http://host.docker.internal:${port}` })).status).toBe(200)
  })

  it('still refuses every other name, a look-alike, and the allowed name on another port (forbidden_host)', async () => {
    const port = t.core.port
    for (const host of [`evil.example:${port}`, `host.docker.internal.evil.example:${port}`, `docker.internal:${port}`, `host.docker.internal:${port + 1}`, `gateway.docker.internal:${port}`]) {
      const res = await get('127.0.0.1', port, '/health', host)
      expect(res.status, host).toBe(403)
      expect(res.body.code, host).toBe('forbidden_host')
    }
    // The refusal says how to fix it for the name received (issue 23 item 2): the flag and the Settings field.
    const gateway = await get('127.0.0.1', port, '/health', `gateway.docker.internal:${port}`)
    expect(gateway.body.message).toContain('--allow-host gateway.docker.internal')
    expect(gateway.body.message).toContain('Settings > API access > Allowed hosts')
    expect((gateway.body.details as { host: string }).host).toBe('gateway.docker.internal')
    const otherPort = await get('127.0.0.1', port, '/health', `host.docker.internal:${port + 1}`)
    expect(otherPort.body.message).toBe(`Host host.docker.internal: this server listens on port ${port}`)
    // A page elsewhere cannot use the allowed name as its Origin to reach the API.
    const cross = await get('127.0.0.1', port, '/health', `host.docker.internal:${port}`, { origin: `http://evil.example:${port}` })
    expect(cross.status).toBe(403)
    expect(cross.body.code).toBe('forbidden_origin')
  })
})

describe.skipIf(!lanAddress)('--host 0.0.0.0: the token on every route from other addresses', () => {
  let t: TestCore
  beforeAll(async () => {
    t = await startTestCore('offline', { host: '0.0.0.0', allowHosts: ['switchboard.lan'] })
  })
  afterAll(async () => t?.close())

  it('logs the warning', () => {
    expect(t.logLines.some((line) => line.includes(EXPOSED_WARNING.slice(0, 60)))).toBe(true)
  })

  it('answers a peer on the LAN address only with the token, on every route (/health, /docs/json, /api/docs/raw, /ui/)', async () => {
    const port = t.core.port
    for (const path of ['/health', '/docs/json', '/api/docs/raw', '/ui/', '/v2/sessions']) {
      const anonymous = await get(lanAddress!, port, path, `${lanAddress}:${port}`)
      expect([400, 401], `${path} ${JSON.stringify(anonymous.body)}`).toContain(anonymous.status)
      expect(['missing_param', 'invalid_access_token']).toContain(anonymous.body.code)
      const wrong = await get(lanAddress!, port, path, `${lanAddress}:${port}`, { 'access-token': 'not-the-token' })
      expect(wrong.status, path).toBe(401)
    }
    expect(await get(lanAddress!, port, '/health', `${lanAddress}:${port}`, { 'access-token': t.token })).toEqual({ status: 200, body: { status: 'ok' } })
    expect((await get(lanAddress!, port, '/health', `switchboard.lan:${port}`, { authorization: `Bearer ${t.token}` })).status).toBe(200)
  })

  it('keeps the Host check for names not allowed, with or without the token', async () => {
    const port = t.core.port
    const res = await get(lanAddress!, port, '/health', `attacker.example:${port}`, { 'access-token': t.token })
    expect(res.status).toBe(403)
    expect(res.body.code).toBe('forbidden_host')
  })

  it('this machine\'s own loopback keeps working as before (no token for /health)', async () => {
    const port = t.core.port
    expect((await get('127.0.0.1', port, '/health', `127.0.0.1:${port}`)).status).toBe(200)
  })
})
