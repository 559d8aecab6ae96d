// The fuzz corpus (issue 13): a fixed set of junk requests generated from the OpenAPI document
// (fuzz-corpus.json, written by testing/fuzz-corpus.script.ts: every operation with no parameters, its examples, wrong
// types, huge strings, weird percent-encodings, duplicate and nested keys, broken JSON, junk forms and multipart,
// XML, junk path parameters, missing credentials) replayed against a real core in sandbox mode with a WORKING
// instance. Never a 5xx; every error answers the error envelope. Plus the fuzzer's findings, spelled out.
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pairInstance, startTestCore, type TestCore } from '../testing/core-harness.js'
import type { FuzzRequest } from '../testing/fuzz-corpus.script.js'

const corpus = JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'fuzz-corpus.json'), 'utf8')) as FuzzRequest[]
const ME = '15550131001'
const PEER = '15550131002'
const NOBODY = '15550139999' // not on the network
const HUGE = 'A'.repeat(70_000)
/** Requests in flight at once (the order within an operation is kept). */
const PARALLEL = 8

/** An error answer in one of the envelopes the API documents: {code, message} or {status:"error", code, message}. */
function envelopeProblem(r: { statusCode: number; headers: Record<string, unknown>; body: string }, op: string): string | undefined {
  if (r.statusCode >= 500) return `status ${r.statusCode}`
  if (r.statusCode < 400) return undefined
  const type = String(r.headers['content-type'] ?? '')
  // The credential-free QR page answers its 4xx as HTML pages (documented, for people rather than programs).
  if (op === 'GET /temp-qr/{token}' && type.startsWith('text/html')) return undefined
  if (!type.startsWith('application/json')) return `${r.statusCode} with Content-Type ${type}`
  try {
    const body = JSON.parse(r.body) as { code?: unknown; message?: unknown; jsonrpc?: unknown; error?: { code?: unknown; message?: unknown } }
    // The MCP endpoint speaks JSON-RPC: its transport refusals (e.g. 406 without the Accept the protocol requires)
    // are JSON-RPC error objects, which is what MCP clients read; our own auth refusals there keep {code, message}.
    if (op.startsWith('POST /mcp') && body.jsonrpc === '2.0' && typeof body.error?.code === 'number' && typeof body.error.message === 'string') return undefined
    if (typeof body.code !== 'string' || !body.code || typeof body.message !== 'string') return `${r.statusCode} without code/message`
  } catch {
    return `${r.statusCode} with a body that is not JSON`
  }
  return undefined
}

describe('fuzz corpus', () => {
  let t: TestCore
  let id: string

  beforeAll(async () => {
    t = await startTestCore('sandbox', { plan: 'paid', logLevel: 'warn' })
    await t.core.sandbox!.createPhone({ phoneNumber: PEER, name: 'Peer' })
    id = await pairInstance(t, ME, 'Me')
    expect((await t.call('PATCH', '/v2/session/rate-limit', { instance_id: id, policy_slug: 'unlimited' })).statusCode).toBe(200)
  })
  // Closing a core that served thousands of requests (event streams among them) can take a while on a loaded machine.
  afterAll(() => t?.close(), 120_000)

  it("the fuzzer's case: block/unblock of a number not on WhatsApp is 404 not_on_whatsapp, not 502", async () => {
    for (const path of ['/v2/contacts/block', '/v2/contacts/unblock']) {
      for (const contactId of [NOBODY, `${NOBODY}@c.us`, `+${NOBODY}`]) {
        const r = await t.call('POST', path, { instance_id: id, contactId })
        expect(r.statusCode, `${path} ${contactId}: ${r.body}`).toBe(404)
        expect(r.json()).toMatchObject({ code: 'not_on_whatsapp', details: { recommendation: expect.any(String) } })
      }
    }
    // A LID this instance cannot map to a number: a contact it does not know.
    const lid = await t.call('POST', '/v2/contacts/block', { instance_id: id, contactId: '123456789012345@lid' })
    expect(lid.statusCode, lid.body).toBe(404)
    expect(lid.json()).toMatchObject({ code: 'contact_not_found' })
    // The about text of a nobody is no text (200, about null), as documented.
    expect((await t.call('GET', '/v2/contacts/about', { instance_id: id, contactId: NOBODY })).json()).toMatchObject({ about: null })
    // A real contact is still blocked and unblocked.
    for (const path of ['/v2/contacts/block', '/v2/contacts/unblock']) {
      const r = await t.call('POST', path, { instance_id: id, contactId: PEER })
      expect(r.statusCode, r.body).toBe(200)
    }
  })

  /**
   * A request to a live stream (GET /v2/events) over real HTTP: a refusal is read whole; an accepted stream must be
   * text/event-stream and is closed by the test as soon as it started (bounded, never left open).
   */
  const replayStream = async (r: FuzzRequest): Promise<{ statusCode: number; headers: Record<string, unknown>; body: string }> => {
    // Real HTTP: Node refuses a request line over 16 KiB (431) before the app sees it, so huge values are 6,000 characters here.
    const fill = (s: string) => s.replaceAll('{{token}}', t.token).replaceAll('{{instance}}', id).replaceAll('{{huge}}', HUGE.slice(0, 6_000))
    const abort = new AbortController()
    const res = await fetch(`${t.core.url}${fill(r.url)}`, { headers: r.headers ?? {}, signal: abort.signal })
    const headers = Object.fromEntries(res.headers)
    if (res.status !== 200) return { statusCode: res.status, headers, body: await res.text() }
    expect(headers['content-type'], `${r.op} [${r.variant}]`).toMatch(/^text\/event-stream/)
    const first = await res.body!.getReader().read()
    expect(Buffer.from(first.value ?? []).toString(), `${r.op} [${r.variant}]`).toContain(': connected')
    abort.abort()
    return { statusCode: 200, headers, body: '' }
  }

  it(`replays ${corpus.length} generated junk requests: no 5xx, always the error envelope`, async () => {
    const fill = (s: string) =>
      s.replaceAll('{{token}}', t.token).replaceAll('{{instance}}', id).replaceAll('{{huge}}', HUGE).replaceAll('%7B%7Bhuge%7D%7D', HUGE)
    const problems: string[] = []
    const slow: string[] = []
    const statusCounts = new Map<string, number>()
    const replay = async (r: FuzzRequest) => {
      const started = Date.now()
      const res = r.stream ? await replayStream(r) : await t.inject({ method: r.method as 'GET', url: fill(r.url), headers: r.headers ?? {}, ...(r.body !== undefined ? { payload: fill(r.body) } : {}) })
      if (process.env.FUZZ_STATS) {
        const key = `${res.statusCode} ${/"code":"([^"]+)"/.exec(res.body)?.[1] ?? ''}`
        statusCounts.set(key, (statusCounts.get(key) ?? 0) + 1)
      }
      const problem = envelopeProblem(res, r.op)
      if (problem) problems.push(`${r.op} [${r.variant}]: ${problem} ${res.body.slice(0, 200)}`)
      if (Date.now() - started > 5_000) slow.push(`${r.op} [${r.variant}] ${Date.now() - started} ms`)
    }
    const early = corpus.filter((r) => !r.late)
    for (let i = 0; i < early.length; i += PARALLEL) await Promise.all(early.slice(i, i + PARALLEL).map(replay))
    // Stop, restart, logout, delete...: one at a time, at the end, so the rest ran against a WORKING instance.
    for (const r of corpus.filter((r) => r.late)) await replay(r)
    // FUZZ_STATS=1: how the answers spread over statuses and codes (to see that the corpus still reaches handlers).
    if (process.env.FUZZ_STATS) console.log(JSON.stringify([...statusCounts].sort((a, b) => b[1] - a[1])))
    expect(problems).toEqual([])
    expect(slow).toEqual([])
    expect(t.logLines.filter((l) => l.includes('"level":50'))).toEqual([])
  }, 120_000)
})
