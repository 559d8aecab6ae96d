// Data shapes the bridge hands to the renderer (camelCase, times in ms since the epoch, no secrets unless asked).
// PURE: plain types only.

export type InstanceStatus = 'STOPPED' | 'STARTING' | 'SCAN_QR_CODE' | 'WORKING' | 'FAILED' | 'DELETED'
export type PlanTier = 'free' | 'paid'
export type NetworkMode = 'whatsapp' | 'sandbox'

export interface AppInfo {
  version: string
  network: NetworkMode
  /** http://HOST:PORT of the local v2 API. */
  apiUrl: string
  plan: PlanTier
}

export interface InstanceMe {
  /** <number>@c.us */
  id: string
  lid: string | null
  pushName: string | null
  platform: string | null
}

export interface InstanceDto {
  id: string
  name: string
  status: InstanceStatus
  /** Why the status last changed (e.g. engine:open, disconnect:401), when known. */
  statusReason: string | null
  /** The same in words for people (e.g. "the phone logged this device out ..."), when known. */
  statusReasonText: string | null
  me: InstanceMe | null
  /** The paired phone number (digits), or null before pairing. */
  number: string | null
  /** Same value as the API's server_name. */
  serverName: string
  /** Slug of the rate-limit policy in force (a paid-only choice runs as strict while the plan is free). */
  policy: string
  /** Its name for people (Strict, Standard...). */
  policyName: string
  createdAt: number
  /** Whether the network lets the account start new chats now (Switchboard's addition; GET /v2/session/info deliverability). */
  deliverability: DeliverabilityDto
  /** The instance's proxy (config.proxy), password never shown ("***" when one is set); null or absent: direct. */
  proxy?: ProxyDto | null
}

/** How an instance handles incoming calls (issue 22 item 6). */
export interface CallSettingsDto {
  /** Every incoming call is rejected as soon as it rings. */
  autoReject: boolean
  /** Sent to the caller after an automatic rejection; null: no reply. */
  replyText: string | null
}

export interface ProxyDto {
  /** scheme://host:port (http, https, socks5, socks5h, socks4). */
  server: string
  username: string | null
  password: '***' | null
}

export interface DeliverabilityDto {
  /** paused: the network refused a new chat (463 reach-out timelock, 475 message capping); sends to new contacts are held, replies go on. */
  newContacts: 'ok' | 'paused'
  /** Which hold: none, new contacts only, or every send (the account is restricted: a 463 on an existing chat). Absent: as newContacts says. */
  state?: 'ok' | 'new_contacts_paused' | 'restricted'
  /** When the hold lifts (ms), while paused. */
  until: number | null
  reason: 'reachout_timelock' | 'message_cap' | 'account_restricted' | null
  /** Sends to new contacts held meanwhile (they go out when the hold lifts). */
  held: number
}

export interface InstancesOverview {
  instances: InstanceDto[]
  plan: PlanTier
  /** Instances in use against the plan's quota; limit null = unlimited. */
  quota: { used: number; limit: number | null }
}

export interface QrDto {
  instanceId: string
  /** data:image/png;base64,... */
  image: string
  issuedAt: number
  /** When this QR rotates (the first of a connection lives 60 s, later ones 20 s); the next is pushed as instance.qr. */
  expiresAt: number
}

export interface PairingCodeDto {
  /** XXXX-XXXX */
  code: string
}

/** One instance's health figures, as GET /metrics reports them (read from the store when asked). */
export interface InstanceHealthDto {
  instanceId: string
  status: InstanceStatus
  queueDepth: number
  oldestQueuedSeconds: number
  /** Outbound messages kept in the store, by result (queued, sending, sent, failed, purged). */
  sends: Record<string, number>
  newContactsPaused: boolean
  heldNewContactSends: number
  inboundMessages: number
  /** Webhook deliveries kept in the outbox, by state (pending, in_flight, delivered, dead). */
  webhookDeliveries: Record<string, number>
  outboxPending: number
  outboxOldestPendingSeconds: number
  /** Clients connected to GET /v2/events (every account). */
  eventStreamClients: number
  /** When the figures were read (ms). */
  at: number
}

export interface TempLinkDto {
  link: string | null
  expiresAt: number | null
  /** The link as a QR code (PNG data URL) to scan across the room; null without a link. */
  qrImage: string | null
}

export type PolicyLimitName =
  | 'send_message_per_minute'
  | 'send_message_daily_cap'
  | 'account_protection_seconds'
  | 'concurrent_limit'
  | 'group_req_per_minute'
  | 'group_daily_cap'
  | 'check_req_per_minute'
  | 'check_daily_cap'

export interface PolicyDto {
  slug: string
  name: string
  description: string
  /** null = no limit. */
  limits: Record<PolicyLimitName, number | null>
  /** Selectable on the account's plan. */
  available: boolean
}

export interface RateCountersDto {
  /** null when the core cannot tell (no limiter running). */
  sentLastMinute: number | null
  sentToday: number
  queueLength: number | null
  /** When the daily count starts again (local midnight). */
  resetsAt: number | null
  /** Sends are held until then (account protection after connecting). */
  protectionUntil: number | null
}

export interface PoliciesDto {
  instanceId: string
  current: string
  hasActivePlan: boolean
  policies: PolicyDto[]
  counters: RateCountersDto
}

/** Why a message waits: the policy's per-minute spacing, the new-number protection after connecting, the sends at the same time, the daily cap, the network's hold on new chats (463/475), the instance not WORKING yet, or it is leaving now. */
export type WaitReasonDto = 'per_minute' | 'protection' | 'concurrency' | 'daily_cap' | 'new_contacts_paused' | 'account_restricted' | 'not_working' | 'about_to_send'

export interface WaitingMessageDto {
  messageId: string
  chatId: string
  /** 1 = next, over every waiting message of the instance. */
  position: number
  reason: WaitReasonDto
  /** When it is expected to go (ms), when known. */
  notBefore: number | null
}

export interface QueueInfoDto {
  instanceId: string
  status: InstanceStatus
  /** The policy in force, with what paces the queue. */
  policy: { slug: string; name: string; perMinute: number | null; spacingMs: number | null; protectionSeconds: number | null; concurrentLimit: number | null }
  /** Every waiting message in order: a restart drops them all. */
  waiting: WaitingMessageDto[]
  /** Ids of messages a restart dropped that queue.resend can still send (newest first); other failed ones cannot be resent. */
  resendable: string[]
  /** The core's clock when this was taken. */
  at: number
}

/** Each instance's day so far, for the Instances dashboard (instances.today). */
export interface TodaySummaryDto {
  /** Local midnight the counts start from (ms). */
  since: number
  instances: { instanceId: string; sent: number; received: number; waiting: number; failed: number; /** ms; null before the first message. */ lastActivityAt: number | null; unread: number }[]
}

export interface UnreadSummaryDto {
  instances: { instanceId: string; unread: number; /** Newest message of a chat with unread ones (ms), null when none. */ newestUnreadAt: number | null }[]
}

export interface WebhookRetriesDto {
  /** Seconds before the first retry (doubling after each failure). */
  delay: number
  /** Total POSTs, the first included. */
  attempts: number
}

export interface WebhookDto {
  id: number
  url: string
  name: string | null
  events: string[]
  isActive: boolean
  retries: WebhookRetriesDto
  /** A signing secret is set (the secret itself is never sent back). */
  hasSecret: boolean
  /** Why the core disabled it (e.g. http_410). */
  disabledReason: string | null
}

export type DeliveryState = 'pending' | 'in_flight' | 'delivered' | 'dead'

export interface DeliveryDto {
  id: number
  eventId: string
  event: string
  webhookId: number
  url: string
  state: DeliveryState
  attempts: number
  lastStatus: number | null
  lastError: string | null
  createdAt: number
  deliveredAt: number | null
  deadAt: number | null
  nextAttemptAt: number | null
}

export interface AttemptDto {
  id: number
  attempt: number
  outcome: 'delivered' | 'retry' | 'dead' | 'gone'
  statusCode: number | null
  error: string | null
  durationMs: number
  at: number
}

export interface WebhooksDto {
  instanceId: string
  /** Webhooks need the paid plan (the API answers 403 subscription_required otherwise). */
  allowed: boolean
  webhooks: WebhookDto[]
  knownEvents: string[]
  /** One line per event name (the same text as the OpenAPI webhook docs), webhook.test included. */
  eventDescriptions?: Record<string, string>
  /** What "Send test event" can send: webhook.test first, then every event kind a sample can be sent of. */
  testEvents?: string[]
  counts: Record<DeliveryState, number>
}

/** What one delivery POSTs (webhooks.payload): the exact body and the signature headers. */
export interface DeliveryPayloadDto {
  deliveryId: number
  eventId: string
  event: string
  url: string
  /** The exact body, byte for byte (the same on every attempt). */
  body: string
  /** The headers of attempt `attempt` (null: of the next attempt, timestamped headersAt); x-webhook-request-id is a new UUID per attempt and left out. */
  headers: Record<string, string>
  attempt: number | null
  headersAt: number
  /** The webhook has a signing secret (the signature headers are present). */
  signed: boolean
}

export interface ApiInfoDto {
  baseUrl: string
  docsUrl: string
  /** The default account's token exists and can be revealed. */
  tokenAvailable: boolean
  /** Calling the API from a Docker container on this PC (n8n, Node-RED, Home Assistant). */
  docker: {
    /** http://host.docker.internal:PORT */
    baseUrl: string
    /** host.docker.internal is an accepted Host (--allow-host host.docker.internal). */
    allowed: boolean
    /** The API listens on loopback only: containers on Linux cannot reach it (Docker Desktop can). */
    loopbackOnly: boolean
  }
}

export interface TokenDto {
  token: string
}

export interface SandboxDeviceDto {
  id: number
  /** The device's JID (<number>:<id>@s.whatsapp.net): what device faults name. */
  jid: string
  kind: 'phone' | 'companion'
  platform: string | null
  online: boolean
  linkedAt: number
  /** The instance this linked device is (one of the UI account's instances paired with this number), when it can be told. */
  instance?: { id: string; name: string } | null
}

export interface SandboxPhoneDto {
  phoneNumber: string
  name: string
  jid: string
  online: boolean
  devices: SandboxDeviceDto[]
  /** The phone hides its number: it is known to others by LID only (= settings.hideNumber). */
  hideNumber?: boolean
  /** Its per-phone settings (hide number, send limits, ban), when the core sent them. */
  settings?: SandboxPhoneSettingsDto
  /** A pairing code an instance requested for this number, waiting to be typed on this phone. */
  pendingCode?: { code: string; instanceId: string; instanceName: string; since: number } | null
}

/** A simulated phone's per-phone settings (sandbox.phoneSettings / sandbox.setPhoneSettings). */
export interface SandboxPhoneSettingsDto {
  /** The phone hides its number: others reach it, and it reaches them, by LID only. */
  hideNumber: boolean
  /** `timelock`: messages that would open a new chat are refused with 463 (reach-out timelock). */
  newContacts: 'allow' | 'timelock'
  /** When the timelock ends (ms); null = until newContacts is allow again. */
  timelockUntil: number | null
  /** New chats the account may open; more are refused with 475 (message capping). null = no cap. */
  messageCap: number | null
  /** New chats opened so far (what messageCap counts). */
  newChats: number
  /** The network refuses the account's linked devices at login with this code; null = not banned. */
  banned: 403 | 402 | 406 | null
}

/** What a phone was seeded with for history sync at pairing (sandbox.seedHistory). */
export interface SandboxSeedSummaryDto {
  contacts: number
  chats: number
  messages: number
  groups: number
  lidChats: number
  /** HistorySync chunks each pairing delivers. */
  chunks: number
}

export interface SandboxMessageDto {
  id: string
  from: string
  to: string
  type: string
  text: string | null
  timestamp: number
  fromMe: boolean
  /** The message carries a file (photo, video, voice, document); its bytes come from sandbox.media. */
  media?: { mimetype: string | null } | null
}

export type MessageAck = 'pending' | 'sent' | 'delivered' | 'read' | 'failed'

export interface ChatDto {
  id: string
  name: string
  unreadCount: number
  /** The newest message; its id lets a pushed chat.ack update the list's tick. */
  lastMessage: { id: string; text: string | null; timestamp: number; fromMe: boolean; ack: MessageAck | null } | null
  timestamp: number
  /** WhatsApp Business labels of the chat (name and colour index 0..19), when it has any. */
  labels?: { name: string; color: number }[]
}

export interface MessageMediaDto {
  mimetype: string
  filename: string | null
  /** A URL the renderer may show (data: or served by the core), when there is one. */
  url: string | null
}

/** A message's media for the UI (chats.media): the bytes as a data: URL, downloaded by the core on first need. */
export interface MediaContentDto {
  mimetype: string
  filename: string | null
  size: number
  dataUrl: string
}

/** Whether a typed number is on WhatsApp (chats.checkNumber), and the chat id to open for it. */
export interface NumberCheckDto {
  /** The number as digits with the country code. */
  phone: string
  exists: boolean
  chatId: string
}

export interface MessageDto {
  id: string
  chatId: string
  fromMe: boolean
  /** Display name or number of the sender. */
  sender: string | null
  text: string | null
  timestamp: number
  ack: MessageAck | null
  media: MessageMediaDto | null
  /** A send this app or the API accepted: where it is (kept across reloads and restarts; issue 20 item 1). */
  queue?: MessageQueueDto
}

/** A message found by text search (chats.search), newest first. */
export interface MessageSearchHitDto {
  chatId: string
  /** The chat's name, or its number when it has none. */
  chatName: string
  messageId: string
  fromMe: boolean
  /** ms */
  timestamp: number
  /** An excerpt of the text with the matching words between [[ and ]]. */
  snippet: string
}

export interface MessageSearchDto {
  hits: MessageSearchHitDto[]
  hasMore: boolean
}

/** The queue state of an accepted send, read from the core's outbound rows. */
export interface MessageQueueDto {
  state: 'waiting' | 'held' | 'sending' | 'sent' | 'not_sent'
  /** Why it waits (waiting/held); null otherwise. */
  reason: WaitReasonDto | null
  /** When it is expected to go (ms), when known. */
  notBefore: number | null
  /** When it was accepted (ms). */
  acceptedAt: number
  /** Why it was not sent, in words (not_sent only; English). */
  error: string | null
  /** The same as a code (queue_purged, app_restarted, send_interrupted, send_failed...): the renderer words it. */
  errorCode?: string | null
  /** A restart dropped it and Resend can still send it. */
  resendable: boolean
}

export interface ChatsPageDto {
  chats: ChatDto[]
  hasMore: boolean
}

export interface MessagesPageDto {
  /** Oldest first. */
  messages: MessageDto[]
  /** Older messages exist: ask again with this page's cursor. */
  hasMore: boolean
  /** Opaque position of the next (older) page, null when there is none. */
  cursor: string | null
}

/** An API account as the owner sees it in Settings: never its token, only the last 4 characters. */
export interface AccountDto {
  id: string
  name: string
  plan: PlanTier
  /** The quota in force; null = unlimited. */
  instanceQuota: number | null
  /** The account's own quota rather than its plan's. */
  quotaOverridden: boolean
  instances: number
  tokenHint: string | null
  /** The owner (the account this UI acts as): cannot be removed. */
  isDefault: boolean
  createdAt: number
}

export interface AccountsOverviewDto {
  accounts: AccountDto[]
  /** Each plan's instance quota (null = unlimited), for "plan (N)" choices. */
  planQuotas: Record<PlanTier, number | null>
}

/** The one time a token is shown (add, rotate): only its hash is kept. */
export interface NewAccountTokenDto {
  account: AccountDto
  token: string
}

export interface RemovedAccountDto {
  account: AccountDto
  deletedInstances: number
}

export type LogLevel = 'error' | 'warn' | 'info' | 'debug'

/**
 * One app setting in Settings: `value` is the choice (stored, or what runs when nothing is stored), `effective` what
 * is in force now (differs only for one that applies at the next start), `pinnedBy` the flag or environment
 * variable that set it at start (it wins over the stored choice; null when the Settings choice applies).
 */
export interface SettingDto<T> {
  value: T
  effective: T
  pinnedBy: string | null
}

export interface AppSettingsDto {
  /** The owner's plan (free/paid emulation of the hosted service) and what each plan unlocks, in words. */
  plan: SettingDto<PlanTier> & {
    unlocks: Record<PlanTier, string[]>
    /** The free plan's rate-limit policies by slug (the renderer names them in its language). */
    freePolicies?: string[]
  }
  /** Instances per account on each plan (null = unlimited), unless an account has its own quota. Live. */
  freeInstanceQuota: SettingDto<number | null>
  paidInstanceQuota: SettingDto<number | null>
  /** Extra Host names the API accepts (e.g. host.docker.internal). Live. */
  allowHosts: SettingDto<string[]>
  /** Bind address (applies at the next start); `exposedWarning` says what binding off loopback means, in English;
   *  `exposedWarningCode` names it so the renderer words it in the UI's language. */
  host: SettingDto<string> & { loopback: boolean; exposedWarning: string; exposedWarningCode: string }
  /** API port (applies at the next start). */
  port: SettingDto<number>
  /** The address others reach the API at (e.g. a tunnel's), used in temporary links; null: the request's own. Live. */
  publicUrl: SettingDto<string | null>
  /** One of LogLevel, unless a flag or variable pinned another pino level (trace). Live. */
  logLevel: SettingDto<string>
  /** The data folder (database, media, logs, secrets): shown, never changed here. canOpen: the desktop app can open it. */
  dataDir: { path: string; canOpen: boolean }
  /** Start at login: the desktop app only (available false in the headless server). */
  startAtLogin: { available: boolean; value: boolean }
  /** How new customer messages are announced in the UI: instances muted there, and whether a sound plays. Live. */
  notifications: { mutedInstances: string[]; sound: boolean }
  /** The UI's language (issue 20 item 12): 'system' follows the browser's language. */
  language: UiLanguageChoice
}

export type UiLanguageChoice = 'system' | 'en' | 'pt-BR' | 'es' | 'id'

/** A browser let into the headless UI (Settings, Browsers). */
export interface UiDeviceDto {
  id: string
  /** "Chrome on Linux" */
  label: string
  /** ms */
  createdAt: number
  lastSeenAt: number
}

export interface UiDevicesDto {
  devices: UiDeviceDto[]
  /** The browser asking (null in the desktop window, which needs no credential). */
  currentId: string | null
}

/** A backup written by Settings > Backup: where it is and what it holds. */
export interface BackupDto {
  file: string
  createdAt: string
  instances: number
  messages: number
  files: number
}
