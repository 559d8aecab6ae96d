// Small display helpers: times, durations, phone numbers, pairing codes, limits. Dates, times, durations and numbers
// are formatted for the UI's locale (i18n/index.ts: the browser's own tag when it is a variant of the UI language).
import { formatLocale, t } from '../i18n/index.js'

// One Intl formatter per locale and options, made once: toLocale*String(locale, options) builds a new one on every
// call (about a millisecond each in Chromium), and a chat list or thread formats a time per row on every frame of a
// scroll (bench -- ui: most of the scroll's script time before this).
const dateFormats = new Map<string, Intl.DateTimeFormat>()
const numberFormats = new Map<string, Intl.NumberFormat>()

/** The cached formatter for these options in the UI's locale (throws RangeError for a time zone Intl does not know). */
export function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = formatLocale()
  const key = `${locale} ${JSON.stringify(options)}`
  let f = dateFormats.get(key)
  if (!f) dateFormats.set(key, (f = new Intl.DateTimeFormat(locale, options)))
  return f
}

function numberFormat(options: Intl.NumberFormatOptions | undefined): Intl.NumberFormat {
  const locale = formatLocale()
  const key = options ? `${locale} ${JSON.stringify(options)}` : locale
  let f = numberFormats.get(key)
  if (!f) numberFormats.set(key, (f = new Intl.NumberFormat(locale, options)))
  return f
}

const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' }
const CLOCK: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', second: '2-digit' }
const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'short', timeStyle: 'medium' }
const DATE: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }
/** What toLocaleDateString() shows without options. */
const SHORT_DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'numeric', day: 'numeric' }

export const formatTime = (ms: number): string => dateFormat(TIME).format(ms)

/** Hours, minutes and seconds (retries come seconds apart). */
export const formatClock = (ms: number): string => dateFormat(CLOCK).format(ms)

export const formatDateTime = (ms: number): string => dateFormat(DATE_TIME).format(ms)

/** Whole seconds left until `at` (never negative). */
export const secondsLeft = (at: number, now: number): number => Math.max(0, Math.ceil((at - now) / 1000))

/**
 * The smallest unit a duration shows: 'millisecond' words less than a second in ms and less than a minute to a
 * tenth of a second (retry waits, message spacing); 'minute' rounds to whole minutes, at least one (the core's
 * estimate rounding).
 */
export type DurationPrecision = 'millisecond' | 'second' | 'minute'

const SECOND = 1000
const MINUTE = 60 * SECOND

/**
 * A span of time in the UI's language, in its two largest units: "450 ms", "7.5 s", "2 min 5 s", "3 h 20 min",
 * "2 d 4 h" — the one duration wording of countdowns, ages, retry waits and the campaign estimate. The units are
 * the locales' coreWords.duration keys (en.ts holds the core's units: campaign-units.test.ts), the digits the
 * locale's (cached formatters). Not Intl: DurationFormat is missing from Node 20 and older browsers, and
 * NumberFormat's English units ("3 hr", "5 sec", "2 days") are not the ones the core's estimate text uses.
 */
export function formatDuration(ms: number, precision: DurationPrecision = 'second'): string {
  const n = (v: number) => formatNumber(v)
  if (precision === 'millisecond') {
    const whole = Math.max(0, Math.round(ms))
    if (whole < SECOND) return t('coreWords.duration.ms', { ms: n(whole) })
    const tenths = Math.round(ms / 100) / 10
    if (tenths < 60) return t('coreWords.duration.s', { s: n(tenths) })
  }
  if (precision !== 'minute') {
    const s = Math.max(0, Math.round(ms / SECOND))
    if (s < 60) return t('coreWords.duration.s', { s: n(s) })
    if (s < 3600) return s % 60 ? t('coreWords.duration.minS', { m: n(Math.floor(s / 60)), s: n(s % 60) }) : t('coreWords.duration.min', { m: n(s / 60) })
  }
  const min = Math.max(1, Math.round(ms / MINUTE))
  if (min < 60) return t('coreWords.duration.min', { m: n(min) })
  const h = Math.floor(min / 60)
  if (h < 48) return min % 60 ? t('coreWords.duration.hMin', { h: n(h), m: n(min % 60) }) : t('coreWords.duration.h', { h: n(h) })
  return t('coreWords.duration.dH', { d: n(Math.floor(h / 24)), h: n(h % 24) })
}

const KB: Intl.NumberFormatOptions = { style: 'unit', unit: 'kilobyte', unitDisplay: 'short', maximumFractionDigits: 0 }
const MB: Intl.NumberFormatOptions = { style: 'unit', unit: 'megabyte', unitDisplay: 'short', minimumFractionDigits: 1, maximumFractionDigits: 1 }

/** A file's size in the locale's digits and units: "512 kB", "1.5 MB" · "1,5 MB", "16.0 MB" (at least 1 kB; 1 kB = 1,024 bytes). */
export function formatFileSize(bytes: number): string {
  return bytes < 1024 * 1024 ? numberFormat(KB).format(Math.max(1, Math.round(bytes / 1024))) : numberFormat(MB).format(bytes / (1024 * 1024))
}

/** Pairing codes are 8 characters, shown as XXXX-XXXX. */
export function formatPairingCode(code: string): string {
  const c = code.replace(/[^A-Za-z0-9]/g, '').toUpperCase()
  return c.length === 8 ? `${c.slice(0, 4)}-${c.slice(4)}` : code
}

/** A count or amount with the locale's digit grouping (1,234 · 1.234 · 1 234). */
export const formatNumber = (value: number, options?: Intl.NumberFormatOptions): string => numberFormat(options).format(value)

/** A calendar date in the locale's words ("Nov 26, 2026", "26 de nov. de 2026"). */
export const formatDate = (ms: number): string => dateFormat(DATE).format(ms)

/** A short calendar date (what toLocaleDateString() shows), in the UI's locale. */
export const formatShortDate = (ms: number): string => dateFormat(SHORT_DATE).format(ms)

/** A count limit, or "No limit" (a limit in seconds is a duration: formatDuration). */
export const formatLimit = (value: number | null): string => (value === null ? t('format.noLimit') : formatNumber(value))
