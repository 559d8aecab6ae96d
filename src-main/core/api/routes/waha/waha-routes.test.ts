// Issue 23 item 4: WAHA's API under /api as WAHA's clients call it (X-Api-Key, the session by name in the path or the
// body) over real HTTP against real Baileys on the sandbox: the same operations as /v2, WAHA's shapes, and the
// second OpenAPI document at /docs/waha/json.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAccountCore, waitUntil, type AccountCore } from '../../../testing/account-core.js'
import { WAHA_ROUTES, WAHA_TAG } from './waha-routes.js'

const ME = '15550423101'
const BOB = '15550423102'
const BOB_CHAT = `${BOB}@c.us`

describe.sequential('WAHA API under /api', () => {
  let c: AccountCore
  let session: string
  const waha = async (method: string, path: string, body?: unknown, key: string | null = c.t.token) => {
    const res = await fetch(`${c.t.core.url}${path}`, {
      method,
      headers: { accept: 'application/json', ...(key === null ? {} : { 'X-Api-Key': key }), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) })
    })
    const text = await res.text()
    return { status: res.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> & Record<string, unknown>[] }
  }

  beforeAll(async () => {
    c = await startAccountCore(ME, [BOB])
    session = (await c.api('GET', '/v2/session/info')).json().name as string
  })
  afterAll(async () => c?.close())

  it('sessions by name: list, get, me; the API key is required; an unknown session is 404', async () => {
    const list = await waha('GET', '/api/sessions')
    expect(list.status).toBe(200)
    expect(list.body).toContainEqual(expect.objectContaining({ name: session, status: 'WORKING' }))
    const one = await waha('GET', `/api/sessions/${encodeURIComponent(session)}`)
    expect(one.status).toBe(200)
    // WAHA's SessionInfo: name, status, config, me {id, pushName}, engine.
    expect(one.body).toMatchObject({ name: session, status: 'WORKING', config: expect.any(Object), me: { id: `${ME}@c.us` }, engine: { engine: expect.any(String) } })
    expect((await waha('GET', `/api/sessions/${c.id}`)).body.name).toBe(session)
    expect((await waha('GET', `/api/sessions/${encodeURIComponent(session)}/me`)).body).toMatchObject({ id: `${ME}@c.us` })
    expect((await waha('GET', '/api/sessions/no-such-session')).status).toBe(404)
    expect((await waha('GET', `/api/sessions/${encodeURIComponent(session)}`, undefined, null)).status).toBe(400)
    expect((await waha('GET', `/api/sessions/${encodeURIComponent(session)}`, undefined, 'wrong')).status).toBe(401)
  })

  it('sendText with the session in the body reaches the phone; chats and messages read it back', async () => {
    const sent = await waha('POST', '/api/sendText', { session, chatId: BOB_CHAT, text: 'hello from a WAHA client' })
    // WAHA's 201 and WAMessage (id the serialized string); key keeps Baileys' form.
    expect(sent.status, JSON.stringify(sent.body)).toBe(201)
    expect(sent.body.id).toBe(`true_${BOB_CHAT}_${(sent.body.key as { id: string }).id}`)
    const id = (sent.body.key as { id: string }).id
    const got = await waitUntil(async () => (await c.t.core.sandbox!.messages(BOB)).find((m) => m.id === id), 15_000, 'Bob got the text')
    expect(got.text).toBe('hello from a WAHA client')
    // WAHA's default session is "default": not this one, so the send is refused, never sent elsewhere.
    expect((await waha('POST', '/api/sendText', { chatId: BOB_CHAT, text: 'to nobody' })).status).toBe(404)

    const chats = await waha('GET', `/api/${encodeURIComponent(session)}/chats?limit=0`)
    expect(chats.status).toBe(200)
    expect(chats.body.map((x) => x.id)).toContain(BOB_CHAT)
    const messages = await waha('GET', `/api/${encodeURIComponent(session)}/chats/${encodeURIComponent(BOB_CHAT)}/messages?limit=5&downloadMedia=false`)
    expect(messages.status).toBe(200)
    expect(messages.body[0]).toMatchObject({ body: 'hello from a WAHA client', fromMe: true })
    expect(messages.body).toEqual((await c.api('GET', '/v2/chats/messages', undefined, { chatId: BOB_CHAT, limit: '5', downloadMedia: 'false' })).json())
  })

  it('contacts, groups, labels and typing by session', async () => {
    expect((await waha('GET', `/api/contacts/all?session=${encodeURIComponent(session)}`)).status).toBe(200)
    const groups = await waha('GET', `/api/${encodeURIComponent(session)}/groups`)
    expect(groups.status).toBe(200)
    expect(Array.isArray(groups.body)).toBe(true)
    const labels = await waha('GET', `/api/${encodeURIComponent(session)}/labels`)
    expect(labels.status, JSON.stringify(labels.body)).toBe(200)
    expect(labels.body).toEqual([])
    expect((await waha('POST', '/api/startTyping', { session, chatId: BOB_CHAT })).status).toBe(201)
    expect((await waha('POST', '/api/stopTyping', { session, chatId: BOB_CHAT })).status).toBe(201)
  })

  it('webhooks in the session config: POST /api/sessions sets them on the new session, PUT replaces them', async () => {
    const created = await waha('POST', '/api/sessions', {
      name: 'waha-shop',
      config: { webhooks: [{ url: 'http://127.0.0.1:9/chatwoot', events: ['message', 'session.status'], hmac: { key: 'chatwoot-secret' }, retries: { delaySeconds: 3, attempts: 4 } }] }
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    // WAHA's SessionDTO {name, status, config} with WAHA's webhook config shape (hmac {key}, retries {delaySeconds}).
    expect(created.body).toMatchObject({ name: 'waha-shop', status: expect.any(String) })
    const hooks = (created.body.config as { webhooks: unknown[] }).webhooks
    expect(hooks).toEqual([{ url: 'http://127.0.0.1:9/chatwoot', events: ['message', 'session.status'], hmac: { key: 'chatwoot-secret' }, retries: { delaySeconds: 3, attempts: 4 }, customHeaders: null }])
    const v2 = (await c.t.call('GET', '/v2/session/webhook', { instance_id: created.body.instance_id as string })).json()
    expect(v2.webhooks.map((w: { url: string }) => w.url)).toEqual(['http://127.0.0.1:9/chatwoot'])
    const updated = await waha('PUT', '/api/sessions/waha-shop', { config: { webhooks: [{ url: 'http://127.0.0.1:9/typebot', events: ['message'] }] } })
    expect(updated.status, JSON.stringify(updated.body)).toBe(200)
    expect(updated.body).toMatchObject({ name: 'waha-shop', config: { webhooks: [{ url: 'http://127.0.0.1:9/typebot', events: ['message'] }] } })
    expect((await waha('PUT', '/api/sessions/waha-shop', { config: { webhooks: 'nope' } })).status).toBe(400)
  })

  it('/docs/waha/json describes every WAHA route with the X-Api-Key scheme; /docs keeps v2 as it was', async () => {
    const doc = (await waha('GET', '/docs/waha/json')).body as unknown as { info: { title: string }; components: { securitySchemes: Record<string, { name: string }> }; paths: Record<string, Record<string, { tags: string[] }>> }
    expect(doc.info.title).toContain('WAHA')
    expect(doc.components.securitySchemes.api_key!.name).toBe('X-Api-Key')
    for (const route of WAHA_ROUTES) {
      const path = route.path.replace(/:(\w+)/g, '{$1}')
      for (const method of route.methods) expect(doc.paths[path]?.[method.toLowerCase()]?.tags, `${method} ${path}`).toEqual([WAHA_TAG])
    }
    expect(Object.keys(doc.paths).every((p) => p.startsWith('/api/'))).toBe(true)
    const main = (await waha('GET', '/docs/json')).body as unknown as { paths: Record<string, Record<string, { tags?: string[] }>> }
    expect(main.paths['/v2/send/text']!.post!.tags).toEqual(['Sending'])
  })
})
