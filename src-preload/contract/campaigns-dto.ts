// What the Campaigns view sees of campaigns, contact lists, templates, audience checks, estimates, recipients and
// opt-outs. The bridge handler maps the campaign service's domain types to these. PURE: types only.

export type CampaignStatus = 'draft' | 'scheduled' | 'running' | 'paused' | 'completed' | 'cancelled'
export type RecipientState = 'pending' | 'skipped' | 'queued' | 'sent' | 'delivered' | 'read' | 'replied' | 'failed' | 'opted_out'
export const RECIPIENT_STATES: readonly RecipientState[] = ['pending', 'skipped', 'queued', 'sent', 'delivered', 'read', 'replied', 'failed', 'opted_out']

/** A rejected CSV row: its line number in the file and why (never dropped silently). */
export interface RejectedRowDto {
  line: number
  reason: string
  /** The cell that was read as the phone, when there was one. */
  value?: string | null
}

export interface ContactListDto {
  id: string
  name: string
  /** Contacts kept (after duplicates merged). */
  contacts: number
  duplicatesMerged: number
  rejected: RejectedRowDto[]
  /** Rejected rows in all (`rejected` may hold only the first ones). */
  rejectedCount: number
  /** Variables a template may use ({{name}}): the mapped columns. */
  variables: string[]
  createdAt: number
}

export interface TemplateDto {
  text: string
  /** Appended as its own line ("Reply STOP to opt out"), null for none. */
  footer: string | null
  mediaUrl: string | null
  /**
   * An uploaded file sent instead of a URL (the text is its caption). Sent with `data` (base64) when chosen; the
   * campaign answers it without `data`, and sending it back without `data` keeps the stored file.
   */
  mediaFile?: MediaFileDto | null
}

export interface MediaFileDto {
  filename: string
  mimetype: string
  /** The file's size. */
  bytes: number
  /** Base64 of the file (only on the way in). */
  data?: string
}

/** One message as a recipient of the list would receive it. */
export interface PreviewSampleDto {
  phone: string
  variables: Record<string, string>
  text: string
}

export interface AudienceDto {
  campaignId: string
  total: number
  checked: number
  onWhatsApp: number
  notOnWhatsApp: number
  optedOut: number
  /** Not checked yet (the policy's daily check cap is spent): checked before their turn to be sent. */
  unchecked: number
  /**
   * The check still runs (the policy allows only so many checks a minute): the counts are not in yet; ask again to
   * follow it. The check goes on meanwhile; the campaign can start before it ends.
   */
  checking: boolean
}

export interface SendWindowDto {
  /** 0 = Sunday … 6 = Saturday. */
  days: number[]
  /** "HH:MM" in the schedule's time zone, [from, to). */
  from: string
  to: string
}

export interface ScheduleDto {
  /** Epoch ms; null = as soon as started. */
  startAt: number | null
  timeZone: string
  /** null = any time. */
  window: SendWindowDto | null
}

export interface PacingDto {
  minDelaySeconds: number
  maxDelaySeconds: number
  /** Campaign messages per number per day; null = the policy's cap only. */
  dailyCapPerNumber: number | null
  /** Start low on recently paired numbers and ramp up. */
  warmUp: boolean
}

export interface EstimateDto {
  /** Recipients still to send. */
  recipients: number
  durationMs: number
  /** When the last message goes, given the window and pacing. */
  endsAt: number
  /** "≈ 3 h 20 min, ends Tue 14:10" (in the schedule's time zone), English: the renderer words the estimate from
   *  recipients, durationMs, endsAt and timeZone in the UI's language (lib/estimate-words.ts). */
  text: string
  /** What sets the pace: pacing, policy, daily_cap or window. */
  limitedBy: string
  /** The schedule's IANA time zone: the end is told in it. */
  timeZone: string
}

export interface CampaignPauseDto {
  /** A stable code: manual, deliverability, failure_rate, opt_out_rate, instance_not_working, queue_purged, daily_cap. */
  code: string
  /** The reason in words. */
  text: string
  since: number
  /** Resumes by itself once the cause clears. */
  autoResume: boolean
}

export interface CampaignSummaryDto {
  id: string
  name: string
  status: CampaignStatus
  pause: CampaignPauseDto | null
  total: number
  counts: Record<RecipientState, number>
  instanceIds: string[]
  createdAt: number
  startedAt: number | null
  finishedAt: number | null
  /** While outside the sending window: when it opens again. */
  nextWindowAt: number | null
}

export interface SendsPerHourDto {
  /** Start of the hour, epoch ms. */
  hour: number
  sent: number
}

export interface CampaignDto extends CampaignSummaryDto {
  listId: string
  listName: string
  /** The list's variables, for the template's insert buttons. */
  listVariables: string[]
  template: TemplateDto
  schedule: ScheduleDto
  pacing: PacingDto
  sendsPerHour: SendsPerHourDto[]
  estimate: EstimateDto | null
}

export interface RecipientDto {
  phone: string
  state: RecipientState
  /** Why skipped or failed, in words. */
  reason: string | null
  instanceId: string | null
  updatedAt: number
}

export interface RecipientsPageDto {
  campaignId: string
  recipients: RecipientDto[]
  total: number
  hasMore: boolean
}

export interface CsvExportDto {
  filename: string
  csv: string
}

/** The opt-out keyword settings: which replies opt a number out, and the one confirmation sent after. */
export interface OptOutSettingsDto {
  /** The account's own keywords (whole reply, case and accents ignored). */
  keywords: string[]
  /** Whether the built-in words apply (STOP, UNSUBSCRIBE, BAJA, SAIR, ARRÊT, ABMELDEN, BASTA, BERHENTI…). */
  builtIn: boolean
  /** The built-in words, by language, to show. */
  builtInKeywords: Record<string, string[]>
  /** null = no confirmation is sent. */
  confirmation: string | null
}

export interface OptOutImportDto {
  added: number
  rejected: number
  optOuts: OptOutDto[]
}

export interface OptOutDto {
  phone: string
  /** keyword (the person replied STOP), manual, import, api. */
  source: string
  at: number
}
