// Reads of the message store through the whole core on the sandbox: simulated people write to a paired
// instance, then /v2/chats (sort, order, paging), overview, chats/messages (paging, filters, downloadMedia and
// the media URL behind credentials), messages/get, contacts and LIDs answer from what was stored.
import { Jimp } from 'jimp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pairInstance, startTestCore, waitUntil, type TestCore } from '../../../testing/core-harness.js'

const A = '15550301001' // the instance's phone
const B = '15550301002'
const C = '15550301003'
const D = '15550301004'

interface Chat {
  id: string
  name: string | null
  timestamp: number
  unreadCount: number
  archived: boolean
}
interface Message {
  id: string
  body: string
  type: string
  fromMe: boolean
  timestamp: number
  hasMedia: boolean
  media: { url: string | null; mimetype: string | null; error: string | null } | null
}

describe('reads of the message store', () => {
  let t: TestCore
  let id: string
  let image: Buffer
  const ids: Record<string, string> = {}
  const get = async <T = unknown>(path: string, params: Record<string, string> = {}): Promise<T> => {
    const r = await t.call('GET', path, { instance_id: id, ...params })
    expect(r.statusCode, `${path} ${r.body}`).toBe(200)
    return r.json() as T
  }
  const errorOf = async (method: 'GET' | 'POST', path: string, params: Record<string, string>) => {
    const r = await t.call(method, path, { instance_id: id, ...params })
    return { status: r.statusCode, code: (r.json() as { code?: string }).code }
  }

  beforeAll(async () => {
    t = await startTestCore('sandbox', { plan: 'paid' })
    const sb = t.core.sandbox!
    for (const [phone, name] of [[B, 'Bob'], [C, 'Carol'], [D, 'Dave']] as const) await sb.createPhone({ phoneNumber: phone, name })
    id = await pairInstance(t, A, 'Alice')
    ids.b1 = (await sb.sendText(B, A, 'b1')).id
    ids.c1 = (await sb.sendText(C, A, 'c1')).id
    ids.d1 = (await sb.sendText(D, A, 'd1')).id
    image = await new Jimp({ width: 48, height: 48, color: 0x2288ccff }).getBuffer('image/jpeg')
    ids.pic = (await sb.sendMessage(B, A, { image, caption: 'a picture' })).id
    ids.b2 = (await sb.sendText(B, A, 'b2')).id
    await waitUntil(async () => {
      const r = await t.call('GET', '/v2/chats/messages', { instance_id: id, chatId: B, downloadMedia: 'false' })
      return r.statusCode === 200 && (r.json() as Message[]).length === 3
    }, 20_000, "Bob's three messages in the store")
    await waitUntil(async () => (await t.call('GET', '/v2/chats', { instance_id: id })).json().length === 3, 10_000, 'three chats')
  })
  afterAll(() => t?.close())

  it('lists chats newest first by default, with names, unread counts and timestamps', async () => {
    const chats = await get<Chat[]>('/v2/chats')
    expect(chats.map((c) => c.id).sort()).toEqual([`${B}@c.us`, `${C}@c.us`, `${D}@c.us`])
    for (let i = 1; i < chats.length; i++) expect(chats[i - 1]!.timestamp).toBeGreaterThanOrEqual(chats[i]!.timestamp)
    // Bob wrote last (b2): his chat is first (same-second ties go by id, and his is the smallest)
    expect(chats[0]).toMatchObject({ id: `${B}@c.us`, name: 'Bob', unreadCount: 3, archived: false, isGroup: false })
    expect(chats.find((c) => c.id === `${C}@c.us`)).toMatchObject({ name: 'Carol', unreadCount: 1 })
    const post = await t.inject({ method: 'POST', url: `/v2/chats?access_token=${t.token}`, payload: { instance_id: id, sortOrder: 'DESC' } })
    expect(post.json()).toEqual(chats)
  })

  it('sorts by id, name or time in either order, and pages until an empty page', async () => {
    const order = async (params: Record<string, string>) => (await get<Chat[]>('/v2/chats', params)).map((c) => c.id)
    expect(await order({ sortBy: 'id', sortOrder: 'ASC' })).toEqual([`${B}@c.us`, `${C}@c.us`, `${D}@c.us`])
    expect(await order({ sortBy: 'id' })).toEqual([`${D}@c.us`, `${C}@c.us`, `${B}@c.us`]) // DESC is the default
    expect(await order({ sortBy: 'id', sortOrder: 'desc' })).toEqual([`${D}@c.us`, `${C}@c.us`, `${B}@c.us`])
    const asc = await get<Chat[]>('/v2/chats', { sortBy: 'messageTimestamp', sortOrder: 'asc' })
    for (let i = 1; i < asc.length; i++) expect(asc[i - 1]!.timestamp).toBeLessThanOrEqual(asc[i]!.timestamp)
    expect(await order({ sortBy: 'conversationTimestamp', sortOrder: 'ASC' })).toEqual(asc.map((c) => c.id))

    const all = await order({ sortBy: 'id', sortOrder: 'ASC' })
    const pages: string[] = []
    for (let offset = 0; ; offset += 2) {
      const page = await order({ sortBy: 'id', sortOrder: 'ASC', limit: '2', offset: String(offset) })
      if (!page.length) break
      expect(page.length).toBeLessThanOrEqual(2)
      pages.push(...page)
    }
    expect(pages).toEqual(all)

    expect(await errorOf('GET', '/v2/chats', { sortOrder: 'sideways' })).toEqual({ status: 400, code: 'invalid_param' })
    expect(await errorOf('GET', '/v2/chats', { sortBy: 'colour' })).toEqual({ status: 400, code: 'invalid_param' })
    // limit=0 (n8n's default) is "no limit": every chat up to the maximum page (issue 23 item 3); over 1000 is refused.
    expect(await order({ sortBy: 'id', sortOrder: 'ASC', limit: '0' })).toEqual(all)
    expect(await order({ sortBy: 'id', sortOrder: 'ASC', limit: '0', offset: '1' })).toEqual(all.slice(1))
    expect(await errorOf('GET', '/v2/chats', { limit: '1001' })).toEqual({ status: 400, code: 'invalid_param' })
    expect(await errorOf('GET', '/v2/chats', { limit: '-1' })).toEqual({ status: 400, code: 'invalid_param' })
    expect(await errorOf('GET', '/v2/chats', { offset: '-1' })).toEqual({ status: 400, code: 'invalid_param' })
    const noInstance = await t.call('GET', '/v2/chats')
    expect(noInstance.json()).toMatchObject({ code: 'missing_param', details: { missing: ['instance_id'] } })
  })

  it('overview: name, picture, unread count and the full last message', async () => {
    const overview = await get<{ id: string; name: string; picture: string | null; unreadCount: number; lastMessage: Message; _chat: Chat }[]>('/v2/chats/overview')
    expect(overview).toHaveLength(3)
    expect(overview[0]).toMatchObject({ id: `${B}@c.us`, name: 'Bob', picture: null, unreadCount: 3, lastMessage: { id: `false_${B}@c.us_${ids.b2}`, body: 'b2', fromMe: false } })
    expect(overview[0]!.lastMessage.timestamp).toBeGreaterThan(0)
    expect(overview[0]!._chat).toMatchObject({ id: `${B}@c.us`, archived: false })
    const some = await get<{ id: string }[]>('/v2/chats/overview', { ids: `${C}@c.us,${D}` })
    expect(some.map((o) => o.id).sort()).toEqual([`${C}@c.us`, `${D}@c.us`])
    expect(await get('/v2/chats/overview', { limit: '1', offset: '3' })).toEqual([])
  })

  it("pages a chat's messages newest first and filters them", async () => {
    const page = (params: Record<string, string>) => get<Message[]>('/v2/chats/messages', { chatId: `${B}@c.us`, downloadMedia: 'false', ...params })
    const all = await page({})
    expect(all.map((m) => m.id)).toEqual([ids.b2, ids.pic, ids.b1].map((x) => `false_${B}@c.us_${x}`))
    expect(all.map((m) => m.body)).toEqual(['b2', 'a picture', 'b1'])
    expect(all[1]).toMatchObject({ type: 'image', hasMedia: true, media: { url: null, mimetype: 'image/jpeg' } })
    expect(all[1]!.media!.error).toMatch(/not downloaded/)
    expect((await page({ limit: '2' })).map((m) => m.body)).toEqual(['b2', 'a picture'])
    expect((await page({ limit: '2', offset: '2' })).map((m) => m.body)).toEqual(['b1'])
    expect(await page({ offset: '3' })).toEqual([])
    // bare digits and the Baileys spelling name the same chat
    expect((await get<Message[]>('/v2/chats/messages', { chatId: `+${B}`, downloadMedia: 'false' })).length).toBe(3)
    expect((await get<Message[]>('/v2/chats/messages', { chatId: `${B}@s.whatsapp.net`, downloadMedia: 'false' })).length).toBe(3)
    // WAHA filters, dotted or nested
    expect(await page({ 'filter.fromMe': 'true' })).toEqual([])
    expect((await page({ 'filter.fromMe': 'false' })).length).toBe(3)
    const newest = all[0]!.timestamp
    expect((await page({ 'filter[timestamp][gte]': String(newest) })).every((m) => m.timestamp >= newest)).toBe(true)
    expect(await page({ 'filter.timestamp.lte': '1' })).toEqual([])
    expect(await get('/v2/chats/messages', { chatId: '15559999999@c.us' })).toEqual([])
    expect(await errorOf('GET', '/v2/chats/messages', {})).toEqual({ status: 400, code: 'missing_param' })
    expect(await errorOf('GET', '/v2/chats/messages', { chatId: 'bogus@example' })).toEqual({ status: 400, code: 'invalid_chat_id' })
    expect(await errorOf('GET', '/v2/chats/messages', { chatId: B, limit: '1001' })).toEqual({ status: 400, code: 'invalid_param' })
  })

  it('downloadMedia serves the original bytes at a stable URL behind the same credentials', async () => {
    const messages = await get<Message[]>('/v2/chats/messages', { chatId: B, downloadMedia: 'true' })
    const pic = messages.find((m) => m.type === 'image')!
    expect(pic.media).toMatchObject({ mimetype: 'image/jpeg', error: null })
    const url = new URL(pic.media!.url!)
    expect(url.pathname).toBe(`/api/files/${id}/${ids.pic}.jpeg`)
    expect(url.origin).toBe(t.core.url)

    // over real HTTP, with the token in a header, then in the query
    const withHeader = await fetch(url, { headers: { 'access-token': t.token } })
    expect(withHeader.status).toBe(200)
    expect(withHeader.headers.get('content-type')).toBe('image/jpeg')
    expect(Buffer.from(await withHeader.arrayBuffer()).equals(image)).toBe(true)
    const withQuery = await fetch(`${url.href}?access_token=${t.token}`)
    expect(Buffer.from(await withQuery.arrayBuffer()).equals(image)).toBe(true)
    // without credentials, with a wrong token, for another instance id, and a name that was never written
    expect((await fetch(url)).status).toBe(401)
    expect((await fetch(url, { headers: { 'access-token': 'wrong' } })).status).toBe(401)
    expect((await fetch(`${t.core.url}/api/files/AAAAAAAAAAAA/${ids.pic}.jpeg?access_token=${t.token}`)).status).toBe(404)
    expect((await fetch(`${t.core.url}/api/files/${id}/..%2Fswitchboard.db?access_token=${t.token}`)).status).toBe(404)

    // the URL is stable: later reads give it without downloading again, as does messages/get
    const again = await get<Message[]>('/v2/chats/messages', { chatId: B, downloadMedia: 'false' })
    expect(again.find((m) => m.type === 'image')!.media!.url).toBe(pic.media!.url)
    expect((await get<Message>('/v2/messages/get', { messageId: pic.id })).media!.url).toBe(pic.media!.url)
  })

  it('messages/get by serialized id (POST and GET), or by bare id with chatId', async () => {
    const serialized = `false_${C}@c.us_${ids.c1}`
    const post = await t.call('POST', '/v2/messages/get', { instance_id: id }, { chatId: `${C}@c.us`, messageId: serialized, downloadMedia: false })
    expect(post.statusCode, post.body).toBe(200)
    expect(post.json()).toMatchObject({ id: serialized, body: 'c1', from: `${C}@c.us`, to: `${A}@c.us`, fromMe: false, type: 'chat', pushName: 'Carol', isEdited: false, reactions: [] })
    expect(await get('/v2/messages/get', { messageId: serialized })).toMatchObject({ body: 'c1' })
    expect(await get('/v2/messages/get', { chatId: C, messageId: ids.c1! })).toMatchObject({ id: serialized })
    expect(await errorOf('GET', '/v2/messages/get', { messageId: `false_${C}@c.us_3EB0000000000000NOPE` })).toEqual({ status: 404, code: 'message_not_found' })
    expect(await errorOf('GET', '/v2/messages/get', { messageId: 'not an id' })).toEqual({ status: 400, code: 'invalid_message_id' })
    expect(await errorOf('GET', '/v2/messages/get', { messageId: ids.c1! })).toEqual({ status: 400, code: 'invalid_message_id' })
    expect(await errorOf('POST', '/v2/messages/get', {})).toEqual({ status: 400, code: 'missing_param' })
  })

  it("contacts: the spec's fields for one contact, and all contacts sorted and paged", async () => {
    const bob = await get('/v2/contacts', { contactId: `${B}@c.us` })
    expect(bob).toMatchObject({ id: `${B}@c.us`, number: B, name: null, pushname: 'Bob', isBusiness: false, isEnterprise: false, isMe: false, isMyContact: false })
    expect(bob).toMatchObject({ lid: t.core.sandbox!.getPhone(B)!.lid })
    expect(await get('/v2/contacts', { contactId: C })).toMatchObject({ id: `${C}@c.us`, pushname: 'Carol' })
    expect(await errorOf('GET', '/v2/contacts', { contactId: '15559999999@c.us' })).toEqual({ status: 404, code: 'contact_not_found' })
    expect(await errorOf('GET', '/v2/contacts', {})).toEqual({ status: 400, code: 'missing_param' })

    const people = (list: { id: string }[]) => list.map((c) => c.id).filter((x) => [B, C, D].some((p) => x === `${p}@c.us`))
    expect(people(await get('/v2/contacts/all'))).toEqual([B, C, D].map((p) => `${p}@c.us`))
    expect(people(await get('/v2/contacts/all', { sortBy: 'id', sortOrder: 'DESC' }))).toEqual([D, C, B].map((p) => `${p}@c.us`))
    const first = await get<{ id: string }[]>('/v2/contacts/all', { limit: '1' })
    expect(first).toHaveLength(1)
    expect(await get('/v2/contacts/all', { offset: '100' })).toEqual([])
    expect(await errorOf('GET', '/v2/contacts/all', { sortBy: 'age' })).toEqual({ status: 400, code: 'invalid_param' })
  })

  it('LIDs: the mapping list, the count, and lookups both ways', async () => {
    const bobLid = t.core.sandbox!.getPhone(B)!.lid
    const list = await get<{ lid: string; pn: string }[]>('/v2/lids')
    expect(list).toContainEqual({ lid: bobLid, pn: `${B}@c.us` })
    const { count } = await get<{ count: number }>('/v2/lids/count')
    expect(count).toBe(list.length)
    expect(await get('/v2/lids', { limit: '1', offset: String(count) })).toEqual([])
    expect(await get('/v2/lids/pn/' + B)).toEqual({ lid: bobLid, pn: `${B}@c.us`, number: B })
    expect(await get(`/v2/lids/${encodeURIComponent(bobLid)}`)).toEqual({ lid: bobLid, pn: `${B}@c.us`, number: B })
    expect(await get(`/v2/lids/${bobLid.replace('@lid', '')}`)).toMatchObject({ pn: `${B}@c.us` })
    expect(await get('/v2/lids/99999999999999@lid')).toEqual({ lid: '99999999999999@lid', pn: null, number: null })
    expect(await errorOf('GET', '/v2/lids/not-a-lid', {})).toEqual({ status: 400, code: 'invalid_param' })
    expect(await errorOf('GET', '/v2/lids/pn/abc', {})).toEqual({ status: 400, code: 'invalid_chat_id' })
  })

  it('reads answer from the store while the session is stopped', async () => {
    await t.call('POST', '/v2/session/stop', { instance_id: id })
    expect((await get<Chat[]>('/v2/chats')).length).toBe(3)
    expect((await get<Message[]>('/v2/chats/messages', { chatId: B })).length).toBe(3)
    expect(await get('/v2/contacts', { contactId: B })).toMatchObject({ pushname: 'Bob' })
  })
})
