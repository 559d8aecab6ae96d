// Fastify plugin with the sandbox admin routes of ARCHITECTURE.md §4.3 (plus presence, calls, media, faults
// and the stanza inventory). The app mounts it only in sandbox mode, inside its authenticated scope; failures
// are SandboxError codes for the app's one error mapper.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type {} from '@fastify/swagger' // schema.tags / schema.summary
import { Type, type Static } from '@sinclair/typebox'
import type { SandboxNetwork } from '../sandbox-network.js'
import { sandboxErrors } from '../errors.js'

export interface SandboxAdminOptions {
  network: SandboxNetwork
  /** The QR string an instance of the caller shows right now (for scan by instance_id), if any. */
  resolveInstanceQr?: (instanceId: string, request: FastifyRequest) => Promise<string | undefined>
}

const Phone = Type.Object({
  phone_number: Type.String(),
  name: Type.String(),
  jid: Type.String(),
  lid: Type.String(),
  person_online: Type.Boolean(),
  devices: Type.Array(
    Type.Object({
      id: Type.Integer(),
      jid: Type.String(),
      lid: Type.String(),
      kind: Type.Union([Type.Literal('phone'), Type.Literal('companion')]),
      platform: Type.Union([Type.String(), Type.Null()]),
      online: Type.Boolean(),
      linked_at: Type.Integer(),
      pending_stanzas: Type.Integer()
    })
  )
})
const PhoneParams = Type.Object({ phone: Type.String({ description: 'Phone number, digits with country code' }) })
const CreatePhone = Type.Object({
  phone_number: Type.Union([Type.String(), Type.Number()], { description: 'Digits with country code, e.g. 15550000001' }),
  name: Type.Optional(Type.String({ maxLength: 100 }))
})
const ScanBody = Type.Object({
  qr: Type.Optional(Type.String({ description: 'The raw QR string (as /v2/auth/qr returns it)' })),
  instance_id: Type.Optional(Type.String({ description: "Scan whatever QR this instance shows right now" }))
})
const LinkCodeBody = Type.Object({ code: Type.String({ description: 'The 8-character pairing code, with or without the dash' }) })
const Linked = Type.Object({ jid: Type.String(), lid: Type.String(), device_id: Type.Integer(), status: Type.Literal('linked') })
const SendBody = Type.Object({
  to: Type.String({ description: 'Digits, a PN/LID/c.us JID, or a group JID' }),
  text: Type.String({ minLength: 1, maxLength: 65536 })
})
const Message = Type.Object({
  id: Type.String(),
  chat: Type.String(),
  from: Type.String(),
  to: Type.String(),
  type: Type.String(),
  text: Type.Union([Type.String(), Type.Null()]),
  media: Type.Union([Type.Object({ mimetype: Type.Union([Type.String(), Type.Null()]), sha256: Type.Union([Type.String(), Type.Null()]) }), Type.Null()]),
  content: Type.Unknown(),
  timestamp: Type.Integer(),
  fromMe: Type.Boolean()
})
const PresenceBody = Type.Object({
  state: Type.Union(['available', 'unavailable', 'composing', 'recording', 'paused'].map((s) => Type.Literal(s))),
  to: Type.Optional(Type.String())
})
const CallBody = Type.Object({ to: Type.String(), video: Type.Optional(Type.Boolean()) })
const FaultBody = Type.Object({
  action: Type.Union(['drop', 'conflict', 'delay', 'app_state_conflict', 'clear'].map((s) => Type.Literal(s))),
  jid: Type.Optional(Type.String({ description: 'Device JID, e.g. 15550000001:1@s.whatsapp.net' })),
  delay_ms: Type.Optional(Type.Integer({ minimum: 0, maximum: 600_000 })),
  count: Type.Optional(Type.Integer({ minimum: 0, maximum: 100, description: 'app_state_conflict: how many of the device\'s next app-state uploads are refused with 409 (default 1)' }))
})

const SeedBody = Type.Object({
  contacts: Type.Optional(Type.Integer({ minimum: 0, maximum: 50_000, description: 'Address-book contacts (default 500); 1:1 chats use the first ones' })),
  chats: Type.Optional(Type.Integer({ minimum: 0, maximum: 20_000, description: 'Chats, groups included (default 200)' })),
  messages: Type.Optional(Type.Integer({ minimum: 0, maximum: 500_000, description: 'Messages spread over the chats, skewed to recent ones (default 5000)' })),
  groups: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000, description: 'Groups among the chats, created in the sandbox group store (default 20)' })),
  labels: Type.Optional(Type.Integer({ minimum: 0, maximum: 20, description: 'WhatsApp Business labels, one on every 5th chat (default 5)' })),
  lid_share: Type.Optional(Type.Number({ minimum: 0, maximum: 1, description: 'Share of 1:1 chats and groups addressed by LID (default 0.3)' })),
  seed: Type.Optional(Type.Integer({ minimum: 0, maximum: 4_294_967_295, description: 'PRNG seed (default: derived from the number)' }))
})
const SeedSummary = Type.Object({
  phone_number: Type.String(),
  contacts: Type.Integer(),
  chats: Type.Integer(),
  messages: Type.Integer(),
  groups: Type.Integer(),
  labels: Type.Integer(),
  labeled_chats: Type.Integer(),
  lid_chats: Type.Integer(),
  lid_groups: Type.Integer(),
  chunks: Type.Integer({ description: 'HistorySync chunks each pairing delivers (≤ 2,000 messages each, plus one PUSH_NAME chunk)' }),
  seed: Type.Integer()
})

const tags = ['Sandbox']

export const sandboxAdminRoutes: FastifyPluginAsync<SandboxAdminOptions> = async (app, { network, resolveInstanceQr }) => {
  app.post<{ Body: Static<typeof CreatePhone> }>(
    '/phones',
    { schema: { tags, summary: 'Create a simulated phone (a sandbox account with a person behind it)', body: CreatePhone, response: { 201: Phone } } },
    async (req, reply) => reply.code(201).send(await network.createPhone({ phoneNumber: String(req.body.phone_number), name: req.body.name }))
  )

  app.get('/phones', { schema: { tags, summary: 'List simulated phones and their linked devices', response: { 200: Type.Array(Phone) } } }, async () =>
    network.listPhones()
  )

  app.get<{ Params: Static<typeof PhoneParams> }>(
    '/phones/:phone',
    { schema: { tags, summary: 'One simulated phone', params: PhoneParams, response: { 200: Phone } } },
    async (req) => network.getPhone(req.params.phone) ?? Promise.reject(sandboxErrors.phoneNotFound(req.params.phone))
  )

  app.post<{ Params: Static<typeof PhoneParams>; Body: Static<typeof SeedBody> }>(
    '/phones/:phone/history',
    {
      schema: {
        tags,
        summary: 'Seed the account with a realistic history, delivered to every device linked afterwards',
        description:
          'Once per phone. Generates contacts, chats (1:1 by PN or by LID, and groups), messages and labels deterministically from `seed`. ' +
          'Groups are created in the sandbox (their metadata answers; members other than the phone appear as authors in the history). ' +
          'Labels become app-state patches of the account. At each pairing the phone sends the history as HistorySync chunks ' +
          '(INITIAL_BOOTSTRAP, RECENT..., PUSH_NAME) uploaded to the sandbox media host and announced by directPath + mediaKey, with ' +
          'LID↔phone mappings (phoneNumberToLidMappings) for the LID-addressed chats and groups. Without a seed a pairing gets a small inline history.',
        params: PhoneParams,
        body: SeedBody,
        response: { 201: SeedSummary }
      }
    },
    async (req, reply) => reply.code(201).send(await network.seedHistory(req.params.phone, req.body))
  )

  app.get<{ Params: Static<typeof PhoneParams> }>(
    '/phones/:phone/history',
    { schema: { tags, summary: 'What the phone was seeded with', params: PhoneParams, response: { 200: SeedSummary } } },
    async (req) =>
      network.historySeed(req.params.phone) ?? Promise.reject(sandboxErrors.invalidRequest(`${req.params.phone} has no seeded history`))
  )

  app.post<{ Params: Static<typeof PhoneParams>; Body: Static<typeof ScanBody> }>(
    '/phones/:phone/scan',
    { schema: { tags, summary: "The phone scans a QR code: links the device showing it", params: PhoneParams, body: ScanBody, response: { 200: Linked } } },
    async (req) => {
      let qr = req.body.qr
      if (!qr && req.body.instance_id) {
        qr = resolveInstanceQr ? await resolveInstanceQr(req.body.instance_id, req) : undefined
        if (!qr) throw sandboxErrors.instanceNotScannable(req.body.instance_id)
      }
      if (!qr) throw sandboxErrors.invalidRequest('qr or instance_id is required', ['qr'])
      const r = await network.scanQr(req.params.phone, qr)
      return { jid: r.jid, lid: r.lid, device_id: r.deviceId, status: 'linked' as const }
    }
  )

  app.post<{ Params: Static<typeof PhoneParams>; Body: Static<typeof LinkCodeBody> }>(
    '/phones/:phone/link-code',
    { schema: { tags, summary: 'The phone enters a pairing code: links the device that asked for it', params: PhoneParams, body: LinkCodeBody, response: { 200: Linked } } },
    async (req) => {
      const r = await network.enterPairingCode(req.params.phone, req.body.code)
      return { jid: r.jid, lid: r.lid, device_id: r.deviceId, status: 'linked' as const }
    }
  )

  app.delete<{ Params: Static<typeof PhoneParams> & { device: string } }>(
    '/phones/:phone/devices/:device',
    { schema: { tags, summary: 'The phone logs out one of its linked devices', params: Type.Object({ phone: Type.String(), device: Type.String({ pattern: '^[0-9]+$' }) }) } },
    async (req) => {
      if (!network.unlinkDevice(req.params.phone, Number(req.params.device))) throw sandboxErrors.invalidRequest(`no linked device ${req.params.device}`)
      return { status: 'unlinked' }
    }
  )

  app.post<{ Params: Static<typeof PhoneParams>; Body: Static<typeof SendBody> }>(
    '/phones/:phone/messages',
    { schema: { tags, summary: 'The person sends an end-to-end-encrypted text', params: PhoneParams, body: SendBody, response: { 201: Type.Object({ id: Type.String() }) } } },
    async (req, reply) => reply.code(201).send(await network.sendText(req.params.phone, req.body.to, req.body.text))
  )

  app.get<{ Params: Static<typeof PhoneParams> }>(
    '/phones/:phone/messages',
    { schema: { tags, summary: 'What the person sent and received, decrypted', params: PhoneParams, response: { 200: Type.Array(Message) } } },
    async (req) =>
      (await network.messages(req.params.phone)).map((m) => ({
        id: m.id, chat: m.chat, from: m.from, to: m.to, type: m.type, text: m.text,
        media: m.mediaMimetype || m.mediaSha256 ? { mimetype: m.mediaMimetype, sha256: m.mediaSha256 } : null,
        content: m.content, timestamp: m.timestamp, fromMe: m.fromMe
      }))
  )

  app.get<{ Params: Static<typeof PhoneParams> & { id: string } }>(
    '/phones/:phone/messages/:id/media',
    { schema: { tags, summary: 'Decrypted media of a message the person sent or received', params: Type.Object({ phone: Type.String(), id: Type.String() }) } },
    async (req, reply) => {
      const m = await network.mediaOf(req.params.phone, req.params.id)
      if (!m) throw sandboxErrors.invalidRequest(`no media for message ${req.params.id}`)
      return reply.type(m.mimetype ?? 'application/octet-stream').send(m.body)
    }
  )

  app.post<{ Params: Static<typeof PhoneParams>; Body: Static<typeof PresenceBody> }>(
    '/phones/:phone/presence',
    { schema: { tags, summary: 'The person goes online/offline or types/records in a chat', params: PhoneParams, body: PresenceBody } },
    async (req) => {
      const { state, to } = req.body
      if (state === 'available' || state === 'unavailable') await network.setPresence(req.params.phone, state)
      else if (!to) throw sandboxErrors.invalidRequest('to is required for typing states', ['to'])
      else await network.chatState(req.params.phone, to, state as 'composing' | 'recording' | 'paused')
      return { status: 'ok' }
    }
  )

  app.post<{ Params: Static<typeof PhoneParams>; Body: Static<typeof CallBody> }>(
    '/phones/:phone/calls',
    { schema: { tags, summary: 'The person rings someone (signalling only)', params: PhoneParams, body: CallBody, response: { 201: Type.Object({ call_id: Type.String() }) } } },
    async (req, reply) => reply.code(201).send({ call_id: network.placeCall(req.params.phone, req.body.to, { video: req.body.video }) })
  )

  app.post<{ Body: Static<typeof FaultBody> }>(
    '/faults',
    { schema: { tags, summary: 'Inject a network fault (drop, stream conflict, delivery delay, app-state version conflicts) or clear them', body: FaultBody } },
    async (req) => {
      const { action, jid, delay_ms, count } = req.body
      if (action === 'clear') network.faults.clear()
      else if (action === 'delay') network.faults.setDeliveryDelay(delay_ms ?? 0, jid)
      else if (action === 'app_state_conflict') {
        if (!jid) throw sandboxErrors.invalidRequest('jid is required', ['jid'])
        network.faults.appStateConflicts(jid, count ?? 1)
      } else {
        if (!jid) throw sandboxErrors.invalidRequest('jid is required', ['jid'])
        const hit = action === 'drop' ? network.faults.dropConnection(jid) : network.faults.streamConflict(jid)
        if (!hit) throw sandboxErrors.invalidRequest(`${jid} is not connected`)
      }
      return { status: 'ok' }
    }
  )

  app.get(
    '/inventory',
    { schema: { tags, summary: 'Operations clients sent (iq: namespace/type/first child tag), and those the sandbox does not model' } },
    async () => network.stanzaInventory()
  )
}
