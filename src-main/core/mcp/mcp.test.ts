// The MCP server at /mcp through the SDK's own client (Client + StreamableHTTPClientTransport) against a real core on
// the sandbox with a paired instance: tools listed; instances, chats and messages read; a text sent under the strict
// policy is queued with its position (the same queue as HTTP) and reaches the simulated phone when the window ends;
// an image by base64; a number check; another account's instance and a missing or wrong token refused.
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { Jimp } from 'jimp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { upsertAccount } from '../db/repositories/accounts-repo.js'
import { ManualClock } from '../rate-limit/index.js'
import { pairInstance, startTestCore, waitUntil, type TestCore } from '../testing/core-harness.js'

const A = '15550421001' // the instance's phone
const B = '15550421002'

type ToolAnswer = { isError?: boolean; content: { type: string; text: string }[] }
const parsed = <T = Record<string, unknown>>(r: unknown): T => JSON.parse((r as ToolAnswer).content[0]!.text) as T

describe('MCP server at /mcp (SDK client)', () => {
  const clock = new ManualClock(Date.now())
  let t: TestCore
  let id: string
  const clients: Client[] = []

  const connect = async (headers: Record<string, string>) => {
    const client = new Client({ name: 'switchboard-test', version: '1.0.0' })
    await client.connect(new StreamableHTTPClientTransport(new URL(`${t.core.url}/mcp`), { requestInit: { headers } }))
    clients.push(client)
    return client
  }
  const call = async (client: Client, name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args })

  beforeAll(async () => {
    t = await startTestCore('sandbox', { clock })
    await t.core.sandbox!.createPhone({ phoneNumber: B, name: 'Bob' })
    id = await pairInstance(t, A, 'Alice')
    await t.core.sandbox!.sendText(B, A, 'hello from Bob')
    await waitUntil(async () => (await t.call('GET', '/v2/chats', { instance_id: id })).json().length === 1, 20_000, "Bob's chat in the store")
  }, 60_000)
  afterAll(async () => {
    for (const c of clients) await c.close()
    await t?.close()
  })

  it('refuses a missing or wrong token before any MCP exchange', async () => {
    // Missing: 401 as MCP clients expect (issue 23 item 3), with the Bearer challenge.
    await expect(connect({})).rejects.toMatchObject({ code: 401, message: expect.stringContaining('missing_access_token') })
    const missing = await fetch(`${t.core.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' })
    })
    expect(missing.status).toBe(401)
    expect(missing.headers.get('www-authenticate')).toMatch(/^Bearer/)
    expect(((await missing.json()) as { code: string }).code).toBe('missing_access_token')
    await expect(connect({ Authorization: 'Bearer wrong' })).rejects.toThrow(/401|invalid/i)
    const raw = await fetch(`${t.core.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: 'Bearer wrong' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' })
    })
    expect(raw.status).toBe(401)
    expect(((await raw.json()) as { code: string }).code).toBe('invalid_access_token')
  })

  it('lists its tools and reads instances, chats and messages of the token\'s account', async () => {
    const client = await connect({ Authorization: `Bearer ${t.token}` })
    const { tools } = await client.listTools()
    expect(tools.map((x) => x.name).sort()).toEqual(['check_number', 'list_chats', 'list_instances', 'read_messages', 'send_media', 'send_queue', 'send_text'])
    expect(tools.find((x) => x.name === 'send_text')!.inputSchema.required).toEqual(expect.arrayContaining(['instance_id', 'chat_id', 'text']))

    expect(parsed<unknown[]>(await call(client, 'list_instances', {}))).toEqual([
      { instance_id: id, name: expect.any(String), status: 'WORKING', me: { id: `${A}@c.us`, pushName: expect.anything() } }
    ])
    expect(parsed<{ id: string }[]>(await call(client, 'list_chats', { instance_id: id })).map((c) => c.id)).toEqual([`${B}@c.us`])
    const messages = parsed<{ body: string; fromMe: boolean }[]>(await call(client, 'read_messages', { instance_id: id, chat_id: B }))
    expect(messages).toEqual([expect.objectContaining({ body: 'hello from Bob', fromMe: false })])
    expect(parsed(await call(client, 'check_number', { instance_id: id, phone: `+${B}` }))).toEqual({ numberExists: true, chatId: `${B}@c.us` })
  })

  it('sends through the same policy and queue as HTTP: queued with its position, then delivered to the phone', async () => {
    const client = await connect({ 'access-token': t.token })
    // Just paired: the strict policy's protection window holds every send.
    const queued = parsed<{ status: string; id: string; position: number; reason: string }>(await call(client, 'send_text', { instance_id: id, chat_id: B, text: 'Hi Bob, from an assistant' }))
    expect(queued).toMatchObject({ status: 'queued', position: 1, reason: 'protection' })
    // The HTTP queue sees the same message.
    const http = (await t.call('GET', '/v2/send/queue', { instance_id: id, messageId: queued.id })).json()
    expect(http).toMatchObject({ policy: 'strict', counters: { queue_length: 1 }, message: { status: 'queued' } })
    expect(parsed(await call(client, 'send_queue', { instance_id: id, message_id: queued.id }))).toMatchObject({ policy: 'strict', queue_length: 1, message: { status: 'queued', kind: 'text' } })

    const image = await new Jimp({ width: 32, height: 32, color: 0xcc2288ff }).getBuffer('image/png')
    const second = parsed<{ status: string; position: number }>(await call(client, 'send_media', { instance_id: id, chat_id: B, kind: 'image', base64: image.toString('base64'), mimetype: 'image/png', caption: 'a square' }))
    expect(second).toMatchObject({ status: 'queued', position: 2 })

    await clock.advance(60_000)
    await waitUntil(async () => (await t.core.sandbox!.messages(B)).some((m) => m.text === 'Hi Bob, from an assistant'), 20_000, 'Bob got the text')
    await clock.advance(10_000) // strict: one message every 7.5 s
    await waitUntil(async () => (await t.core.sandbox!.messages(B)).some((m) => m.type === 'image' || m.mediaMimetype === 'image/png'), 20_000, 'Bob got the image')
    await waitUntil(async () => parsed<{ message: { status: string } }>(await call(client, 'send_queue', { instance_id: id, message_id: queued.id })).message.status === 'sent', 10_000, 'sent')
  }, 90_000)

  it('answers a domain error as a tool error, and never reaches another account\'s instance', async () => {
    upsertAccount(t.core.db, { id: 'other', name: 'Other', plan: 'free', token: 'other-token', now: Date.now() })
    const other = await connect({ Authorization: 'Bearer other-token' })
    expect(parsed<unknown[]>(await call(other, 'list_instances', { all: true }))).toEqual([])
    const refused = (await call(other, 'send_text', { instance_id: id, chat_id: B, text: 'not mine' })) as ToolAnswer
    expect(refused.isError).toBe(true)
    expect(parsed(refused)).toMatchObject({ code: 'invalid_session' })
    const bad = (await call(other, 'send_media', { instance_id: id, chat_id: B, kind: 'file' })) as ToolAnswer
    expect(bad.isError).toBe(true)
    expect((await t.core.sandbox!.messages(B)).some((m) => m.text === 'not mine')).toBe(false)
  })
})
