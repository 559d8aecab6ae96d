// Fastify plugin with the sandbox admin routes of ARCHITECTURE.md §4.3 (plus presence, calls, media, faults
// and the stanza inventory). The app mounts it only in sandbox mode, inside its authenticated scope; failures
// are SandboxError codes for the app's one error mapper.
import { PERSON_MEDIA_KINDS, personMediaContent } from './media-content.js'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type {} from '@fastify/swagger' // schema.tags / schema.summary
import { Type, type Static } from '@sinclair/typebox'
import type { SandboxNetwork } from '../sandbox-network.js'
import { sandboxErrors } from '../errors.js'
import { applyNetworkR2Fault, isNetworkR2Action, NETWORK_R2_ACTIONS, NETWORK_R2_DESCRIPTION, NETWORK_R2_FIELDS } from './network-r2-faults.js'
import { MAX_PROVISIONED_PREKEYS } from '../phone/provision.js'

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
      pending_stanzas: Type.Integer(),
      logins: Type.Integer({ description: 'Login attempts since the sandbox started, refused ones included (a reconnect storm shows here)' }),
      retry_receipts: Type.Integer({ description: 'Retry receipts this device was sent since the sandbox started: readers asking it to resend a message they could not decrypt (a retry storm shows here)' })
    })
  )
})
const PhoneParams = Type.Object({ phone: Type.String({ description: 'Phone number, digits with country code' }) })
const CreatePhone = Type.Object({
  phone_number: Type.Union([Type.String(), Type.Number()], { description: 'Digits with country code, e.g. 15550000001' }),
  name: Type.Optional(Type.String({ maxLength: 100 })),
  prekeys: Type.Optional(Type.Integer({
    minimum: 0,
    maximum: MAX_PROVISIONED_PREKEYS,
    description: "One-time pre-keys the phone holds on the server from the start (default 0: its first login uploads Baileys' 812). More than 5 and it uploads none: phones in bulk (docs/sandbox.md)"
  }))
})
const ScanBody = Type.Object({
  qr: Type.Optional(Type.String({ description: 'The raw QR string (as /v2/auth/qr returns it)' })),
  instance_id: Type.Optional(Type.String({ description: "Scan whatever QR this instance shows right now" }))
})
const SendLimitFields = {
  new_contacts: Type.Union([Type.Literal('allow'), Type.Literal('timelock')], {
    description: 'timelock: the account is under a reach-out timelock; messages that would open a new chat (no earlier message either way) are acked with error 463 and not delivered'
  }),
  // Type arrays, not unions: the validator coerces types, and a union's first branch would turn null into 0 or ''
  // (or 0 into null); with ['integer', 'null'] a value of either type is kept as it is.
  timelock_until: Type.Unsafe<string | null>({ type: ['string', 'null'], description: 'When the timelock ends, ISO 8601 (null: until new_contacts is allow again)' }),
  message_cap: Type.Unsafe<number | null>({
    type: ['integer', 'null'],
    minimum: 0,
    maximum: 1_000_000,
    description: 'New chats the account may open; the messages that would open more are acked with error 475 (message capping). null: no cap'
  })
}
/** Campaign tests' phones (issue 19): the network's own 463 trigger, auto-replies, blocking. */
const BehaviourFields = {
  timelock_after: Type.Unsafe<{ new_chats: number; window_seconds: number; lock_seconds: number } | null>({
    type: ['object', 'null'],
    properties: { new_chats: { type: 'integer', minimum: 0 }, window_seconds: { type: 'integer', minimum: 1 }, lock_seconds: { type: 'integer', minimum: 1 } },
    required: ['new_chats', 'window_seconds', 'lock_seconds'],
    additionalProperties: false,
    description: 'After new_chats new chats within window_seconds the network sets a reach-out timelock (463) for lock_seconds, as WhatsApp does to numbers that reach out too fast; null = no rule'
  }),
  auto_reply: Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength: 4096, description: 'The person answers each new sender once with this text (e.g. "STOP"); null = no answer' }),
  block_on_receive: Type.Boolean({ description: 'The person blocks whoever writes to it: their later messages are accepted by the network and never delivered' })
}
const PhoneSettings = Type.Object({
  hide_number: Type.Boolean({ description: 'The phone hides its number: it reaches others by LID only' }),
  ...SendLimitFields,
  new_chats: Type.Integer({ description: 'New chats the account opened so far (what message_cap counts)' }),
  banned: Type.Union([Type.Literal(403), Type.Literal(402), Type.Literal(406), Type.Null()], {
    description: 'The network refuses the account\'s linked devices at login with `<failure reason>` 403 (locked), 402 (temporarily banned) or 406 (banned); null = not banned'
  }),
  ...BehaviourFields
})
const PhoneSettingsPatch = Type.Partial(Type.Object({ hide_number: PhoneSettings.properties.hide_number, ...SendLimitFields, banned: PhoneSettings.properties.banned, ...BehaviourFields }), { additionalProperties: false, minProperties: 1 })
const LinkCodeBody = Type.Object({ code: Type.String({ description: 'The 8-character pairing code, with or without the dash' }) })
const Linked = Type.Object({ jid: Type.String(), lid: Type.String(), device_id: Type.Integer(), status: Type.Literal('linked') })
const SendBody = Type.Object({
  to: Type.String({ description: 'Digits, a PN/LID/c.us JID, or a group JID' }),
  text: Type.String({ minLength: 1, maxLength: 65536 })
})
const MEDIA_KINDS = PERSON_MEDIA_KINDS
const SendMediaBody = Type.Object({
  to: Type.String({ description: 'Digits, a PN/LID/c.us JID, or a group JID' }),
  kind: Type.Union(MEDIA_KINDS.map((k) => Type.Literal(k)), { description: 'voice = a voice note (audio/ogg; codecs=opus by default); sticker = image/webp' }),
  data: Type.String({ minLength: 1, maxLength: 24 * 1024 * 1024, description: 'The file, base64' }),
  mimetype: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
  filename: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: 'document: the file name the recipient sees' })),
  caption: Type.Optional(Type.String({ maxLength: 4096 }))
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
  action: Type.Union(['drop', 'conflict', 'delay', 'app_state_conflict', 'ban', 'unban', 'network_down', 'network_up', 'corrupt_ciphertext', 'no_session', 'invalid_prekey', 'media_expired', 'clear', ...NETWORK_R2_ACTIONS].map((s) => Type.Literal(s))),
  // A pattern, not just a string: the body's types are coerced, so `"jid": false` would otherwise read as a phone named "false".
  jid: Type.Optional(Type.String({ pattern: '^[0-9]{1,20}(:[0-9]{1,4})?(@(s\\.whatsapp\\.net|c\\.us|lid))?$', description: 'Device JID, e.g. 15550000001:1@s.whatsapp.net (digits, an optional :device, @s.whatsapp.net, @c.us or @lid)' })),
  delay_ms: Type.Optional(Type.Integer({ minimum: 0, maximum: 600_000 })),
  count: Type.Optional(Type.Integer({ minimum: 0, maximum: 100, description: 'app_state_conflict: how many of the device\'s next app-state uploads are refused with 409 (default 1); stall_login: how many logins hang (default: every one until clear); refuse_new_chats: how many new-chat messages are refused (default 1)' })),
  phone: Type.Optional(Type.String({ description: 'ban/unban: the account (digits with country code)' })),
  code: Type.Optional(Type.Union([Type.Literal(403), Type.Literal(402), Type.Literal(406)], { description: 'ban: the login failure the network answers, 403 locked/forbidden (default), 402 temporarily banned, 406 banned' })),
  duration_ms: Type.Optional(Type.Integer({ minimum: 1, maximum: 86_400_000, description: 'network_down: for how long (default: until network_up or clear); outage: for how long (required); restrict_account: for how long (default: until lift_restriction or clear)' })),
  message_id: Type.Optional(Type.String({ description: 'media_expired: the message whose media expired' })),
  older_than_ms: Type.Optional(Type.Integer({ minimum: 0, maximum: 31_536_000_000, description: 'media_expired: every blob uploaded more than this long ago expired' })),
  status: Type.Optional(Type.Union([Type.Literal(403), Type.Literal(404), Type.Literal(410)], { description: 'media_expired: what the media host answers (default 410)' })),
  persist: Type.Optional(Type.Boolean({ description: 'corrupt_ciphertext, no_session, invalid_prekey: every retry of the faulted messages fails too (default false: the retry recovers them)' })),
  ...NETWORK_R2_FIELDS
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

const DecryptFailuresBody = Type.Object({
  count: Type.Integer({ minimum: 0 }),
  recent: Type.Array(Type.Object({ id: Type.String(), from: Type.String(), error: Type.String(), at: Type.Integer({ description: 'Unix ms' }) }))
})

const tags = ['Sandbox']

export const sandboxAdminRoutes: FastifyPluginAsync<SandboxAdminOptions> = async (app, { network, resolveInstanceQr }) => {
  app.post<{ Body: Static<typeof CreatePhone> }>(
    '/phones',
    { schema: { tags, summary: 'Create a simulated phone (a sandbox account with a person behind it)', body: CreatePhone, response: { 201: Phone } } },
    async (req, reply) => reply.code(201).send(await network.createPhone({ phoneNumber: String(req.body.phone_number), name: req.body.name, preKeys: req.body.prekeys }))
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

  app.get<{ Params: Static<typeof PhoneParams> }>(
    '/phones/:phone/settings',
    { schema: { tags, summary: "The phone's per-phone settings", params: PhoneParams, response: { 200: PhoneSettings } } },
    async (req) => network.phoneSettings(req.params.phone)
  )

  app.patch<{ Params: Static<typeof PhoneParams>; Body: Static<typeof PhoneSettingsPatch> }>(
    '/phones/:phone/settings',
    {
      schema: {
        tags,
        summary: 'Change per-phone settings (the fields given; the others stay)',
        description:
          '`hide_number` (LID-first addressing, as WhatsApp\'s phone-number privacy): the phone reaches other accounts by LID only — its 1:1 ' +
          'messages come from `<lid>@lid` without `sender_pn`, its receipts from its LID, LID-addressed groups list it without `phone_number`/`participant_pn`, ' +
          'and a usync lookup of its LID answers without the phone number. Turning it off reveals the number the real ways: its next message ' +
          'carries the number (and `sender_lid`), and lookups of the LID answer with the number again. ' +
          '`new_contacts`/`timelock_until`/`message_cap` (send limits, as the real network\'s reach-out timelock and new-chat message capping): ' +
          'a 1:1 message to an account this phone never exchanged a message with is acked with `error="463"` while the timelock holds, or `error="475"` ' +
          'once `message_cap` new chats were opened; it is not delivered, and the account\'s devices get the mex notification of their standing ' +
          '(NotificationUserReachoutTimelockUpdate with time_enforcement_ends, MessageCappingInfoNotification). Replies in existing chats go on. ' +
          '`banned` (403, 402 or 406; null lifts it): the network refuses the account as it refuses a locked or banned number — its connected linked ' +
          'devices get `<failure reason="403">` at once and every login of theirs is refused the same way; the phone itself keeps working ' +
          '(also `POST /sandbox/faults` `ban`/`unban`).',
        params: PhoneParams,
        body: PhoneSettingsPatch,
        response: { 200: PhoneSettings }
      }
    },
    async (req) => network.setPhoneSettings(req.params.phone, req.body)
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

  app.post<{ Params: Static<typeof PhoneParams>; Body: Static<typeof SendMediaBody> }>(
    '/phones/:phone/messages/media',
    {
      schema: {
        tags,
        summary: 'The person sends a photo, video, voice note, audio, document or sticker (encrypted and uploaded to the sandbox media host like the real apps do)',
        params: PhoneParams,
        body: SendMediaBody,
        response: { 201: Type.Object({ id: Type.String() }) }
      }
    },
    async (req, reply) => {
      const { to, kind, data, mimetype, filename, caption } = req.body
      const file = Buffer.from(data, 'base64')
      if (!file.length) throw sandboxErrors.invalidRequest('data must be the file in base64')
      return reply.code(201).send(await network.sendMessage(req.params.phone, to, personMediaContent(kind, file, { mimetype, filename, caption })))
    }
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

  app.get<{ Params: Static<typeof PhoneParams> }>(
    '/phones/:phone/decrypt-failures',
    {
      schema: {
        tags,
        summary: 'Messages the phone could not decrypt',
        description:
          'Every message the person\'s phone (device 0) failed to decrypt, e.g. `Key used already or never filled` (a sender reused a Signal ' +
          'message key, as a linked device that crashed before saving its session would) or `Bad MAC`. Counted since the phone was created, ' +
          'across restarts; `recent` keeps the newest 50.',
        params: PhoneParams,
        response: { 200: DecryptFailuresBody }
      }
    },
    async (req) => network.decryptFailures(req.params.phone)
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
    {
      schema: {
        tags,
        summary: 'Inject a network fault (drop, stream conflict, delivery delay, app-state version conflicts, ban, network down) or clear them',
        description:
          '`ban` (`phone`, `code`): the network refuses the account\'s linked devices as it refuses a banned or locked account — connected ones get `<failure reason="403">` (or 402/406) at once and every login is refused the same way until `unban` or `clear`; the simulated phone itself keeps working. ' +
          '`network_down` (`jid`, `duration_ms`): the device\'s connection drops and each reconnect is cut as soon as it is made until `network_up`, `clear` or the duration ends; messages for it queue meanwhile. ' +
          '`corrupt_ciphertext`, `no_session`, `invalid_prekey` (`jid`, `count` default 1, `persist`): the next `count` messages to that device arrive undecryptable — a corrupted ciphertext (Bad MAC), a whisper message without the pre-key part for a device with no session (no session), or a pre-key message naming a one-time pre-key the device already used (invalid pre-key); the device\'s retry receipt reaches the sender\'s phone, which re-encrypts and resends, and the resend passes unless `persist`. ' +
          '`media_expired` (`message_id` or `older_than_ms`, `status` 403/404/410, default 410): the media host answers that status instead of the bytes, as WhatsApp\'s CDN does for old media; a client then asks the phone to upload it again (a `server-error` receipt with `<rmr>`), the account\'s simulated phone re-encrypts it under the same media key, uploads it to a new path and answers with a `mediaretry` notification, encrypted as real phones do. ' +
          NETWORK_R2_DESCRIPTION +
          'Every login attempt is counted per device (`logins` in `GET /sandbox/phones`), so a reconnect storm shows.',
        body: FaultBody
      }
    },
    async (req) => {
      const { action, jid, delay_ms, count } = req.body
      if (isNetworkR2Action(action)) return { status: 'ok', ...(await applyNetworkR2Fault(network, action, req.body)) }
      if (action === 'clear') network.faults.clear()
      else if (action === 'delay') network.faults.setDeliveryDelay(delay_ms ?? 0, jid)
      else if (action === 'media_expired') {
        if (!req.body.message_id && req.body.older_than_ms === undefined) throw sandboxErrors.invalidRequest('message_id or older_than_ms is required', ['message_id'])
        const n = network.faults.mediaExpired({ messageId: req.body.message_id, olderThanMs: req.body.older_than_ms, status: req.body.status })
        if (req.body.message_id && !n) throw sandboxErrors.invalidRequest(`no media known for message ${req.body.message_id}`, ['message_id'])
      } else if (action === 'corrupt_ciphertext' || action === 'no_session' || action === 'invalid_prekey') {
        if (!jid) throw sandboxErrors.invalidRequest('jid is required', ['jid'])
        network.faults.undecryptable(jid, action, count ?? 1, req.body.persist ?? false)
      }
      else if (action === 'ban' || action === 'unban') {
        if (!req.body.phone) throw sandboxErrors.invalidRequest('phone is required', ['phone'])
        if (action === 'ban') network.faults.ban(req.body.phone, req.body.code ?? 403)
        else network.faults.unban(req.body.phone)
      } else if (action === 'network_down' || action === 'network_up') {
        if (!jid) throw sandboxErrors.invalidRequest('jid is required', ['jid'])
        if (action === 'network_down') network.faults.networkDown(jid, req.body.duration_ms)
        else network.faults.networkUp(jid)
      } else if (action === 'app_state_conflict') {
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
