// A campaign's estimate in the UI's language (issue 20 item 12): the core's EstimateDto carries the English
// sentence for API clients and the numbers behind it; the renderer words "≈ 3 h 20 min, ends Tue 14:10" from
// durationMs (formatDuration, the UI's one duration wording), endsAt and the schedule's time zone, with the
// locale's weekday, clock and digits.
import type { EstimateDto } from '../../src-preload/contract/campaigns-dto.js'
import { t } from '../i18n/index.js'
import { dateFormat, formatDuration } from './format.js'

const ENDS: Intl.DateTimeFormatOptions = { weekday: 'short', hour: 'numeric', minute: '2-digit' }

/** The end as weekday and time in the schedule's zone ("Tue 14:10", "ter. 14:10"); the browser's zone if Intl does not know it. */
export function endsWords(at: number, timeZone: string | undefined): string {
  let format: Intl.DateTimeFormat
  try {
    format = dateFormat(timeZone ? { ...ENDS, timeZone } : ENDS)
  } catch {
    format = dateFormat(ENDS)
  }
  return format.format(at).replace(',', '')
}

/** "≈ 3 h 20 min, ends Tue 14:10", or that nothing is left to send. */
export function estimateWords(e: EstimateDto): string {
  if (e.recipients === 0) return t('coreWords.estimate.none')
  return t('coreWords.estimate.text', { duration: formatDuration(e.durationMs, 'minute'), ends: endsWords(e.endsAt, e.timeZone) })
}
