// Campaign states, recipient states, the funnel and times in words for the Campaigns view. PURE apart from
// the runtime's locale and time zone.
import { parsePhoneNumberFromString } from 'libphonenumber-js/min'
import type { CampaignPauseDto, CampaignStatus, RecipientState } from '../../src-preload/contract/campaigns-dto.js'
import { i18n, t } from '../i18n/index.js'
import { dateFormat, formatTime } from './format.js'

/** A campaign's state in the UI's language. */
export const campaignStatusLabel = (status: CampaignStatus): string => t(`campaigns.status.${status}`)

/** A recipient's state in the UI's language. */
export const recipientStateLabel = (state: RecipientState): string => t(`campaigns.state.${state}`)

const PAUSE_CODES = new Set(['manual', 'deliverability', 'failure_rate', 'opt_out_rate', 'instance_not_working', 'queue_purged', 'daily_cap'])

/**
 * Why a campaign is paused: the core's sentence in English (it names the number and the figures), the locale's
 * words for a known code in another language, the core's sentence for a code the locales do not know yet.
 */
export const pauseWords = (pause: Pick<CampaignPauseDto, 'code' | 'text'>): string =>
  i18n.language !== 'en' && PAUSE_CODES.has(pause.code) ? t(`localized.pause.${pause.code}`) : pause.text

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
    { key: 'recipients', label: t('campaigns.funnelStep.recipients'), value: total },
    { key: 'sent', label: t('campaigns.funnelStep.sent'), value: sent },
    { key: 'delivered', label: t('campaigns.funnelStep.delivered'), value: delivered },
    { key: 'read', label: t('campaigns.funnelStep.read'), value: read },
    { key: 'replied', label: t('campaigns.funnelStep.replied'), value: replied }
  ]
}

const WEEKDAY: Intl.DateTimeFormatOptions = { weekday: 'short' }
const DAY_MONTH: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short' }

/** "Tue 14:10" within a week, else "12 Mar 14:10", in the UI's locale (not the browser's: "ter. 14:10" in Portuguese). */
export function whenWords(at: number, now = Date.now()): string {
  // format.ts's cached formatters: the opt-out list words a time per row.
  const time = formatTime(at)
  const day = dateFormat(Math.abs(at - now) < 6 * 86_400_000 ? WEEKDAY : DAY_MONTH).format(at)
  return `${day} ${time}`
}


export const percent = (part: number, whole: number): number => (whole > 0 ? Math.round((part / whole) * 100) : 0)

/** A weekday (0 Sunday … 6 Saturday), short, in the UI's language. */
export const dayName = (day: number): string => t(`campaigns.day.${day}`)

/** Why a recipient was skipped or failed, in words (the core's codes; an unknown one read as words). */
const REASONS = new Set(['not_on_whatsapp', 'opted_out', 'cancelled', 'send_failed', 'send_interrupted', 'refused_by_network', 'blocked', 'missing_variable'])
export const reasonWords = (reason: string): string => (REASONS.has(reason) ? t(`campaigns.reason.${reason}`) : reason.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase()))

/** Digits with the country code as that country writes them internationally (+34 612 00 00 02). */
export function phoneWords(digits: string): string {
  if (!/^\d{4,15}$/.test(digits)) return digits
  return parsePhoneNumberFromString(`+${digits}`)?.formatInternational() ?? `+${digits}`
}
