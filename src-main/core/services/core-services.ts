// The service layer behind both front doors (HTTP routes and the UI bridge): built once by start-core.ts, with
// no optional members. Front doors only translate wire parameters into typed calls on these and answers back.
// Services only: plumbing (the clock, the network mode, the rate limiter) goes to the modules at composition.
import type { MediaFiles } from '../messaging/reads/media-files.js'
import type { ReadService } from '../messaging/reads/read-service.js'
import type { SendService } from '../messaging/send/send-service.js'
import type { UiDeviceService } from './ui-device-service.js'
import type { SavedReplyService } from './saved-reply-service.js'
import type { StatusService } from '../account/status/status-service.js'
import type { PairingCodes } from '../engine/pairing-codes.js'
import type { GroupService } from '../account/groups/group-service.js'
import type { ChannelService } from '../account/channels/channel-service.js'
import type { LabelService } from '../account/labels/label-service.js'
import type { ProfileService } from '../account/profile/profile-service.js'
import type { PresenceService } from '../account/presence/presence-service.js'
import type { WebhookService } from '../webhooks/webhook-service.js'
import type { EventStreamService } from '../webhooks/event-stream.js'
import type { InstanceService } from './instance-service.js'
import type { PolicyService } from '../rate-limit/policy-service.js'
import type { TempLinkService } from './temp-link-service.js'
import type { AccountService } from './account-service.js'
import type { AppSettingsService } from '../settings/app-settings-service.js'
import type { HealthService } from './health-service.js'
import type { MetricsService } from './metrics-service.js'
import type { SandboxControl } from './sandbox-control.js'
import type { LiveChannels } from './live-channels.js'
import type { CallService } from '../account/calls/call-service.js'
import type { CampaignService } from '../campaigns/campaign-service-api.js'
import type { QrImages } from './qr-images.js'
import type { Backups } from '../backup/backups.js'
import type { ChatsService } from './chats-service.js'
import type { Subscriptions } from './subscriptions.js'
import type { ApiKeyService } from './api-key-service.js'

export interface CoreServices {
  /** Lifecycle, ownership rule and the instance's DTOs (services/instance-service.ts). */
  instances: InstanceService
  /** Pairing QR strings rendered to PNG once per QR (clients poll while a QR is shown). */
  qrImages: QrImages
  /** Encrypted backups of the whole data dir taken while the app runs (Settings > Backup). */
  backups: Backups
  /** The throttled pairing-code issuer. */
  pairingCodes: PairingCodes
  /** The send pipeline: outbound rows, rate-limit queue, Baileys. */
  send: SendService
  /** 24-hour statuses, posted through the send pipeline. */
  statuses: StatusService
  /** Downloaded media of stored messages. */
  media: MediaFiles
  groups: GroupService
  channels: ChannelService
  labels: LabelService
  profile: ProfileService
  /** Own presence and chat states, subscriptions, and the presences the tracker remembers. */
  presence: PresenceService
  /** Webhook configs, the delivery log, replay and the delivery worker. */
  webhooks: WebhookService
  /** The live event stream (GET /v2/events): the outbox's events by cursor, for clients without a webhook receiver. */
  events: EventStreamService
  /** Rate-limit policies: the one in force, the catalogue per plan, the checked choice, live counters. */
  policies: PolicyService
  /** Temporary QR links (the credential-free /temp-qr page). */
  tempLinks: TempLinkService
  /** API accounts as the owner manages them: add, list, rotate, plan/quota, remove (services/account-service.ts). */
  accounts: AccountService
  /** Scoped API keys of each account (read only and/or some instances): create, list, revoke (closes their channels). */
  apiKeys: ApiKeyService
  /** App settings of the Settings view (plan, quotas, hosts, port, log level, data folder, start at login), stored in the data dir. */
  settings: AppSettingsService
  /** Chats, messages, contacts, LIDs and media files from the store, and chat/message/contact operations. */
  reads: ReadService
  /** The Chats view: chat list, threads with queue states, sends, read receipts, media as data: URLs (services/chats-service.ts). */
  chats: ChatsService
  /** Live domain events and the services' feeds, by kind: the front doors' one way to subscribe (services/subscriptions.ts). */
  subscriptions: Subscriptions
  /** Browsers let into the headless UI: device credentials kept across restarts, listed and revoked in Settings. */
  uiDevices: UiDeviceService
  /** Health figures per instance, read when asked (the UI's health panel, GET /metrics). */
  health: HealthService
  /** GET /metrics: the health figures and process metrics in Prometheus' format. */
  metrics: MetricsService
  /** The simulated network's controls (phones, faults, linking); `available` is false on the real network. */
  sandbox: SandboxControl
  /** Open channels (event streams, MCP exchanges, UI bridge connections) closed when their credential stops authenticating. */
  liveChannels: LiveChannels
  /** Incoming calls: the per-instance auto-reject setting (with its optional text reply), applied to each offer. */
  calls: CallService
  /** Campaigns (issue 19): contact lists, templates, audience check, schedule, pacing, autopilot, reports, opt-outs. */
  campaigns: CampaignService
  /** Saved replies per account, inserted with /shortcut in the composer (issue 20 item 7). */
  savedReplies: SavedReplyService
}
