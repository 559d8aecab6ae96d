// What automation tools written against the hosted v2 docs (or WAHA's) send and expect, through the real app on
// the sandbox: one test per spelling or answer shape a real client produced that the API once got wrong.
import QRCode from 'qrcode'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startAccountCore, waitUntil, type AccountCore } from '../../../testing/account-core.js'

const ME = '15550207001'
const BOB = '15550207002'

/** A multipart body as undici (the fetch every tool's runtime ships) serializes it. */
async function multipart(fields: Record<string, string | Blob | [Blob, string]>): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) Array.isArray(v) ? form.append(k, v[0], v[1]) : form.append(k, v)
  const req = new Request('http://x/', { method: 'POST', body: form })
  return { payload: Buffer.from(await req.arrayBuffer()), headers: { 'content-type': req.headers.get('content-type')! } }
}

describe.sequential('v2 client compatibility', () => {
  let c: AccountCore
  const query = () => new URLSearchParams({ access_token: c.t.token, instance_id: c.id }).toString()
  const unreadOf = async (chat: string) =>
    ((await c.api('GET', '/v2/chats')).json() as { id: string; unreadCount: number }[]).find((x) => x.id === chat)?.unreadCount

  beforeAll(async () => {
    c = await startAccountCore(ME, [BOB])
  })
  afterAll(async () => c?.close())

  it("PHP http_build_query arrays (events[0]=...) in a form body: POST /v2/webhook/set", async () => {
    const res = await c.t.inject({
      method: 'POST',
      url: `/v2/webhook/set?${query()}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'url=http%3A%2F%2F127.0.0.1%3A9%2Fhook&events%5B0%5D=message&events%5B1%5D=message.ack&retries%5Bdelay%5D=3&retries%5Battempts%5D=4'
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().webhook).toMatchObject({ url: 'http://127.0.0.1:9/hook', events: ['message', 'message.ack'], retries: { delay: 3, attempts: 4 } })
  })

  it('labels as JSON text or indexed keys in the query: PUT /v2/labels/chats/{chatId}', async () => {
    expect((await c.api('POST', '/v2/labels', { name: 'Lead', color: 2 })).statusCode).toBe(201)
    const json = await c.api('PUT', `/v2/labels/chats/${BOB}@c.us`, undefined, { labels: '[{"id":"1"}]' })
    expect(json.statusCode, json.body).toBe(200)
    expect(json.json()).toEqual([{ id: '1', name: 'Lead', color: 2, colorHex: '#ffd429' }])
    const indexed = await c.api('PUT', `/v2/labels/chats/${BOB}@c.us`, undefined, { 'labels[0][id]': '1' })
    expect(indexed.statusCode, indexed.body).toBe(200)
  })

  it('multipart/form-data: fields, and a file part as the file of a media send', async () => {
    const text = await multipart({ chatId: `${BOB}@c.us`, message: 'from a form tool' })
    const sent = await c.t.inject({ method: 'POST', url: `/v2/send/text?${query()}`, ...text })
    expect(sent.statusCode, sent.body).toBe(200)
    expect(sent.json().body).toBe('from a form tool')

    const { Jimp } = await import('jimp')
    const png = await new Jimp({ width: 24, height: 16, color: 0x3366ccff }).getBuffer('image/png')
    const form = await multipart({ chatId: BOB, caption: 'uploaded', file: [new Blob([png], { type: 'image/png' }), 'photo.png'] })
    const image = await c.t.inject({ method: 'POST', url: `/v2/send/image?${query()}`, ...form })
    expect(image.statusCode, image.body).toBe(200)
    expect(image.json()._data).toMatchObject({ caption: 'uploaded', mimetype: 'image/png' })
    const got = await waitUntil(() => c.t.core.sandbox!.mediaOf(BOB, image.json().key.id), 10_000, 'BOB got the image')
    expect(got.body.equals(png)).toBe(true)

    // Credentials in the form work too; a broken multipart body is a 400, never a 5xx.
    const creds = await multipart({ access_token: c.t.token, instance_id: c.id })
    expect((await c.t.inject({ method: 'POST', url: '/v2/session/info', ...creds })).json().status).toBe('WORKING')
    const broken = await c.t.inject({ method: 'POST', url: `/v2/send/text?${query()}`, headers: { 'content-type': 'multipart/form-data; boundary=zz' }, payload: 'not multipart' })
    expect(broken.statusCode).toBe(400)
    expect(broken.json().code).toBe('invalid_param')
  })

  it('JSON text with the wrong Content-Type or none (requests data=json.dumps(...), curl -d without -H)', async () => {
    const json = JSON.stringify({ chatId: `${BOB}@c.us`, message: 'json, mislabelled' })
    const url = `/v2/send/text?${query()}`
    for (const headers of [{}, { 'content-type': 'application/x-www-form-urlencoded' }, { 'content-type': 'text/plain; charset=utf-8' }]) {
      const res = await c.t.inject({ method: 'POST', url, headers, payload: json })
      expect(res.statusCode, `${JSON.stringify(headers)}: ${res.body}`).toBe(200)
      expect(res.json().body).toBe('json, mislabelled')
    }
    // Broken JSON is still 400, a real form still a form, and a type that is neither still 415.
    expect((await c.t.inject({ method: 'POST', url, headers: {}, payload: '{"chatId":' })).json().code).toBe('invalid_param')
    const form = await c.t.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `chatId=${BOB}&message=a+form` })
    expect(form.json().body).toBe('a form')
    expect((await c.t.inject({ method: 'POST', url, headers: { 'content-type': 'application/xml' }, payload: '<message/>' })).statusCode).toBe(415)
    expect((await c.t.inject({ method: 'POST', url, headers: { 'content-type': 'text/plain' }, payload: 'hello' })).statusCode).toBe(400)
  })

  it('a base URL with a trailing slash: //v2/... and doubled slashes inside the path route as usual', async () => {
    expect((await c.t.inject({ method: 'GET', url: `//v2/session/info?${query()}` })).json().status).toBe('WORKING')
    const sent = await c.t.inject({ method: 'POST', url: `/v2//send/text/?${query()}`, payload: { chatId: BOB, message: 'slashes' } })
    expect(sent.statusCode, sent.body).toBe(200)
  })

  it("send answers' _data has the documented whatsapp-web.js shape (from/to as Wid objects)", async () => {
    const res = await c.api('POST', '/v2/send/text', { chatId: `${BOB}@c.us`, message: 'shape' })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body._data).toMatchObject({
      id: { fromMe: true, remote: `${BOB}@c.us`, _serialized: body.id._serialized },
      viewed: false,
      body: 'shape',
      type: 'chat',
      from: { server: 'c.us', user: ME, _serialized: `${ME}@c.us` },
      to: { server: 'c.us', user: BOB, _serialized: `${BOB}@c.us` },
      ack: 0,
      isNewMsg: true,
      star: false,
      kicNotified: false
    })
    expect(body.from).toBe(`${ME}@c.us`)
  })

  it("WAHA's GET /v2/groups/{id}/participants/v2 answers the participants", async () => {
    const group = await c.api('POST', '/v2/groups', { name: 'Compat', participants: [{ id: `${BOB}@c.us` }] })
    expect(group.statusCode, group.body).toBe(201)
    const id = group.json().id as string
    const v1 = await c.api('GET', `/v2/groups/${id}/participants`)
    const v2 = await c.api('GET', `/v2/groups/${encodeURIComponent(id)}/participants/v2`)
    expect(v2.statusCode, v2.body).toBe(200)
    expect(v2.json()).toEqual(v1.json())
    expect(v2.json().map((p: { id: string; role: string }) => [p.id, p.role]).sort()).toEqual([[`${ME}@c.us`, 'superadmin'], [`${BOB}@c.us`, 'participant']])
  })

  it("/v2/send/seen reads the chat: unreadCount drops to the messages newer than the newest one marked", async () => {
    const sandbox = c.t.core.sandbox!
    const first = await sandbox.sendText(BOB, ME, 'unread 1')
    await sandbox.sendText(BOB, ME, 'unread 2')
    const chat = `${BOB}@c.us`
    await waitUntil(async () => (await unreadOf(chat)) === 2, 10_000, 'two unread')
    const one = await c.api('POST', '/v2/send/seen', { chatId: chat, messageIds: [`false_${chat}_${first.id}`] })
    expect(one.statusCode, one.body).toBe(200)
    expect(await unreadOf(chat)).toBe(1)
    expect((await c.api('POST', '/v2/send/seen', { chatId: chat })).statusCode).toBe(200)
    expect(await unreadOf(chat)).toBe(0)
  })

  it('/v2/session/info renders each QR once however often it is polled; /v2/auth/qr?format=image: the JSON envelope by default, the PNG itself to Accept: image/png (WAHA)', async () => {
    const id = await c.t.createInstance()
    await c.t.waitForStatus(id, 'SCAN_QR_CODE')
    // Issue 24 item 1: /v2/session/info, polled every second while a QR is shown, renders each QR string once.
    const renders = vi.spyOn(QRCode, 'toBuffer')
    try {
      const shown = new Set<string>()
      for (let i = 0; i < 5; i++) {
        const info = await c.t.inject({ method: 'GET', url: `/v2/session/info?access_token=${c.t.token}&instance_id=${id}` })
        expect(info.json().qr).toMatch(/^data:image\/png;base64,/)
        shown.add(info.json().qr)
      }
      // The API's look (no width); a QR may rotate between two polls: one render per QR shown, never one per poll.
      const apiRenders = renders.mock.calls.filter(([, options]) => (options as { width?: number } | undefined)?.width === undefined)
      expect(apiRenders.length).toBeGreaterThanOrEqual(1)
      expect(apiRenders.length).toBeLessThanOrEqual(shown.size)
      expect(shown.size).toBeLessThan(5)
    } finally {
      renders.mockRestore()
    }
    const url = `/v2/auth/qr?access_token=${c.t.token}&instance_id=${id}&format=image`
    const json = await c.t.inject({ method: 'GET', url })
    expect(json.json().mimetype).toBe('image/png')
    const png = await c.t.inject({ method: 'GET', url, headers: { accept: 'image/png' } })
    expect(png.statusCode).toBe(200)
    expect(png.headers['content-type']).toBe('image/png')
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG')
    expect((await c.t.inject({ method: 'GET', url, headers: { accept: '*/*' } })).json().mimetype).toBe('image/png')
  })

  it('a value outside a list of literals names the allowed ones', async () => {
    const res = await c.api('POST', '/v2/presence', { presence: 'dancing' })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toContain('expected one of "online", "offline"')
  })
})
