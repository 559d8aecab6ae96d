// Scoped API keys (issue 23 item 6) against a real core over real HTTP: created with the full token only, shown
// once and stored hashed, accepted in every token placement, refused outside their scope (read only, instances) on
// every route, /v2/events narrowed to their instances, and a revoked key's open event streams (SSE and WebSocket)
// closed within a second.
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { hashTokenHex } from '../../../domain/tokens.js'
import { startTestCore, type TestCore } from '../../../testing/core-harness.js'
import { eventStreamRequest } from '../../params/event-stream-params.js'

interface KeyAnswer {
  id: string
  name: string
  token_hint: string
  read_only: boolean
  instance_ids: string[] | null
  last_used_at: number | null
  token?: string
}

describe('scoped API keys', () => {
  let t: TestCore
  let a: string
  let b: string
  /** A request with `key` as the credential, in the query (placement: see the placement test). */
  const as = (key: string, method: InjectOptions['method'], path: string, params: Record<string, string> = {}, body?: Record<string, unknown>) =>
    t.inject({ method, url: `${path}?${new URLSearchParams({ access_token: key, ...params }).toString()}`, ...(body ? { payload: body } : {}) })
  const createKey = async (body: Record<string, unknown>): Promise<KeyAnswer & { token: string }> => {
    const res = await t.call('POST', '/v2/keys', {}, body)
    expect(res.statusCode, res.body).toBe(200)
    return res.json()
  }

  beforeAll(async () => {
    t = await startTestCore('offline')
    a = await t.createInstance()
    b = await t.createInstance()
  }, 60_000)
  afterAll(async () => {
    await t?.close()
  }, 60_000)

  it('are created and listed with the full token only, shown once and stored as a hash', async () => {
    const created = await createKey({ name: 'n8n reads', read_only: true, instance_ids: [a.toLowerCase()] })
    expect(created).toMatchObject({ name: 'n8n reads', read_only: true, instance_ids: [a], token_hint: created.token.slice(-4) })
    expect(created.token).toMatch(/^sk_[A-Za-z0-9_-]{40,}$/)
    const listed = (await t.call('GET', '/v2/keys')).json() as KeyAnswer[]
    expect(listed).toEqual([expect.objectContaining({ id: created.id, name: 'n8n reads' })])
    expect(JSON.stringify(listed)).not.toContain(created.token)
    const row = t.core.db.prepare('SELECT * FROM api_keys WHERE id = ?').get(created.id) as Record<string, unknown>
    expect(row.token_hash).toBe(hashTokenHex(created.token))
    expect(JSON.stringify(row)).not.toContain(created.token)

    // A scoped key, even an unrestricted one, cannot manage keys.
    const full = await createKey({ name: 'everything' })
    expect(full).toMatchObject({ read_only: false, instance_ids: null })
    for (const [method, path] of [['GET', '/v2/keys'], ['POST', '/v2/keys'], ['DELETE', `/v2/keys/${created.id}`]] as const) {
      const res = await as(full.token, method, path, {}, method === 'POST' ? { name: 'x' } : undefined)
      expect(res.statusCode, `${method} ${path}`).toBe(403)
      expect(res.json()).toMatchObject({ code: 'key_scope_forbidden', details: { reason: 'full_token_required' } })
    }
    // Bad input: 400 with a code, never a 500.
    expect((await t.call('POST', '/v2/keys', {}, { name: '' })).json()).toMatchObject({ code: 'invalid_param' })
    expect((await t.call('POST', '/v2/keys', {}, { name: 'x', instance_ids: ['NOTANINSTANCE'] })).json()).toMatchObject({ code: 'invalid_param' })
    expect((await t.call('POST', '/v2/keys', {}, { name: 'x', read_only: 'maybe' })).statusCode).toBe(400)
    expect((await t.call('POST', '/v2/keys', {}, {})).statusCode).toBe(400)
    expect((await t.call('DELETE', '/v2/keys/key_nope')).statusCode).toBe(404)
  })

  it('show when each was last used: null until a request is accepted with it (a refused one does not count), then at most a write a minute', async () => {
    const key = await createKey({ name: 'last used', read_only: true })
    const lastUsed = async () => ((await t.call('GET', '/v2/keys')).json() as KeyAnswer[]).find((k) => k.id === key.id)!.last_used_at
    expect(await lastUsed()).toBeNull()
    expect((await as(key.token, 'POST', '/v2/session/create', {}, { name: 'nope' })).statusCode).toBe(403)
    expect(await lastUsed()).toBeNull()
    const before = Date.now()
    expect((await as(key.token, 'GET', '/v2/sessions')).statusCode).toBe(200)
    const at = await lastUsed()
    expect(at).toBeGreaterThanOrEqual(before)
    expect(at).toBeLessThanOrEqual(Date.now())
    // Within the minute more requests write nothing: the recorded time stays.
    expect((await as(key.token, 'GET', '/v2/sessions')).statusCode).toBe(200)
    expect(await lastUsed()).toBe(at)
  })

  it('are accepted in every token placement and refused outside their scope on every kind of route', async () => {
    const reader = await createKey({ name: 'reader of A', read_only: true, instance_ids: [a] })
    for (const headers of [{ 'access-token': reader.token }, { authorization: `Bearer ${reader.token}` }, { 'x-api-key': reader.token }]) {
      const res = await t.inject({ method: 'GET', url: `/v2/session/info?instance_id=${a}`, headers })
      expect(res.statusCode, JSON.stringify(Object.keys(headers))).toBe(200)
    }
    expect((await as(reader.token, 'GET', '/v2/session/calls', { instance_id: a })).statusCode).toBe(200)
    const other = await as(reader.token, 'GET', '/v2/session/info', { instance_id: b })
    expect(other.statusCode).toBe(403)
    expect(other.json()).toMatchObject({ code: 'key_scope_forbidden', details: { reason: 'instance_scope' } })
    const write = await as(reader.token, 'PATCH', '/v2/session/calls', { instance_id: a }, { auto_reject: true })
    expect(write.statusCode).toBe(403)
    expect(write.json()).toMatchObject({ details: { reason: 'read_only' } })
    // Account routes that list or create the account's instances are beyond an instance-limited key.
    expect((await as(reader.token, 'GET', '/v2/sessions')).json()).toMatchObject({ details: { reason: 'instance_scope' } })

    const anyReader = await createKey({ name: 'reads everything', read_only: true })
    expect((await as(anyReader.token, 'GET', '/v2/sessions', { all: 'true' })).json()).toHaveLength(2)
    expect((await as(anyReader.token, 'POST', '/v2/session/create')).json()).toMatchObject({ details: { reason: 'read_only' } })

    const writerOfA = await createKey({ name: 'writer of A', instance_ids: [a] })
    expect((await as(writerOfA.token, 'PATCH', '/v2/session/calls', { instance_id: a }, { auto_reject: true })).statusCode).toBe(200)
    expect((await as(writerOfA.token, 'PATCH', '/v2/session/calls', { instance_id: b }, { auto_reject: true })).statusCode).toBe(403)
    expect((await as(writerOfA.token, 'GET', '/v2/events', { instance_id: b })).json()).toMatchObject({ details: { reason: 'instance_scope' } })

    // The stream of an instance-limited key covers its instances only.
    expect(eventStreamRequest('acc', {}, {}, [a]).instanceIds).toEqual([a])
    expect(() => eventStreamRequest('acc', { instance_id: b }, {}, [a])).toThrowError(expect.objectContaining({ code: 'key_scope_forbidden' }))
    expect(eventStreamRequest('acc', { instance_id: b }, {}, null).instanceIds).toEqual([b])
  })

  it('revoked: refused at once, and its open event streams (SSE, WebSocket) close within a second', async () => {
    const key = await createKey({ name: 'stream of A', read_only: true, instance_ids: [a] })
    const other = await createKey({ name: 'another key', read_only: true })
    const url = (token: string) => `${t.core.url}/v2/events?${new URLSearchParams({ access_token: token }).toString()}`
    const sse = await fetch(url(key.token))
    expect(sse.status).toBe(200)
    const reader = sse.body!.getReader()
    await reader.read()
    const ws = new WebSocket(url(key.token).replace(/^http/, 'ws'))
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve())
      ws.once('error', reject)
    })
    const wsClosed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)))
    // Another key's stream is not touched by this revocation.
    const bystander = await fetch(url(other.token))
    const bystanderReader = bystander.body!.getReader()
    await bystanderReader.read()

    const revokedAt = Date.now()
    const revoked = await t.call('DELETE', `/v2/keys/${key.id}`)
    expect(revoked.statusCode, revoked.body).toBe(200)
    expect(revoked.json()).toMatchObject({ revoked: { id: key.id } })
    const sseEnded = (async () => {
      for (;;) {
        const chunk = await reader.read().catch(() => ({ done: true }))
        if (chunk.done) return Date.now() - revokedAt
      }
    })()
    expect(await sseEnded).toBeLessThan(1000)
    expect(await wsClosed).toBe(4401)
    expect(Date.now() - revokedAt).toBeLessThan(1000)
    expect((await as(key.token, 'GET', '/v2/session/info', { instance_id: a })).statusCode).toBe(401)
    expect((await t.call('GET', '/v2/keys')).json()).not.toContainEqual(expect.objectContaining({ id: key.id }))

    // The bystander's stream is still open: a read does not end it.
    const still = await Promise.race([bystanderReader.read().then((c) => (c.done ? 'ended' : 'data')), new Promise((r) => setTimeout(() => r('open'), 300))])
    expect(still).not.toBe('ended')
    await bystanderReader.cancel()
  }, 30_000)
})
