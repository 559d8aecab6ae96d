// Issue 11 item 6: the hosted service's older clients. Requests as Wawp's n8n node (v1 names, everything in the
// query) and WordPress plugin (v1 names, JSON body with credentials) send them, and WAHA-style chat paths, over real
// HTTP against real Baileys on the sandbox: they reach the same operations as the v2 paths. Plus /api/docs/raw.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAccountCore, waitUntil, type AccountCore } from '../../../testing/account-core.js'
import { COMPAT_ALIASES } from './aliases.js'

const ME = '15550217001'
const BOB = '15550217002'
const BOB_CHAT = `${BOB}@c.us`

describe.sequential('compatibility aliases', () => {
  let c: AccountCore
  let files: Server
  let png: Buffer
  const creds = () => ({ access_token: c.t.token, instance_id: c.id })
  /** n8n's request helper: every parameter in the query string (bracket keys percent-encoded), json: true. */
  const n8n = async (method: string, path: string, qs: Record<string, string>) => {
    const res = await fetch(`${c.t.core.url}${path}?${new URLSearchParams({ ...creds(), ...qs })}`, { method, headers: { accept: 'application/json' } })
    return { status: res.status, body: (await res.json()) as Record<string, unknown> & Record<string, unknown>[] }
  }
  /** The WordPress plugin's do_request: POST, credentials and fields in a JSON body. */
  const wordpress = async (path: string, body: Record<string, unknown>) => {
    const res = await fetch(`${c.t.core.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'user-agent': 'WAWP-Client/1.3 (+WordPress)' },
      body: JSON.stringify({ ...creds(), ...body })
    })
    return { status: res.status, body: (await res.json()) as Record<string, unknown> }
  }
  const inboxOf = (phone: string) => c.t.core.sandbox!.messages(phone)

  beforeAll(async () => {
    c = await startAccountCore(ME, [BOB])
    const { Jimp } = await import('jimp')
    png = await new Jimp({ width: 20, height: 12, color: 0x22aa66ff }).getBuffer('image/png')
    files = createServer((_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(png))
    await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve))
  })
  afterAll(async () => {
    files?.close()
    await c?.close()
  })

  it('n8n: POST /v2/send?chatId&message is /v2/send/text, delivered to the phone', async () => {
    const sent = await n8n('POST', '/v2/send', { chatId: BOB, message: 'hello from the n8n node' })
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    const id = (sent.body.key as { id: string }).id
    // v1's answer: "IsFromMe":true and _data.Info.* beside the v2 fields (issue 23 item 1).
    expect(sent.body.IsFromMe).toBe(true)
    expect((sent.body._data as { Info: unknown; id: unknown }).Info).toMatchObject({ ID: id, IsFromMe: true, Chat: `${BOB}@s.whatsapp.net`, Type: 'text' })
    expect((sent.body._data as { id: { _serialized: string } }).id._serialized).toBe((sent.body.id as { _serialized: string })._serialized)
    expect(sent.body.body).toBe('hello from the n8n node')
    const got = await waitUntil(async () => (await inboxOf(BOB)).find((m) => m.id === id), 15_000, 'Bob got the text')
    expect(got.text).toBe('hello from the n8n node')
  })

  it('WordPress: startTyping, send and stopTyping with a JSON body; sendImage with file{url}', async () => {
    expect((await wordpress('/v2/startTyping', { chatId: BOB_CHAT })).status).toBe(200)
    const text = await wordpress('/v2/send', { chatId: BOB_CHAT, message: 'Your order #1001 shipped' })
    expect(text.status, JSON.stringify(text.body)).toBe(200)
    expect((await wordpress('/v2/stopTyping', { chatId: BOB_CHAT })).status).toBe(200)
    const url = `http://127.0.0.1:${(files.address() as AddressInfo).port}/receipt.png`
    const image = await wordpress('/v2/sendImage', { chatId: BOB_CHAT, file: { url, filename: 'receipt.png', mimetype: 'image/png' }, caption: 'Receipt' })
    expect(image.status, JSON.stringify(image.body)).toBe(200)
    const imageId = (image.body.key as { id: string }).id
    const media = await waitUntil(() => c.t.core.sandbox!.mediaOf(BOB, imageId), 15_000, 'Bob got the image')
    expect(media.body.equals(png)).toBe(true)
    expect((await inboxOf(BOB)).some((m) => m.id === (text.body.key as { id: string }).id)).toBe(true)
  })

  it('n8n: sendImage with file[url] bracket keys in the query; /v2/message reads it back with its ack', async () => {
    const url = `http://127.0.0.1:${(files.address() as AddressInfo).port}/photo.png`
    const sent = await n8n('POST', '/v2/sendImage', { chatId: BOB, 'file[url]': url, 'file[filename]': 'photo.png', 'file[mimetype]': 'image/png', caption: 'n8n photo' })
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    const serialized = (sent.body.id as { _serialized: string })._serialized
    await waitUntil(() => c.t.core.sandbox!.mediaOf(BOB, (sent.body.key as { id: string }).id), 15_000, 'Bob got the photo')
    // The plugin's delivery check: GET /message?chatId&messageId&downloadMedia=false, reading ack.
    const viaAlias = await n8n('GET', '/v2/message', { chatId: BOB_CHAT, messageId: serialized, downloadMedia: 'false' })
    const viaV2 = await n8n('GET', '/v2/messages/get', { chatId: BOB_CHAT, messageId: serialized, downloadMedia: 'false' })
    expect(viaAlias.status).toBe(200)
    expect(typeof viaAlias.body.ack).toBe('number')
    // The v1 name adds what the plugin's delivery-tick poll reads (issue 23 item 1); the v2 path answers without it.
    const { IsFromMe, _data: aliasData, ...rest } = viaAlias.body as unknown as { IsFromMe: boolean; _data: { Info: Record<string, unknown> } }
    expect(IsFromMe).toBe(true)
    expect(aliasData.Info).toMatchObject({ ID: (sent.body.key as { id: string }).id, IsFromMe: true, IsGroup: false, Type: 'media' })
    const { _data: v2Data, ...v2Rest } = viaV2.body as unknown as { _data: Record<string, unknown> }
    expect(rest).toEqual(v2Rest)
    expect(v2Data.Info).toBeUndefined()
    expect(viaV2.body.IsFromMe).toBeUndefined()
  })

  it('status, getQr and requestCode answer as their v2 operations', async () => {
    // v1 clients compare status with "Online" (issue 23 item 1); the v2 name keeps WORKING.
    const status = await n8n('GET', '/v2/status', {})
    expect(status.status).toBe(200)
    const info = (await n8n('GET', '/v2/session/info', {})).body
    expect(info.status).toBe('WORKING')
    expect(status.body).toEqual({ ...info, status: 'Online', session_status: 'WORKING' })
    const plugin = await wordpress('/v2/status', {})
    expect(String(plugin.body.status).toLowerCase()).toBe('online')
    // WORKING has no QR: the same refusal as /v2/auth/qr, not a 404.
    const qr = await n8n('GET', '/v2/getQr', { format: 'raw' })
    expect(qr.status).toBe(422)
    expect(qr.body).toEqual((await n8n('GET', '/v2/auth/qr', {})).body)
    expect((await n8n('POST', '/v2/requestCode', { phone_number: ME })).body.code).toBe('session_status_mismatch')
  })

  it('WAHA chat paths: messages, read, archive/unarchive, pin/unpin with the chat id (raw or %40) in the path', async () => {
    const viaPath = await n8n('GET', `/v2/chats/${encodeURIComponent(BOB_CHAT)}/messages`, { limit: '5', downloadMedia: 'false' })
    const viaQuery = await n8n('GET', '/v2/chats/messages', { chatId: BOB_CHAT, limit: '5', downloadMedia: 'false' })
    expect(viaPath.status).toBe(200)
    expect(viaPath.body.length).toBeGreaterThan(0)
    expect(viaPath.body).toEqual(viaQuery.body)
    expect((await n8n('POST', `/v2/chats/${BOB_CHAT}/messages/read`, {})).body).toMatchObject({ success: true, chatId: BOB_CHAT })
    expect((await n8n('POST', `/v2/chats/${BOB_CHAT}/archive`, {})).body).toMatchObject({ success: true, archived: true })
    const archived = (await n8n('GET', '/v2/chats', {})).body.find((chat) => chat.id === BOB_CHAT)
    expect(archived?.archived).toBe(true)
    expect((await n8n('POST', `/v2/chats/${encodeURIComponent(BOB_CHAT)}/unarchive`, {})).body).toMatchObject({ success: true, archived: false })
    const last = viaPath.body[0] as { id: string }
    const pin = await n8n('POST', `/v2/chats/${BOB_CHAT}/messages/${encodeURIComponent(last.id)}/pin`, { duration: '86400' })
    expect(pin.status, JSON.stringify(pin.body)).toBe(200)
    expect(pin.body).toMatchObject({ success: true, id: last.id, pinned: true, duration: 86400 })
    expect((await n8n('POST', `/v2/chats/${BOB_CHAT}/messages/${encodeURIComponent(last.id)}/unpin`, {})).body).toMatchObject({ pinned: false })
  })

  it('createSession makes an instance like /v2/session/create', async () => {
    const res = await fetch(`${c.t.core.url}/v2/createSession?${new URLSearchParams({ name: 'from-n8n', access_token: c.t.token })}`, { method: 'POST' })
    expect(res.status).toBe(201)
    const created = (await res.json()) as { instance_id: string }
    expect(created).toMatchObject({ session_name: 'from-n8n', status: 'STARTING' })
    // Not WORKING: v1's "Offline" on the v1 name.
    const status = await fetch(`${c.t.core.url}/v2/status?${new URLSearchParams({ instance_id: created.instance_id, access_token: c.t.token })}`)
    expect(await status.json()).toMatchObject({ status: 'Offline', session_status: expect.stringMatching(/STARTING|SCAN_QR_CODE/) })
  })

  it('/docs lists every alias as deprecated, naming its v2 operation; /api/docs/raw is derived from it', async () => {
    const doc = (await (await fetch(`${c.t.core.url}/docs/json`)).json()) as { paths: Record<string, Record<string, { deprecated?: boolean; description?: string; summary?: string }>> }
    for (const alias of COMPAT_ALIASES) {
      const path = alias.path.replace(/:(\w+)/g, '{$1}')
      for (const method of alias.methods) {
        const op = doc.paths[path]?.[method.toLowerCase()]
        expect(op?.deprecated, `${method} ${path}`).toBe(true)
        expect(op?.description).toContain(`Deprecated alias of ${alias.targetMethod ?? method} ${alias.target}`)
      }
    }
    expect(doc.paths['/v2/send/text']?.post?.deprecated).toBeUndefined()

    const raw = (await (await fetch(`${c.t.core.url}/api/docs/raw`)).json()) as { endpoints: { path: string; title: string; category: string; method: string; deprecated?: boolean }[] }
    expect(raw.endpoints).toContainEqual({ path: '/v2/send/text', title: doc.paths['/v2/send/text']!.post!.summary, category: 'Sending', method: 'POST' })
    expect(raw.endpoints).toContainEqual(expect.objectContaining({ path: '/v2/sendImage', method: 'POST', category: 'Sending', deprecated: true }))
    expect(raw.endpoints).toContainEqual(expect.objectContaining({ path: '/v2/chats/{chatId}/messages', method: 'GET', category: 'Chats', deprecated: true }))
    expect(raw.endpoints).toContainEqual(expect.objectContaining({ path: '/v2/sessions', method: 'GET', category: 'Session' }))
    // Every documented operation, and nothing else.
    const documented = Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m)).map((m) => `${m.toUpperCase()} ${path}`))
    expect(raw.endpoints.map((e) => `${e.method} ${e.path}`).sort()).toEqual(documented.sort())
  })
})
