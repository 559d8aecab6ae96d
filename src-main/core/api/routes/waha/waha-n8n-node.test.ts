// Issue 23 item 4: WAHA's published n8n node (devlikeapro/n8n-nodes-waha, v202409) unmodified against /api. Its
// operations are the properties it builds from WAHA's published OpenAPI (testing/), run through n8n's declarative
// routing with the node's credential (X-Api-Key) against a sandbox core; every answer is checked against WAHA's
// published response schema for that operation. The WAHA Trigger's side: the envelope a session's config.webhooks
// POSTs to a real local receiver is routed by the trigger's own rule and matches WAHA's published webhook schema.
import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAccountCore, waitUntil, type AccountCore } from '../../../testing/account-core.js'
import { toOggOpus } from '../../../messaging/send/transcode.js'
import { ffmpegMake, wav } from '../../../testing/media-fixtures.js'
import { nodeProperties, operationsOf, requestFor, send, type N8nOperation } from './testing/n8n-waha-node.js'

const ME = '15550423201'
const BOB = '15550423202'
const PAIRING = '15550423203'
const BOB_CHAT = `${BOB}@c.us`

interface OpenApi {
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: object }> }> }>>
  components: { schemas: Record<string, { properties: Record<string, { enum?: string[] }> }> }
}
const spec = JSON.parse(readFileSync(new URL('./testing/waha-openapi.json', import.meta.url), 'utf8')) as OpenApi

type JsonSchema = { type?: string | string[]; enum?: unknown[]; required?: string[]; properties?: Record<string, JsonSchema> } & Record<string, unknown>

/**
 * WAHA's published schemas as WAHA's own engines meet them (its DTOs publish more than its engines send), with only
 * these readings, each where the published document contradicts WAHA's own payloads:
 * - an optional property may be null (WAHA's engines write `media: null`, `replyTo: null`, `location` null...);
 * - WAMessage's participant may be null and mediaUrl absent (WAHA sets them from undefined values for a 1:1 chat,
 *   a message without media);
 * - the webhooks' `event` is a string (published as type object with an enum of strings, which nothing satisfies);
 * - a webhook config's events are strings (published as items of type array; its own example has strings);
 * - the environment's browser is null (WAHA's NOWEB engine sends null: it runs no browser).
 */
function asWahaSends(schemas: Record<string, JsonSchema>): Record<string, JsonSchema> {
  const out = structuredClone(schemas)
  for (const schema of Object.values(out)) {
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      if (property.type === 'object' && property.enum?.every((v) => typeof v === 'string')) property.type = 'string'
      if (!schema.required?.includes(name)) schema.properties![name] = { anyOf: [property, { type: 'null' }] }
    }
  }
  out.WebhookConfig!.properties!.events = { type: 'array', items: { type: 'string' } }
  out.WAHAEnvironment!.properties!.browser = { type: ['string', 'null'] }
  const message = out.WAMessage!
  message.required = message.required!.filter((name) => name !== 'mediaUrl')
  message.properties!.participant = { anyOf: [message.properties!.participant!, { type: 'null' }] }
  return out
}
const components = { ...spec.components, schemas: asWahaSends(spec.components.schemas as Record<string, JsonSchema>) }

/** WAHA's published schemas, with its refs (#/components/...) resolved inside each compiled schema. */
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false })
const validatorOf = (schema: object) => ajv.compile({ ...schema, components })
const errorsOf = (schema: object, value: unknown): string | null => {
  const validate = validatorOf(schema)
  return validate(value) ? null : ajv.errorsText(validate.errors, { dataVar: 'answer' })
}

/** The spec's (method, path) of a node operation: its url template with {name} for each $parameter. */
const specPathOf = (op: N8nOperation) => op.url.slice(1).replace(/\{\{\$parameter\["(\w+)"\]\}\}/g, '{$1}')

/** WAHA's published 2xx answer of an operation: its status and its JSON schema (null when it publishes none). */
function publishedAnswer(op: N8nOperation): { status: number; schema: object | null } {
  const responses = spec.paths[specPathOf(op)]![op.method.toLowerCase()]!.responses ?? {}
  const [code, answer] = Object.entries(responses).find(([c]) => c.startsWith('2'))!
  return { status: Number(code), schema: answer.content?.['application/json']?.schema ?? null }
}

/** The trigger's events: WAHATriggerV202409.ts reads them from this schema's event enum. */
const TRIGGER_EVENTS = spec.components.schemas.WAHAWebhookSessionStatus!.properties.event!.enum!

/** makeWebhookForEvents: which output an incoming body goes to (null: the workflow does not start). */
const triggerOutput = (body: Record<string, unknown>): number | null => {
  const event = body.event as string | undefined
  return event === undefined || !TRIGGER_EVENTS.includes(event) ? null : TRIGGER_EVENTS.indexOf(event)
}

describe.sequential("WAHA's n8n node (v202409) against /api", () => {
  const { properties, live } = nodeProperties()
  const operations = operationsOf(properties)
  const byKey = new Map(operations.map((op) => [`${op.resource}/${op.operation}`, op]))
  let c: AccountCore
  let session: string
  let receiver: Server
  let base = ''
  const received: Record<string, unknown>[] = []
  const files = new Map<string, { type: string; body: Buffer }>()
  /** The trigger's item for the node's expression defaults ($json.session, $json.payload.from, $json.payload.id). */
  let item: Record<string, unknown> = {}
  const results: { op: string; status: number; problem: string | null }[] = []

  /** Runs one node operation as n8n would (unset parameters keep the node's defaults) and checks WAHA's schema. */
  async function run(key: string, set: Record<string, unknown> = {}, $json: unknown = item): Promise<unknown> {
    const op = byKey.get(key)
    if (!op) throw new Error(`the node has no operation ${key}`)
    const req = requestFor(op, set, $json)
    const res = await send(c.t.core.url, c.t.token, req)
    const published = publishedAnswer(op)
    let problem: string | null = null
    if (res.status < 200 || res.status > 299) problem = `${res.status} ${JSON.stringify(res.body)}`
    else if (res.status !== published.status) problem = `answered ${res.status}, WAHA publishes ${published.status}`
    else if (!res.type.includes('application/json') && published.schema) problem = `answered ${res.type}, not JSON`
    else if (published.schema) problem = errorsOf(published.schema, res.body)
    results.push({ op: key, status: res.status, problem })
    return res.body
  }

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (b: Buffer) => chunks.push(b))
      req.on('end', () => {
        if (req.method === 'POST') {
          received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>)
          return void res.writeHead(200).end('{}')
        }
        const f = files.get(req.url ?? '')
        if (!f) return void res.writeHead(404).end()
        res.writeHead(200, { 'content-type': f.type, 'content-length': f.body.length }).end(f.body)
      })
    })
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r))
    base = `http://127.0.0.1:${(receiver.address() as { port: number }).port}`
    c = await startAccountCore(ME, [BOB, PAIRING])
    session = (await c.api('GET', '/v2/session/info')).json().name as string
    const { Jimp } = await import('jimp')
    files.set('/photo.jpg', { type: 'image/jpeg', body: await new Jimp({ width: 32, height: 24, color: 0x3366ccff }).getBuffer('image/jpeg') })
    files.set('/voice.opus', { type: 'audio/ogg', body: await toOggOpus(wav(0.5)) })
    files.set('/video.mp4', { type: 'video/mp4', body: await ffmpegMake(['-f', 'lavfi', '-i', 'testsrc=size=64x48:rate=5:duration=0.4', '-c:v', 'libx264', '-pix_fmt', 'yuv420p'], 'mp4') })
  })
  afterAll(async () => {
    await c?.close()
    await new Promise((r) => receiver?.close(r))
  })

  it("the node's operations are the ones its package builds from WAHA's published spec, each a path of that spec", () => {
    // @devlikeapro/n8n-openapi-node (a devDependency) builds the properties here; they must equal the snapshot.
    expect(live, 'the node package builds the properties').not.toBeNull()
    expect(live).toEqual(properties)
    expect(operations.length).toBe(91)
    for (const op of operations) expect(spec.paths[specPathOf(op)]?.[op.method.toLowerCase()], `${op.method} ${specPathOf(op)}`).toBeDefined()
    expect(byKey.get('Chatting/Send Text')).toMatchObject({ method: 'POST', url: '=/api/sendText' })
  })

  it("the trigger: a session's config.webhooks (set by the node's Sessions Update) POSTs WAHA's envelope, routed and valid", async () => {
    // The node's own default config (proxy, noweb store, a webhook) with the webhook aimed at the local receiver.
    const configDefault = byKey.get('Sessions/Update')!.fields.find((f) => f.name === 'config')!.default as string
    const config = JSON.parse(configDefault) as { webhooks: { url: string }[]; proxy?: unknown }
    config.webhooks[0]!.url = `${base}/webhook/waha`
    // The default's proxy (localhost:3128) is applied as WAHA applies it; there is none here, so the user drops it.
    delete config.proxy
    await run('Sessions/Update', { session, config: JSON.stringify(config) }, {})
    const { id } = await c.t.core.sandbox!.sendText(BOB, ME, 'hi from Bob')
    const envelope = await waitUntil(() => received.find((b) => b.event === 'message' && (b.payload as { id: string }).id.endsWith(id)), 15_000, 'the message webhook')
    expect(triggerOutput(envelope)).toBe(TRIGGER_EVENTS.indexOf('message'))
    expect(triggerOutput({ ...envelope, event: 'not.an.event' })).toBeNull()
    item = envelope
    expect(envelope).toMatchObject({ session, payload: { from: BOB_CHAT, fromMe: false, body: 'hi from Bob' } })
    expect(errorsOf({ $ref: '#/components/schemas/WAHAWebhookMessage' }, envelope)).toBeNull()
  })

  it('every operation /api serves answers 2xx with the published schema (the node defaults fill the rest)', async () => {
    expect(item.session, 'the trigger test gives the item').toBe(session)
    await run('Sessions/List')
    await run('Sessions/Get')
    await run('Sessions/Get Me')

    // Sending: the trigger's item names the session and the chat (Bob); reply_to "" and other defaults as sent.
    const text = (await run('Chatting/Send Text', { text: 'hello from n8n' })) as { id: string }
    await run('Chatting/Send Image', { file: JSON.stringify({ mimetype: 'image/jpeg', filename: 'photo.jpg', url: `${base}/photo.jpg` }), caption: 'a photo' })
    await run('Chatting/Send File', { file: JSON.stringify({ mimetype: 'image/jpeg', filename: 'photo.jpg', url: `${base}/photo.jpg` }) })
    await run('Chatting/Send Voice', { file: JSON.stringify({ mimetype: 'audio/ogg; codecs=opus', url: `${base}/voice.opus` }) })
    await run('Chatting/Send Video', { file: JSON.stringify({ mimetype: 'video/mp4', filename: 'video.mp4', url: `${base}/video.mp4` }) })
    await run('Chatting/Send Seen')
    await run('Chatting/Start Typing')
    await run('Chatting/Stop Typing')
    await run('Chatting/Set Reaction')
    await run('Chatting/Set Star')
    await run('Chatting/Send Poll')
    await run('Chatting/Send Location')
    await run('Chatting/Send Link Preview', { url: 'https://example.com/page', title: 'Example' })
    await run('Chatting/Send Contact Vcard')

    // Chats and messages
    await run('Chats/Get Chats')
    await run('Chats/Get Chat Messages', { downloadMedia: false })
    await run('Chats/Edit Message', { messageId: text.id, text: 'edited by n8n' })
    await run('Chats/Delete Message', { messageId: text.id })
    await run('Chatting/Get Messages', { downloadMedia: false, limit: 10 })
    await run('Chats/Archive Chat')
    await run('Chats/Unarchive Chat')

    // Contacts, groups, labels, presence
    await run('Contacts/Get', { contactId: BOB_CHAT })
    await run('Contacts/Get All')
    await run('Contacts/Check Exists', { phone: BOB })
    await run('Contacts/Get Profile Picture', { contactId: BOB_CHAT })
    await run('Contacts/Get About', { contactId: BOB_CHAT })
    await run('Contacts/Block', { contactId: BOB_CHAT })
    await run('Contacts/Unblock', { contactId: BOB_CHAT })
    const group = (await run('Groups/Create Group', { name: 'n8n group', participants: JSON.stringify([{ id: BOB_CHAT }]) })) as { id: string }
    await run('Groups/Get Groups')
    const gid = { id: group.id }
    await run('Groups/Get Group', gid)
    await run('Groups/Set Description', { ...gid, description: 'made by n8n' })
    await run('Groups/Set Subject', { ...gid, subject: 'n8n group!' })
    await run('Groups/Get Participants', gid)
    await run('Groups/Promote To Admin', { ...gid, participants: JSON.stringify([{ id: BOB_CHAT }]) })
    await run('Groups/Demote To Admin', { ...gid, participants: JSON.stringify([{ id: BOB_CHAT }]) })
    await run('Groups/Remove Participants', { ...gid, participants: JSON.stringify([{ id: BOB_CHAT }]) })
    await run('Groups/Add Participants', { ...gid, participants: JSON.stringify([{ id: BOB_CHAT }]) })
    await run('Groups/Set Info Admin Only', { ...gid, adminsOnly: true })
    await run('Groups/Get Info Admin Only', gid)
    await run('Groups/Set Messages Admin Only', { ...gid, adminsOnly: false })
    await run('Groups/Get Messages Admin Only', gid)
    await run('Groups/Get Invite Code', gid)
    await run('Groups/Revoke Invite Code', gid)
    await run('Groups/Delete Group', gid)
    const left = (await run('Groups/Create Group', { name: 'n8n leaves', participants: JSON.stringify([{ id: BOB_CHAT }]) })) as { id: string }
    await run('Groups/Leave Group', { id: left.id })
    await run('Labels/Get All')
    const label = (await c.api('POST', '/v2/labels/create', { name: 'n8n', color: 1 })).json() as { id: string }
    await run('Labels/Put Chat Labels', { labels: JSON.stringify([{ id: String(label.id) }]) })
    await run('Labels/Get Chat Labels')
    await run('Labels/Get Chats By Label', { labelId: String(label.id) })
    await run('Presence/Set Presence', { presence: 'online' })
    await run('Presence/Get Presence All')
    await run('Presence/Get Presence')
    await run('Presence/Subscribe')

    // Status (to Bob) and channels
    const contacts = JSON.stringify([BOB_CHAT])
    const status = (await run('Status/Send Text Status', { contacts })) as { id: string | { id: string } }
    await run('Status/Send Image Status', { contacts, file: JSON.stringify({ mimetype: 'image/jpeg', filename: 'photo.jpg', url: `${base}/photo.jpg` }) })
    await run('Status/Send Voice Status', { contacts, file: JSON.stringify({ mimetype: 'audio/ogg; codecs=opus', url: `${base}/voice.opus` }) })
    await run('Status/Send Video Status', { contacts, file: JSON.stringify({ mimetype: 'video/mp4', filename: 'video.mp4', url: `${base}/video.mp4` }) })
    await run('Status/Delete Status', { contacts, id: typeof status.id === 'string' ? status.id : status.id.id })
    const channel = (await run('Channels/Create', { name: 'n8n news', picture: JSON.stringify({ mimetype: 'image/jpeg', filename: 'photo.jpg', url: `${base}/photo.jpg` }) })) as { id: string }
    await run('Channels/List')
    await run('Channels/Get', { id: channel.id })
    await run('Channels/Delete', { id: channel.id })

    await run('Chats/Clear Messages')
    await run('Chats/Delete Chat')

    // A session made by the node: QR (image as JSON, and raw), pairing code, then its whole lifecycle.
    const other = { session: 'n8n-made' }
    const configDefault = byKey.get('Sessions/Create')!.fields.find((f) => f.name === 'config')!.default as string
    const config = JSON.parse(configDefault) as { webhooks: { url: string }[]; proxy?: unknown }
    config.webhooks[0]!.url = `${base}/webhook/waha`
    delete config.proxy
    await run('Sessions/Create', { name: 'n8n-made', config: JSON.stringify(config) })
    await waitUntil(async () => ((await send(c.t.core.url, c.t.token, { method: 'GET', path: '/api/sessions/n8n-made', qs: {}, body: {} })).body as { status: string }).status === 'SCAN_QR_CODE', 15_000, 'n8n-made waits for a scan')
    await run('Auth/Get QR', other)
    const qr = (await run('Auth/Get QR', { ...other, format: 'raw' })) as { value: string }
    await run('Auth/Request Code', { ...other, phoneNumber: PAIRING })
    // The phone scans the QR the node fetched: the session works, and the lifecycle runs on a paired session.
    const made = async (status: string) => ((await send(c.t.core.url, c.t.token, { method: 'GET', path: '/api/sessions/n8n-made', qs: {}, body: {} })).body as { status: string }).status === status
    await c.t.core.sandbox!.scanQr(PAIRING, qr.value)
    await waitUntil(() => made('WORKING'), 20_000, 'n8n-made works')
    await run('Sessions/Get Me', other)
    await run('Sessions/Stop', other)
    await run('Sessions/Start', other)
    await waitUntil(() => made('WORKING'), 20_000, 'n8n-made works again')
    await run('Sessions/Restart', other)
    await waitUntil(() => made('WORKING'), 20_000, 'n8n-made works after the restart')
    await run('Sessions/Logout', other)
    await run('Sessions/Delete', other)

    const problems = results.filter((r) => r.problem)
    const ran = new Set(results.map((r) => r.op))
    const notRun = [...byKey.keys()].filter((k) => !ran.has(k))
    console.log(`WAHA n8n node: ${results.length} runs of ${ran.size} operations (of ${operations.length} in the node), ${problems.length} mismatches; not served: ${notRun.join(', ')}`)
    expect(problems).toEqual([])
  })
})
