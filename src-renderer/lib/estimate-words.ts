// A campaign's estimate in the UI's language (issue 20 item 12): the core's EstimateDto carries the English
// sentence for API clients and the numbers behind it; the renderer words "≈ 3 h 20 min, ends Tue 14:10" from
// durationMs, endsAt and the schedule's time zone, with the locale's weekday, clock and digits.
import type { EstimateDto } from '../../src-preload/contract/campaigns-dto.js'
import { formatLocale, t } from '../i18n/index.js'
import { formatNumber } from './format.js'

const MINUTE = 60_000

/** "3 h 20 min", "45 min", "2 d 4 h" in the locale's units (the same rounding as the core's estimate). */
export function durationWords(ms: number): string {
  const min = Math.max(1, Math.round(ms / MINUTE))
  if (min < 60) return t('coreWords.duration.min', { m: formatNumber(min) })
  const h = Math.floor(min / 60)
  if (h < 48) return min % 60 ? t('coreWords.duration.hMin', { h: formatNumber(h), m: formatNumber(min % 60) }) : t('coreWords.duration.h', { h: formatNumber(h) })
  return t('coreWords.duration.dH', { d: formatNumber(Math.floor(h / 24)), h: formatNumber(h % 24) })
}

/** The end as weekday and time in the schedule's zone ("Tue 14:10", "ter. 14:10"); the browser's zone if Intl does not know it. */
export function endsWords(at: number, timeZone: string | undefined): string {
  const options: Intl.DateTimeFormatOptions = { weekday: 'short', hour: 'numeric', minute: '2-digit' }
  try {
    return new Intl.DateTimeFormat(formatLocale(), { ...options, timeZone }).format(at).replace(',', '')
  } catch {
    return new Intl.DateTimeFormat(formatLocale(), options).format(at).replace(',', '')
  }
}

/** "≈ 3 h 20 min, ends Tue 14:10", or that nothing is left to send. */
export function estimateWords(e: EstimateDto): string {
  if (e.recipients === 0) return t('coreWords.estimate.none')
  return t('coreWords.estimate.text', { duration: durationWords(e.durationMs), ends: endsWords(e.endsAt, e.timeZone) })
}
