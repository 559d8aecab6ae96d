// Campaign states, recipient states, the funnel and times in words for the Campaigns view. PURE apart from
// the runtime's locale and time zone.
import { parsePhoneNumberFromString } from 'libphonenumber-js/min'
import type { CampaignStatus, RecipientState } from '../../src-preload/contract/campaigns-dto.js'

export const CAMPAIGN_STATUS_LABEL: Record<CampaignStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  running: 'Sending',
  paused: 'Paused',
  completed: 'Completed',
  cancelled: 'Cancelled'
}

export const RECIPIENT_STATE_LABEL: Record<RecipientState, string> = {
  pending: 'Waiting',
  skipped: 'Skipped',
  queued: 'Queued',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
  replied: 'Replied',
  failed: 'Failed',
  opted_out: 'Opted out'
}

/** Recipients whose turn is over (sent on, skipped, failed, opted out): what the progress bar counts. */
export function doneCount(counts: Record<RecipientState, number>): number {
  return counts.skipped + counts.sent + counts.delivered + counts.read + counts.replied + counts.failed + counts.opted_out
}

/** The funnel, each step counting everyone who got at least that far. */
export function funnel(total: number, c: Record<RecipientState, number>): { key: string; label: string; value: number }[] {
  const replied = c.replied
  const read = replied + c.read
  const delivered = read + c.delivered
  const sent = delivered + c.sent
  return [
    { key: 'recipients', label: 'Recipients', value: total },
    { key: 'sent', label: 'Sent', value: sent },
    { key: 'delivered', label: 'Delivered', value: delivered },
    { key: 'read', label: 'Read', value: read },
    { key: 'replied', label: 'Replied', value: replied }
  ]
}

/** "Tue 14:10" within a week, else "12 Mar 14:10". */
export function whenWords(at: number, now = Date.now()): string {
  const date = new Date(at)
  const time = date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })
  if (Math.abs(at - now) < 6 * 86_400_000) return `${date.toLocaleDateString([], { weekday: 'short' })} ${time}`
  return `${date.toLocaleDateString([], { day: 'numeric', month: 'short' })} ${time}`
}

export const percent = (part: number, whole: number): number => (whole > 0 ? Math.round((part / whole) * 100) : 0)

export const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const

/** Why a recipient was skipped or failed, in words (the core's codes; an unknown one read as words). */
const REASON_WORDS: Record<string, string> = {
  not_on_whatsapp: 'Not on WhatsApp: never messaged',
  opted_out: 'Opted out: never messaged',
  cancelled: 'The campaign was cancelled before their turn',
  send_failed: 'The send failed',
  send_interrupted: 'The send was interrupted (restart or crash) and not repeated, so nobody gets it twice',
  refused_by_network: 'WhatsApp refused the message',
  blocked: 'They blocked the number',
  missing_variable: 'A variable of the message had no value for them'
}
export const reasonWords = (reason: string): string => REASON_WORDS[reason] ?? reason.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase())

/** Digits with the country code as that country writes them internationally (+34 612 00 00 02). */
export function phoneWords(digits: string): string {
  if (!/^\d{4,15}$/.test(digits)) return digits
  return parsePhoneNumberFromString(`+${digits}`)?.formatInternational() ?? `+${digits}`
}
