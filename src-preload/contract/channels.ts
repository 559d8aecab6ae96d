// Every request/response channel of the bridge: a TypeBox schema for the request (the core validates incoming
// payloads with it) and the response type. The preload and the renderer build `bridge.<ns>.<method>()` from it.
// PURE: TypeBox builders are plain data.
import { Type, type Static, type TSchema } from '@sinclair/typebox'
import type * as D from './dto.js'
import { SandboxFaultRequest } from './sandbox-faults.js'
import { CAMPAIGN_CHANNELS } from './campaign-channels.js'
import { REPLY_CHANNELS } from './reply-channels.js'
import { KEY_CHANNELS } from './key-channels.js'
import { channel, type ChannelDef } from './channel-def.js'

export type { ChannelDef }

const Empty = Type.Object({}, { additionalProperties: false })
const InstanceId = Type.String({ pattern: '^[A-Za-z0-9]{1,32}$' })
const ForInstance = Type.Object({ instanceId: InstanceId }, { additionalProperties: false })
const Digits = Type.String({ pattern: '^[0-9]{6,15}$' })
const AccountId = Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' })
const Plan = Type.Union([Type.Literal('free'), Type.Literal('paid')])
const Quota = Type.Union([Type.Integer({ minimum: 0, maximum: 100_000 }), Type.Literal('unlimited')])
const Page = { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })), offset: Type.Optional(Type.Integer({ minimum: 0 })) }

export const CHANNELS = {
  'app.info': channel(Empty).returns<D.AppInfo>(),

  'instances.list': channel(Empty).returns<D.InstancesOverview>(),
  'instances.create': channel(Type.Object({ name: Type.Optional(Type.String({ maxLength: 64 })) }, { additionalProperties: false })).returns<D.InstanceDto>(),
  'instances.get': channel(ForInstance).returns<D.InstanceDto>(),
  'instances.start': channel(ForInstance).returns<D.InstanceDto>(),
  'instances.stop': channel(ForInstance).returns<D.InstanceDto>(),
  'instances.restart': channel(ForInstance).returns<D.InstanceDto>(),
  'instances.logout': channel(ForInstance).returns<D.InstanceDto>(),
  'instances.delete': channel(ForInstance).returns<D.InstanceDto>(),
  /** Unread messages per instance of the account (the sum of its chats' unread counts) and when the newest came. */
  'instances.unread': channel(Empty).returns<D.UnreadSummaryDto>(),
  /** The instance's health figures, the same as GET /metrics (read when asked). */
  'instances.health': channel(ForInstance).returns<D.InstanceHealthDto>(),
  /** Each instance's day since local midnight (sent, received, waiting, failed, last activity, unread): the dashboard. */
  'instances.today': channel(Empty).returns<D.TodaySummaryDto>(),
  /** Incoming calls: rejected automatically or not, and the text answered (GET/PATCH /v2/session/calls). */
  'instances.callSettings': channel(ForInstance).returns<D.CallSettingsDto>(),
  'instances.setCallSettings': channel(
    Type.Object({ instanceId: InstanceId, autoReject: Type.Optional(Type.Boolean()), replyText: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])) }, { additionalProperties: false })
  ).returns<D.CallSettingsDto>(),

  'pairing.qr': channel(ForInstance).returns<D.QrDto>(),
  'pairing.requestCode': channel(Type.Object({ instanceId: InstanceId, phoneNumber: Type.String({ maxLength: 32 }) }, { additionalProperties: false })).returns<D.PairingCodeDto>(),
  'pairing.tempLink': channel(ForInstance).returns<D.TempLinkDto>(),
  'pairing.createTempLink': channel(ForInstance).returns<D.TempLinkDto>(),
  'pairing.revokeTempLink': channel(ForInstance).returns<D.TempLinkDto>(),

  'policies.get': channel(ForInstance).returns<D.PoliciesDto>(),
  'policies.set': channel(Type.Object({ instanceId: InstanceId, slug: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false })).returns<D.PoliciesDto>(),
  /** Every message of the instance that waits, with why and until when; its length is what a restart drops. */
  'queue.info': channel(ForInstance).returns<D.QueueInfoDto>(),
  /** Sends a message a restart dropped again, as a new message with the same content (once). */
  'queue.resend': channel(Type.Object({ instanceId: InstanceId, messageId: Type.String({ minLength: 1, maxLength: 128 }) }, { additionalProperties: false })).returns<D.MessageDto>(),

  'webhooks.get': channel(ForInstance).returns<D.WebhooksDto>(),
  'webhooks.save': channel(
    Type.Object(
      {
        instanceId: InstanceId,
        url: Type.String({ minLength: 1, maxLength: 2048 }),
        events: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: 64 }),
        isActive: Type.Optional(Type.Boolean()),
        name: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
        /** A new signing secret; null removes it; omitted keeps the current one. */
        secret: Type.Optional(Type.Union([Type.String({ maxLength: 256 }), Type.Null()])),
        retries: Type.Optional(Type.Object({ delay: Type.Integer({ minimum: 0, maximum: 3600 }), attempts: Type.Integer({ minimum: 0, maximum: 50 }) }, { additionalProperties: false }))
      },
      { additionalProperties: false }
    )
  ).returns<D.WebhooksDto>(),
  'webhooks.delete': channel(Type.Object({ instanceId: InstanceId, url: Type.String({ minLength: 1, maxLength: 2048 }) }, { additionalProperties: false })).returns<D.WebhooksDto>(),
  'webhooks.deliveries': channel(Type.Object({ instanceId: InstanceId, ...Page }, { additionalProperties: false })).returns<D.DeliveryDto[]>(),
  'webhooks.attempts': channel(Type.Object({ instanceId: InstanceId, deliveryId: Type.Integer({ minimum: 1 }) }, { additionalProperties: false })).returns<D.AttemptDto[]>(),
  'webhooks.replay': channel(Type.Object({ instanceId: InstanceId, eventId: Type.String({ minLength: 1, maxLength: 64 }), webhookId: Type.Optional(Type.Integer({ minimum: 1 })) }, { additionalProperties: false })).returns<{ replayed: number }>(),
  /**
   * "Send test event": a real signed delivery of webhook.test — or, with `event`, a sample of that event kind flagged
   * sample: true — to this webhook only, through the outbox (it shows in the log).
   */
  'webhooks.sendTest': channel(Type.Object({ instanceId: InstanceId, webhookId: Type.Integer({ minimum: 1 }), event: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })) }, { additionalProperties: false })).returns<{ eventId: string }>(),
  /** The exact body of one delivery and the headers of its last (or next) attempt. */
  'webhooks.payload': channel(Type.Object({ instanceId: InstanceId, deliveryId: Type.Integer({ minimum: 1 }) }, { additionalProperties: false })).returns<D.DeliveryPayloadDto>(),

  'api.info': channel(Empty).returns<D.ApiInfoDto>(),
  'api.revealToken': channel(Empty).returns<D.TokenDto>(),
  'api.rotateToken': channel(Empty).returns<D.TokenDto>(),

  /** API accounts, managed by the owner (the default account the UI acts as): tokens are shown once, at add/rotate. */
  'accounts.list': channel(Empty).returns<D.AccountsOverviewDto>(),
  'accounts.add': channel(Type.Object({ name: Type.String({ minLength: 1, maxLength: 100 }), plan: Type.Optional(Plan), quota: Type.Optional(Quota) }, { additionalProperties: false })).returns<D.NewAccountTokenDto>(),
  'accounts.rotate': channel(Type.Object({ accountId: AccountId }, { additionalProperties: false })).returns<D.NewAccountTokenDto>(),
  /** force: delete the account's instances too (refused with account_has_instances otherwise). */
  'accounts.remove': channel(Type.Object({ accountId: AccountId, force: Type.Optional(Type.Boolean()) }, { additionalProperties: false })).returns<D.RemovedAccountDto>(),
  /** Plan and/or instance quota (a number, 'unlimited', or 'plan' to follow the plan's again). */
  'accounts.setPlan': channel(
    Type.Object({ accountId: AccountId, plan: Type.Optional(Plan), quota: Type.Optional(Type.Union([Quota, Type.Literal('plan')])) }, { additionalProperties: false, minProperties: 2 })
  ).returns<D.AccountDto>(),

  /** App settings (Settings view): a setting pinned by a flag or variable is refused with invalid_param; host and port apply at the next start. */
  'settings.get': channel(Empty).returns<D.AppSettingsDto>(),
  'settings.set': channel(
    Type.Object(
      {
        plan: Type.Optional(Plan),
        freeInstanceQuota: Type.Optional(Quota),
        paidInstanceQuota: Type.Optional(Quota),
        allowHosts: Type.Optional(Type.Array(Type.String({ maxLength: 255 }), { maxItems: 32 })),
        host: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
        port: Type.Optional(Type.Integer({ minimum: 1, maximum: 65535 })),
        logLevel: Type.Optional(Type.Union([Type.Literal('error'), Type.Literal('warn'), Type.Literal('info'), Type.Literal('debug')])),
        startAtLogin: Type.Optional(Type.Boolean()),
        publicUrl: Type.Optional(Type.Union([Type.String({ maxLength: 2048 }), Type.Null()])),
        mutedInstances: Type.Optional(Type.Array(InstanceId, { maxItems: 1000 })),
        notificationSound: Type.Optional(Type.Boolean()),
        language: Type.Optional(Type.Union([Type.Literal('system'), Type.Literal('en'), Type.Literal('pt-BR'), Type.Literal('es'), Type.Literal('id')]))
      },
      { additionalProperties: false, minProperties: 1 }
    )
  ).returns<D.AppSettingsDto>(),
  /** Desktop only: opens the data folder in the file manager (not_available headless). */
  'settings.openDataFolder': channel(Empty).returns<{ opened: true }>(),
  /** Owner only: an encrypted backup of the whole data dir (messages, pairings, webhooks, media) in <data-dir>/backups/. */
  'settings.backup': channel(Type.Object({ passphrase: Type.String({ minLength: 8, maxLength: 1024 }) }, { additionalProperties: false })).returns<D.BackupDto>(),

  /** Browsers let into the headless UI (issue 20 item 3): each keeps its device credential across restarts until signed out. */
  'devices.list': channel(Empty).returns<D.UiDevicesDto>(),
  /** Signs a browser out: its credential stops working and what it has open is closed at once. */
  'devices.revoke': channel(Type.Object({ deviceId: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false })).returns<{ revoked: boolean }>(),
  /** Signs out every browser but the one asking. */
  'devices.revokeOthers': channel(Empty).returns<{ revoked: number }>(),

  'sandbox.phones': channel(Empty).returns<D.SandboxPhoneDto[]>(),
  'sandbox.createPhone': channel(Type.Object({ phoneNumber: Digits, name: Type.Optional(Type.String({ maxLength: 100 })) }, { additionalProperties: false })).returns<D.SandboxPhoneDto>(),
  'sandbox.scanQr': channel(Type.Object({ phoneNumber: Digits, instanceId: InstanceId }, { additionalProperties: false })).returns<{ linked: true }>(),
  'sandbox.enterCode': channel(Type.Object({ phoneNumber: Digits, code: Type.String({ minLength: 8, maxLength: 9 }) }, { additionalProperties: false })).returns<{ linked: true }>(),
  'sandbox.sendText': channel(Type.Object({ phoneNumber: Digits, to: Type.String({ minLength: 1, maxLength: 128 }), text: Type.String({ minLength: 1, maxLength: 65536 }) }, { additionalProperties: false })).returns<{ id: string }>(),
  /** The person sends a file (photo, video, audio, document) from the phone card: as POST /sandbox/phones/{phone}/messages/media. */
  'sandbox.sendMedia': channel(
    Type.Object(
      {
        phoneNumber: Digits,
        to: Type.String({ minLength: 1, maxLength: 128 }),
        file: Type.Object({ name: Type.String({ minLength: 1, maxLength: 255 }), mimetype: Type.String({ minLength: 1, maxLength: 128 }), base64: Type.String({ minLength: 1, maxLength: 24 * 1024 * 1024 }) }, { additionalProperties: false }),
        caption: Type.Optional(Type.String({ maxLength: 4096 }))
      },
      { additionalProperties: false }
    )
  ).returns<{ id: string }>(),
  /** A file the person sent or received, decrypted, as a data: URL (the inbox's thumbnails). */
  'sandbox.media': channel(Type.Object({ phoneNumber: Digits, messageId: Type.String({ minLength: 1, maxLength: 128 }) }, { additionalProperties: false })).returns<D.MediaContentDto>(),
  'sandbox.messages': channel(Type.Object({ phoneNumber: Digits }, { additionalProperties: false })).returns<D.SandboxMessageDto[]>(),
  /** The person opens their chats: read receipts for what they received (the senders see Read). */
  'sandbox.readInbox': channel(Type.Object({ phoneNumber: Digits }, { additionalProperties: false })).returns<{ read: number }>(),
  /** The phone hides its number (LID-only addressing): shorthand for sandbox.setPhoneSettings {hideNumber}. */
  'sandbox.setHideNumber': channel(Type.Object({ phoneNumber: Digits, hide: Type.Boolean() }, { additionalProperties: false })).returns<{ hideNumber: boolean }>(),
  /** A network fault (as POST /sandbox/faults): the panel's descriptors are in sandbox-faults.ts. */
  'sandbox.fault': channel(SandboxFaultRequest).returns<{ applied: true }>(),
  'sandbox.phoneSettings': channel(Type.Object({ phoneNumber: Digits }, { additionalProperties: false })).returns<D.SandboxPhoneSettingsDto>(),
  /** Changes the settings given (hide number, send limits, ban); the others stay. */
  'sandbox.setPhoneSettings': channel(
    Type.Object(
      {
        phoneNumber: Digits,
        hideNumber: Type.Optional(Type.Boolean()),
        newContacts: Type.Optional(Type.Union([Type.Literal('allow'), Type.Literal('timelock')])),
        timelockUntil: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.Null()])),
        messageCap: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 1_000_000 }), Type.Null()])),
        banned: Type.Optional(Type.Union([Type.Literal(403), Type.Literal(402), Type.Literal(406), Type.Null()]))
      },
      { additionalProperties: false, minProperties: 2 }
    )
  ).returns<D.SandboxPhoneSettingsDto>(),
  /** Seeds the account with a large history, delivered as history sync to every device linked afterwards (once per phone). */
  'sandbox.seedHistory': channel(
    Type.Object(
      {
        phoneNumber: Digits,
        contacts: Type.Optional(Type.Integer({ minimum: 0, maximum: 50_000 })),
        chats: Type.Optional(Type.Integer({ minimum: 0, maximum: 20_000 })),
        messages: Type.Optional(Type.Integer({ minimum: 0, maximum: 500_000 })),
        groups: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000 })),
        lidShare: Type.Optional(Type.Number({ minimum: 0, maximum: 1 }))
      },
      { additionalProperties: false }
    )
  ).returns<D.SandboxSeedSummaryDto>(),

  'chats.list': channel(Type.Object({ instanceId: InstanceId, search: Type.Optional(Type.String({ maxLength: 100 })), ...Page }, { additionalProperties: false })).returns<D.ChatsPageDto>(),
  'chats.messages': channel(
    Type.Object({ instanceId: InstanceId, chatId: Type.String({ minLength: 1, maxLength: 128 }), cursor: Type.Optional(Type.String({ maxLength: 64 })), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })) }, { additionalProperties: false })
  ).returns<D.MessagesPageDto>(),
  'chats.sendText': channel(Type.Object({ instanceId: InstanceId, chatId: Type.String({ minLength: 1, maxLength: 128 }), text: Type.String({ minLength: 1, maxLength: 65536 }) }, { additionalProperties: false })).returns<D.MessageDto>(),
  'chats.sendFile': channel(
    Type.Object(
      {
        instanceId: InstanceId,
        chatId: Type.String({ minLength: 1, maxLength: 128 }),
        file: Type.Object({ name: Type.String({ minLength: 1, maxLength: 255 }), mimetype: Type.String({ minLength: 1, maxLength: 128 }), base64: Type.String({ minLength: 1, maxLength: 24 * 1024 * 1024 }) }, { additionalProperties: false }),
        caption: Type.Optional(Type.String({ maxLength: 4096 }))
      },
      { additionalProperties: false }
    )
  ).returns<D.MessageDto>(),
  'chats.markRead': channel(Type.Object({ instanceId: InstanceId, chatId: Type.String({ minLength: 1, maxLength: 128 }) }, { additionalProperties: false })).returns<{ read: true }>(),
  /** A message's media as a data: URL (up to 16 MiB); media_download_failed when it expired and cannot be fetched again. */
  'chats.media': channel(
    Type.Object({ instanceId: InstanceId, chatId: Type.String({ minLength: 1, maxLength: 128 }), messageId: Type.String({ minLength: 1, maxLength: 128 }) }, { additionalProperties: false })
  ).returns<D.MediaContentDto>(),
  /** The shop's own name for a contact (this PC only; null or '' clears it): shown in the list, the thread and notifications. */
  'chats.setName': channel(
    Type.Object({ instanceId: InstanceId, chatId: Type.String({ minLength: 1, maxLength: 128 }), name: Type.Union([Type.String({ maxLength: 100 }), Type.Null()]) }, { additionalProperties: false })
  ).returns<{ name: string | null }>(),
  /** Message text across the instance's chats (full-text index), newest first; `query` needs a letter or digit. */
  'chats.search': channel(
    Type.Object({ instanceId: InstanceId, query: Type.String({ minLength: 1, maxLength: 200 }), chatId: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })), ...Page }, { additionalProperties: false })
  ).returns<D.MessageSearchDto>(),
  /** Whether a typed number (any spelling: +1 555 000 0001) is on WhatsApp: one number check of the instance's policy. */
  'chats.checkNumber': channel(Type.Object({ instanceId: InstanceId, phone: Type.String({ minLength: 1, maxLength: 32 }) }, { additionalProperties: false })).returns<D.NumberCheckDto>(),

  /** The Campaigns view (campaign-channels.ts). */
  ...CAMPAIGN_CHANNELS,
  /** Saved replies (reply-channels.ts). */
  ...REPLY_CHANNELS,
  /** Scoped API keys (key-channels.ts). */
  ...KEY_CHANNELS
} as const

export type Channels = typeof CHANNELS
export type ChannelName = keyof Channels
export type RequestOf<K extends ChannelName> = Static<Channels[K]['request']>
export type ResponseOf<K extends ChannelName> = Channels[K] extends ChannelDef<TSchema, infer R> ? R : never
export const CHANNEL_NAMES = Object.keys(CHANNELS) as ChannelName[]

export const isChannelName = (name: unknown): name is ChannelName => typeof name === 'string' && Object.prototype.hasOwnProperty.call(CHANNELS, name)

/** The namespace part of a channel name ("instances" of "instances.list"). */
export type NamespaceOf<K> = K extends `${infer N}.${string}` ? N : never
export type Namespace = NamespaceOf<ChannelName>
