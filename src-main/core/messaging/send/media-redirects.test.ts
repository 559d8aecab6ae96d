// File URLs and redirects (issue 13, SSRF by redirect): every hop of a download passes the guard of the first URL
// before anything connects to it. Real HTTP servers on 127.0.0.1: a redirector (the only origin the test lets
// through in whatsapp mode) and a "secret" server that counts the requests it gets.
import { lookup } from 'node:dns/promises'
import { createServer, type Server } from 'node:http'
import { hostname } from 'node:os'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_MEDIA_LIMITS, fetchFile, isPrivateAddress, MAX_REDIRECTS, type MediaLimits } from './media-input.js'

const listen = async (server: Server): Promise<string> => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`
}

describe('file URLs: redirects', () => {
  let redirector: Server
  let secret: Server
  let redirectorUrl = ''
  let secretUrl = ''
  let secretHits = 0
  let redirectorHits = 0
  const FILE = Buffer.from('the secret file')

  beforeAll(async () => {
    secret = createServer((_req, res) => {
      secretHits++
      res.writeHead(200, { 'content-type': 'text/plain' }).end(FILE)
    })
    secretUrl = await listen(secret)
    // /to?u=<location> answers 302 Location: <location>; /hops/<n> redirects n more times before /file.
    redirector = createServer((req, res) => {
      redirectorHits++
      const url = new URL(req.url ?? '/', 'http://x')
      if (url.pathname === '/to') return void res.writeHead(302, { location: url.searchParams.get('u') ?? '' }).end()
      const hops = /^\/hops\/(\d+)$/.exec(url.pathname)
      if (hops) {
        const n = Number(hops[1])
        return void res.writeHead(n % 2 ? 301 : 307, { location: n > 1 ? `/hops/${n - 1}` : '/file.txt' }).end()
      }
      if (url.pathname === '/nolocation') return void res.writeHead(302).end()
      if (url.pathname === '/file.txt') return void res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(FILE)
      res.writeHead(404).end()
    })
    redirectorUrl = await listen(redirector)
  })
  afterAll(async () => {
    await new Promise((r) => redirector?.close(r))
    await new Promise((r) => secret?.close(r))
  })

  /** Outside the sandbox, with only the redirector's origin let through. */
  const whatsapp = (): MediaLimits => ({ ...DEFAULT_MEDIA_LIMITS, timeoutMs: 5_000, allowPrivate: false, allowOrigins: [redirectorUrl] })
  const via = (location: string) => `${redirectorUrl}/to?u=${encodeURIComponent(location)}`

  it('whatsapp mode: a redirect to 127.0.0.1 (another port) is refused and nothing is fetched there', async () => {
    const before = secretHits
    const err = await fetchFile(via(`${secretUrl}/secret`), whatsapp(), 'file[url]').catch((e: unknown) => e)
    expect(err).toMatchObject({ code: 'invalid_file_url', details: { invalid: ['file[url]'] } })
    expect((err as Error).message).toContain('redirected to')
    expect((err as Error).message).toContain('private network')
    expect(secretHits).toBe(before)
    // Other spellings of loopback: localhost, [::1], a relative-scheme URL, an IPv4-mapped IPv6 literal.
    const port = new URL(secretUrl).port
    for (const loc of [`http://localhost:${port}/s`, `http://[::1]:${port}/s`, `//127.0.0.1:${port}/s`, `http://[::ffff:127.0.0.1]:${port}/s`, `http://127.1:${port}/s`]) {
      await expect(fetchFile(via(loc), whatsapp(), 'file[url]'), loc).rejects.toMatchObject({ code: 'invalid_file_url' })
    }
    expect(secretHits).toBe(before)
  })

  it('whatsapp mode: a redirect to a private range (10.x, 192.168.x, the metadata address) is refused before connecting', async () => {
    for (const loc of ['http://10.255.255.1/x', 'http://192.168.255.254:8080/x', 'http://169.254.169.254/latest/meta-data', 'http://[fd00::1]/x', 'http://0.0.0.0/x']) {
      const started = Date.now()
      const err = await fetchFile(via(loc), whatsapp(), 'file[url]').catch((e: unknown) => e)
      // invalid_file_url, not file_unreachable: the guard answered, no connect was attempted (a connect to an
      // unrouted 10.x would time out or fail with a network error instead).
      expect(err, loc).toMatchObject({ code: 'invalid_file_url' })
      expect(Date.now() - started, loc).toBeLessThan(2_000)
    }
  })

  it('whatsapp mode: a redirect to a name that resolves to loopback is refused by the connect-time lookup', async () => {
    const name = hostname()
    const resolved = await lookup(name).catch(() => undefined)
    if (!resolved || !isPrivateAddress(resolved.address)) return // this machine's name is not a loopback name
    const before = secretHits
    const err = await fetchFile(via(`http://${name}:${new URL(secretUrl).port}/s`), whatsapp(), 'file[url]').catch((e: unknown) => e)
    expect(err).toMatchObject({ code: 'invalid_file_url' })
    expect(secretHits).toBe(before)
  })

  it('every hop: only http(s), a Location that is a URL, at most MAX_REDIRECTS hops', async () => {
    await expect(fetchFile(via('file:///etc/passwd'), whatsapp(), 'file[url]')).rejects.toMatchObject({ code: 'invalid_file_url' })
    await expect(fetchFile(via('gopher://127.0.0.1:70/x'), whatsapp(), 'file[url]')).rejects.toMatchObject({ code: 'invalid_file_url' })
    await expect(fetchFile(via('http://[oops'), whatsapp(), 'file[url]')).rejects.toMatchObject({ code: 'invalid_file_url' })
    await expect(fetchFile(`${redirectorUrl}/nolocation`, whatsapp(), 'file[url]')).rejects.toMatchObject({ code: 'file_unreachable' })
    const ok = await fetchFile(`${redirectorUrl}/hops/${MAX_REDIRECTS}`, whatsapp(), 'file[url]')
    expect(ok.bytes.equals(FILE)).toBe(true)
    expect(ok).toMatchObject({ mimetype: 'text/plain', filename: 'file.txt' })
    const hitsBefore = redirectorHits
    const err = await fetchFile(`${redirectorUrl}/hops/${MAX_REDIRECTS + 1}`, whatsapp(), 'file[url]').catch((e: unknown) => e)
    expect(err).toMatchObject({ code: 'file_unreachable' })
    expect((err as Error).message).toContain(`more than ${MAX_REDIRECTS} redirects`)
    expect(redirectorHits - hitsBefore).toBe(MAX_REDIRECTS + 1)
  })

  it('sandbox mode (loopback allowed): a redirect to another local server is followed, bytes intact', async () => {
    const sandbox: MediaLimits = { ...DEFAULT_MEDIA_LIMITS, timeoutMs: 5_000, allowPrivate: true }
    const before = secretHits
    const got = await fetchFile(via(`${secretUrl}/report.txt`), sandbox, 'file[url]')
    expect(got.bytes.equals(FILE)).toBe(true)
    expect(got.filename).toBe('report.txt')
    expect(secretHits).toBe(before + 1)
    await expect(fetchFile(via('file:///etc/passwd'), sandbox, 'file[url]')).rejects.toMatchObject({ code: 'invalid_file_url' })
  })
})
