// Domain types of campaigns (issue 19): contact lists, templates, schedules, pacing, autopilot, campaign and
// recipient states, reports and events. Pure types and constants: no I/O. The API (/v2/campaigns) and the UI bridge
// map these to their wire shapes; the service interface is in campaign-service-api.ts.

/** Campaign lifecycle: draft -> scheduled -> running <-> paused -> completed | cancelled. */
export type CampaignState = 'draft' | 'scheduled' | 'running' | 'paused' | 'completed' | 'cancelled'
export const CAMPAIGN_STATES: readonly CampaignState[] = ['draft', 'scheduled', 'running', 'paused', 'completed', 'cancelled']

/**
 * Recipient lifecycle: pending -> skipped(reason) | queued -> sent -> delivered -> read -> replied | failed(reason) |
 * opted_out. `queued` means its send is in the durable send queue with a message id already recorded.
 */
export type RecipientState = 'pending' | 'skipped' | 'queued' | 'sent' | 'delivered' | 'read' | 'replied' | 'failed' | 'opted_out'
export const RECIPIENT_STATES: readonly RecipientState[] = ['pending', 'skipped', 'queued', 'sent', 'delivered', 'read', 'replied', 'failed', 'opted_out']

/** Why a recipient was skipped (never messaged). */
export type SkipReason = 'not_on_whatsapp' | 'opted_out' | 'cancelled'

/** Why a recipient's send failed (the send pipeline's error code, or one of these). */
export type FailReason = 'send_failed' | 'send_interrupted' | 'refused_by_network' | 'blocked' | 'missing_variable' | (string & {})

// ---------------------------------------------------------------- lists

/** A contact list owned by one API account. Phones are E.164 digits without "+" (e.g. 5215512345678). */
export interface ContactList {
  id: string
  accountId: string
  name: string
  createdAt: number
  /** Contacts kept (after normalisation and merging of duplicates). */
  contactCount: number
  /** Rows refused (each with its line and reason in the import report). */
  rejectedCount: number
  /** Rows that repeated a phone already in the list (merged into the first: later non-empty values win). */
  mergedCount: number
  /** The variables each contact may carry (column names after mapping). */
  variables: string[]
  /** ISO 3166-1 alpha-2 country used for numbers written without a country code (e.g. "MX"). */
  defaultCountry: string | null
}

export interface ListContact {
  phone: string
  /** The variables of this contact ({{name}} etc.), by variable name. */
  vars: Record<string, string>
  /** The 1-based line of the source (CSV line, or row index + 1 for JSON rows) it first came from. */
  line: number
}

/** Which column holds the phone, and which columns become variables (default: every other column, by header). */
export interface ColumnMapping {
  phone: string
  /** Columns to keep as variables; a record renames them: { "First name": "name" }. */
  variables?: string[] | Record<string, string>
}

export type ListSource =
  | { kind: 'csv'; text: string }
  /** A CSV byte stream (HTTP multipart `file`): parsed as it arrives; 100k rows never sit in memory as text. */
  | { kind: 'csv-stream'; stream: AsyncIterable<Buffer | string> }
  | { kind: 'rows'; rows: Array<Record<string, string | number | null>> }

export interface ListImportInput {
  name: string
  source: ListSource
  /** Without it, the phone column is found by header (phone, number, mobile, whatsapp, telefono, ...). */
  mapping?: ColumnMapping
  defaultCountry?: string
}

export type RejectReason = 'missing_phone' | 'invalid_phone' | 'malformed_row'

export interface RejectedRow {
  line: number
  reason: RejectReason
  /** In words, e.g. "'12ab' is not a phone number (default country MX)". */
  message: string
  /** What the phone cell held. */
  value: string
}

export interface ListImportReport {
  list: ContactList
  /** Every rejected row, never dropped silently (the API returns the first 1000 and the count). */
  rejected: RejectedRow[]
  /** Lines merged into an earlier contact with the same phone. */
  merged: Array<{ line: number; intoLine: number; phone: string }>
}

// ---------------------------------------------------------------- templates

/** Media of a campaign message: a URL fetched at send time, or bytes (base64) kept with the campaign. */
export interface TemplateMedia {
  url?: string
  data?: string
  mimetype?: string
  filename?: string
}

/**
 * Message text with `{{variable}}`, `{{variable|default}}` and spintax `{Hi|Hello}`; with media, the text is the
 * caption. Reserved variables: `phone`. An unknown variable (not in the list, no default) is a 422 naming it.
 */
export interface Template {
  text: string
  media?: TemplateMedia | null
}

export interface TemplatePreview {
  phone: string
  /** The rendered message (spintax resolved with this recipient's stable choice, footer appended). */
  text: string
  media: TemplateMedia | null
}

// ---------------------------------------------------------------- schedule and pacing

/** Days 0 = Sunday .. 6 = Saturday; hours "HH:MM" in the schedule's time zone, [from, to). */
export interface SendWindow {
  days: number[]
  from: string
  to: string
}

export interface Schedule {
  /** Unix ms; null = as soon as started. */
  startAt: number | null
  /** IANA time zone of the window (e.g. "America/Mexico_City"). */
  timeZone: string
  /** null = any time. */
  window: SendWindow | null
}

export interface Pacing {
  /** Random delay between two campaign sends of one instance, on top of the instance's rate-limit policy. */
  minDelayMs: number
  maxDelayMs: number
  /** Campaign messages per instance per day (in the schedule's time zone); null = only the policy's cap. */
  dailyCapPerNumber: number | null
  /** Ramp for numbers paired recently: caps grow day by day (20, 40, 80, ... up to dailyCapPerNumber). */
  warmup: boolean
}

// ---------------------------------------------------------------- autopilot

export interface AutopilotRules {
  /** Window of the last N sends for the failure and block/opt-out rates. */
  window: number
  /** Pause when failures / sends in the window exceed this (0..1). */
  maxFailureRate: number
  /** Pause when (opt-outs + blocks) / sends in the window exceed this (0..1). */
  maxOptOutRate: number
  /** Rates are judged only once the window holds at least this many sends. */
  minSample: number
}

export type PauseCode =
  | 'manual'
  | 'deliverability'
  | 'failure_rate'
  | 'opt_out_rate'
  | 'instance_not_working'
  | 'queue_purged'
  | 'daily_cap'

export interface PauseReason {
  code: PauseCode
  /** For people: "WhatsApp limited new chats on +52 55 1234 5678 (463) until 14:10; resumes by itself". */
  message: string
  since: number
  /** True when the campaign resumes by itself once the cause clears (deliverability lifted, instance back, new day). */
  autoResume: boolean
  instanceId?: string
}

// ---------------------------------------------------------------- campaign

export interface Consent {
  /** "These people agreed to hear from us": required to start. */
  confirmedAt: number
  text: string
}

export interface OptOutSettings {
  /** Extra keywords (any language) besides the built-in ones; matched as the whole reply, case/accents ignored. */
  keywords: string[]
  /** Whether the built-in keywords (EN, ES, PT, FR, DE, IT, ID) apply. */
  builtIn: boolean
  /** The one confirmation sent after an opt-out; null = none. */
  confirmation: string | null
}

export interface Campaign {
  id: string
  accountId: string
  name: string
  state: CampaignState
  listId: string
  /** The instances that send (recipients are assigned to one, sticky, by a hash of their phone). */
  instanceIds: string[]
  template: Template
  /** Appended to each message when set, e.g. "Reply STOP to opt out". */
  footer: string | null
  schedule: Schedule
  pacing: Pacing
  autopilot: AutopilotRules
  consent: Consent | null
  /** Set while paused (and while running but waiting for its window: code absent, see waitingUntil). */
  pauseReason: PauseReason | null
  /** Running but outside the window (or before startAt): when it sends next. */
  waitingUntil: number | null
  createdAt: number
  updatedAt: number
  startedAt: number | null
  finishedAt: number | null
}

/** What a draft is created or updated with. */
export interface CampaignDraft {
  name: string
  listId: string
  instanceIds: string[]
  template: Template
  footer?: string | null
  schedule?: Partial<Schedule>
  pacing?: Partial<Pacing>
  autopilot?: Partial<AutopilotRules>
}

export interface CampaignRecipient {
  campaignId: string
  phone: string
  vars: Record<string, string>
  state: RecipientState
  /** Why skipped or failed. */
  reason: string | null
  instanceId: string
  messageId: string | null
  /** onWhatsApp answer: true/false, null = not checked yet. */
  onWhatsApp: boolean | null
  updatedAt: number
  sentAt: number | null
}

export interface RecipientFilter {
  states?: RecipientState[]
  /** Digits contained in the phone. */
  search?: string
  offset?: number
  limit?: number
}

export interface Page<T> {
  items: T[]
  total: number
  offset: number
  limit: number
}

// ---------------------------------------------------------------- reporting

export interface CampaignStats {
  campaignId: string
  state: CampaignState
  total: number
  counts: Record<RecipientState, number>
  skippedBy: Record<string, number>
  failedBy: Record<string, number>
  /** Funnel rates over messages sent (sent + delivered + read + replied): 0..1. */
  rates: { delivered: number; read: number; replied: number; failed: number; optedOut: number }
  /** Sends per hour (hour start, Unix ms), oldest first. */
  sendsPerHour: Array<{ hour: number; count: number }>
  /** Share of recipients settled (not pending/queued): 0..1. */
  progress: number
}

export interface CampaignEstimate {
  /** Recipients still to send (pending, not skipped). */
  remaining: number
  durationMs: number
  endsAt: number
  /** "≈ 3 h 20 min, ends Tue 14:10" (in the schedule's time zone). */
  text: string
  /** What sets the pace: the random delay, the policy's per-minute rate, the daily caps, or the window. */
  limitedBy: 'pacing' | 'policy' | 'daily_cap' | 'window'
  /** The schedule's IANA time zone, in which `text` names the end (a UI words the estimate from the numbers and this). */
  timeZone: string
}

export interface AudienceReport {
  campaignId: string
  total: number
  checked: number
  onWhatsApp: number
  notOnWhatsApp: number
  optedOut: number
  /** Numbers not checked yet (the policy's check cap for today is spent: checked when the campaign sends). */
  unchecked: number
  /** A check of this campaign is running in this process now (the counts above are its progress so far, from the store). */
  checking: boolean
}

// ---------------------------------------------------------------- opt-outs

export type OptOutSource = 'keyword' | 'manual' | 'import' | 'api'

export interface OptOut {
  phone: string
  source: OptOutSource
  /** The reply that opted out (keyword source). */
  keyword: string | null
  campaignId: string | null
  createdAt: number
}

// ---------------------------------------------------------------- events

/** campaign.status: a state change or a pause/resume (with the reason in words). */
export interface CampaignStatusEvent {
  kind: 'status'
  campaign: Campaign
}

/** campaign.progress: throttled (at most every 2 s per campaign, and at the end). */
export interface CampaignProgressEvent {
  kind: 'progress'
  accountId: string
  campaignId: string
  stats: CampaignStats
}

/** campaign.opt_out: a reply opted a number out. */
export interface CampaignOptOutEvent {
  kind: 'opt_out'
  accountId: string
  optOut: OptOut
  instanceId: string
}

export type CampaignEvent = CampaignStatusEvent | CampaignProgressEvent | CampaignOptOutEvent

// ---------------------------------------------------------------- defaults

export const DEFAULT_PACING: Pacing = { minDelayMs: 8_000, maxDelayMs: 25_000, dailyCapPerNumber: 200, warmup: true }
export const DEFAULT_AUTOPILOT: AutopilotRules = { window: 50, maxFailureRate: 0.2, maxOptOutRate: 0.1, minSample: 20 }
export const DEFAULT_OPT_OUT_SETTINGS: OptOutSettings = {
  keywords: [],
  builtIn: true,
  confirmation: "You won't receive more messages from us. Reply START to subscribe again."
}
