// GET /v2/events through real clients against a real core on the sandbox: an SSE client (undici fetch, streamed)
// and a WebSocket client (ws) receive the webhook envelopes of messages simulated people send, drop mid-stream,
// miss a burst, resume from the last id (after= / Last-Event-ID) with zero gaps and zero duplicates; filters by
// instance and kind, account scoping, and refusals (401 before any upgrade, 404, 400, 410).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Agent, fetch as undiciFetch } from 'undici'
import WebSocket from 'ws'
import { upsertAccount } from '../../../db/repositories/accounts-repo.js'
import { pairInstance, startTestCore, waitUntil, type TestCore } from '../../../testing/core-harness.js'

const A = '15550411001' // the instance's phone
const B = '15550411002'

interface Envelope {
  id: string
  event: string
  instance_id: string
  session: string
  metadata: Record<string, string>
  engine: string
  timestamp: number
  payload: { body?: string; from?: string; status?: string }
  me: { id: string } | null
}

/** A streaming SSE reader over undici's fetch: parses `id:` / `data:` blocks as they arrive. */
class SseClient {
  readonly events: { id: string; data: Envelope }[] = []
  readonly status: Promise<number>
  private readonly abort = new AbortController()
  // Its own connection pool: after an abort undici opens a spare connection that would idle until the server closes.
  private readonly agent = new Agent()
  private done: Promise<void>

  constructor(url: string, headers: Record<string, string> = {}) {
    let setStatus!: (n: number) => void
    this.status = new Promise((r) => (setStatus = r))
    this.done = (async () => {
      const res = await undiciFetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: this.abort.signal, dispatcher: this.agent })
      setStatus(res.status)
      if (res.status !== 200) return
      const reader = res.body!.getReader()
      const decoder = new TextDecoder()
      let buffer = ''
      for (;;) {
        const { value, done } = await reader.read()
        if (done) return
        buffer += decoder.decode(value, { stream: true })
        let cut: number
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut)
          buffer = buffer.slice(cut + 2)
          const id = /^id: (.*)$/m.exec(block)?.[1]
          const data = /^data: (.*)$/m.exec(block)?.[1]
          if (id && data) this.events.push({ id, data: JSON.parse(data) as Envelope })
        }
      }
    })().catch((e: unknown) => {
      if ((e as Error).name !== 'AbortError') throw e
    })
  }

  async close(): Promise<void> {
    this.abort.abort()
    await this.done
    await this.agent.destroy()
  }
}

/** A ws client collecting envelopes; `opened` rejects with the HTTP status of a refused upgrade. */
function wsClient(url: string): { ws: WebSocket; events: Envelope[]; opened: Promise<void> } {
  const ws = new WebSocket(url)
  const events: Envelope[] = []
  ws.on('message', (data) => events.push(JSON.parse(String(data)) as Envelope))
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('unexpected-response', (_req, res) => {
      reject(new Error(`HTTP ${res.statusCode}`))
      res.resume()
      ws.terminate()
    })
    ws.once('error', reject)
  })
  return { ws, events, opened }
}

const bodies = (events: Envelope[]) => events.map((e) => e.payload.body)

describe('GET /v2/events (SSE and WebSocket)', () => {
  let t: TestCore
  let id: string
  let base: string
  let wsBase: string
  const q = (params: Record<string, string>) => new URLSearchParams({ access_token: t.token, ...params }).toString()
  /** The outbox's own record of the instance's `message` events, in id order. */
  const outboxIds = (event: string) =>
    t.core.db.prepare('SELECT id FROM webhook_events WHERE instance_id = ? AND event = ? ORDER BY id').pluck().all(id, event) as string[]
  const sendFromB = async (texts: string[]) => {
    for (const text of texts) await t.core.sandbox!.sendText(B, A, text)
  }

  beforeAll(async () => {
    t = await startTestCore('sandbox', { plan: 'paid' })
    await t.core.sandbox!.createPhone({ phoneNumber: B, name: 'Bob' })
    id = await pairInstance(t, A, 'Alice')
    // Own sends leave at once (the strict default holds them for a minute after pairing).
    expect((await t.call('PATCH', '/v2/session/rate-limit', { instance_id: id }, { policy_slug: 'unlimited' })).statusCode).toBe(200)
    base = `${t.core.url}/v2/events`
    wsBase = base.replace(/^http/, 'ws')
  }, 60_000)
  afterAll(async () => {
    // Streams still open (left by the last test) must not hold the shutdown.
    const started = Date.now()
    await t?.close()
    expect(Date.now() - started).toBeLessThan(15_000)
  }, 60_000)

  it('refuses a bad token with 401 before any stream or WebSocket upgrade, and bad filters or cursors with their codes', async () => {
    const sse = await fetch(`${base}?access_token=wrong`)
    expect(sse.status).toBe(401)
    expect(((await sse.json()) as { code: string }).code).toBe('invalid_access_token')
    expect((await fetch(base)).status).toBe(400) // no token at all: missing_param
    await expect(wsClient(`${wsBase}?access_token=wrong`).opened).rejects.toThrow('HTTP 401')
    await expect(wsClient(`${wsBase}?${q({ instance_id: 'NOSUCHINSTAN' })}`).opened).rejects.toThrow('HTTP 404')
    const unknown = await fetch(`${base}?${q({ instance_id: `${id},NOSUCHINSTAN` })}`)
    expect(unknown.status).toBe(404)
    const badCursor = await fetch(`${base}?${q({ after: 'yesterday' })}`)
    expect(badCursor.status).toBe(400)
    expect(((await badCursor.json()) as { code: string }).code).toBe('invalid_param')
    // Well formed but not (or no longer) in the outbox: resuming would hide a gap.
    const gone = await fetch(`${base}?${q({})}`, { headers: { 'last-event-id': 'evt_00000000000000000000000000' } })
    expect(gone.status).toBe(410)
    expect(((await gone.json()) as { code: string }).code).toBe('cursor_expired')
    await expect(wsClient(`${wsBase}?${q({ after: 'evt_00000000000000000000000000' })}`).opened).rejects.toThrow('HTTP 410')
    // No stream was left open by any refusal.
    expect(t.core.app.websocketServer.clients.size).toBe(0)
  })

  it('SSE: streams message envelopes live, resumes after a drop mid-burst from Last-Event-ID with zero gaps and zero duplicates', async () => {
    const first = new SseClient(`${base}?${q({ instance_id: id, events: 'message' })}`)
    expect(await first.status).toBe(200)
    const burst1 = Array.from({ length: 8 }, (_, i) => `sse-${i}`)
    const sending = sendFromB(burst1)
    // Drop the connection in the middle of the burst.
    await waitUntil(() => first.events.length >= 3, 30_000, 'three events before the drop')
    await first.close()
    const seen = [...first.events]
    await sending
    const burst2 = ['sse-while-away-1', 'sse-while-away-2']
    await sendFromB(burst2)
    await waitUntil(() => outboxIds('message').length >= burst1.length + burst2.length, 20_000, 'every message in the outbox')

    const last = seen[seen.length - 1]!.id
    // The original URL (as EventSource would reuse it) plus Last-Event-ID.
    const second = new SseClient(`${base}?${q({ instance_id: id, events: 'message' })}`, { 'last-event-id': last })
    expect(await second.status).toBe(200)
    await sendFromB(['sse-live'])
    const all = [...burst1, ...burst2, 'sse-live']
    await waitUntil(() => seen.length + second.events.length >= all.length, 30_000, 'the rest after the resume')
    await new Promise((r) => setTimeout(r, 300)) // anything extra would show up now
    await second.close()

    const received = [...seen, ...second.events]
    expect(bodies(received.map((e) => e.data))).toEqual(all)
    expect(received.map((e) => e.id)).toEqual(outboxIds('message'))
    expect(new Set(received.map((e) => e.id)).size).toBe(received.length)
    for (const { id: eventId, data } of received) {
      // The webhook envelope, id and all.
      expect(data).toMatchObject({ id: eventId, event: 'message', instance_id: id, engine: 'NOWEB', metadata: {}, me: { id: `${A}@c.us` } })
      expect(data.payload.from).toBe(`${B}@c.us`)
    }
  }, 120_000)

  it('WebSocket: filters by kind, survives a drop mid-burst and resumes from after= with zero gaps and zero duplicates', async () => {
    const url = (extra: Record<string, string>) => `${wsBase}?${q({ events: 'message.any,message.ack', ...extra })}`
    const first = wsClient(url({}))
    await first.opened
    const burst = Array.from({ length: 6 }, (_, i) => `ws-${i}`)
    const sending = sendFromB(burst)
    await waitUntil(() => first.events.length >= 2, 30_000, 'two events before the drop')
    first.ws.terminate()
    const seen = [...first.events]
    await sending
    // An own message through the API while away: message.any (source api) and its acks.
    const sent = await t.call('POST', '/v2/send/text', { instance_id: id }, { chatId: B, message: 'ws-own' })
    expect([200, 202]).toContain(sent.statusCode)
    await waitUntil(async () => (await t.core.sandbox!.messages(B)).some((m) => m.text === 'ws-own'), 30_000, 'Bob got the own message')

    const second = wsClient(url({ after: seen[seen.length - 1]!.id }))
    await second.opened
    const expected = () =>
      t.core.db.prepare("SELECT id FROM webhook_events WHERE instance_id = ? AND event IN ('message.any', 'message.ack') AND id > ? ORDER BY id").pluck().all(id, seen[0]!.id) as string[]
    await waitUntil(() => seen.length - 1 + second.events.length >= expected().length && second.events.some((e) => e.payload.body === 'ws-own'), 30_000, 'the rest after the resume')
    await new Promise((r) => setTimeout(r, 300))
    second.ws.close()

    const received = [...seen, ...second.events]
    expect(received.map((e) => e.id)).toEqual([seen[0]!.id, ...expected()])
    expect(new Set(received.map((e) => e.id)).size).toBe(received.length)
    expect(new Set(received.map((e) => e.event))).toEqual(new Set(['message.any', 'message.ack']))
    expect(received.filter((e) => e.event === 'message.any').map((e) => e.payload.body)).toEqual(expect.arrayContaining([...burst, 'ws-own']))
  }, 150_000)

  it('filters by instance, sees new instances of the account without a filter, and never another account\'s', async () => {
    const mine = new SseClient(`${base}?${q({ instance_id: id })}`)
    const everything = new SseClient(`${base}?${q({ events: '*' })}`)
    upsertAccount(t.core.db, { id: 'other', name: 'Other', plan: 'free', token: 'other-token', now: Date.now() })
    const other = new SseClient(`${base}?access_token=other-token`)
    for (const c of [mine, everything, other]) expect(await c.status).toBe(200)
    // Someone else's instance cannot be named.
    expect((await fetch(`${base}?access_token=other-token&instance_id=${id}`)).status).toBe(404)

    const second = await t.createInstance() // session.status STARTING, SCAN_QR_CODE... of a new instance
    await sendFromB(['filter-check'])
    await waitUntil(() => everything.events.some((e) => e.data.instance_id === second) && everything.events.some((e) => e.data.payload.body === 'filter-check'), 30_000, 'both instances on the unfiltered stream')
    await waitUntil(() => mine.events.some((e) => e.data.payload.body === 'filter-check'), 10_000, 'the message on the filtered stream')
    await new Promise((r) => setTimeout(r, 300))
    for (const c of [mine, other]) await c.close()
    // Left open on purpose, with a WebSocket: the shutdown in afterAll must end them.
    void everything
    await wsClient(`${wsBase}?${q({})}`).opened

    expect(mine.events.every((e) => e.data.instance_id === id)).toBe(true)
    expect(everything.events.filter((e) => e.data.instance_id === second).map((e) => e.data.event)).toContain('session.status')
    expect(other.events).toEqual([])
    await t.call('DELETE', '/v2/session/delete', { instance_id: second })
  }, 90_000)
})
