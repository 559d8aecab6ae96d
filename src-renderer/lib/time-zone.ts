// A local time with its zone, for times that depend on where the PC is (the daily cap resets at local midnight):
// "00:00 Europe/Berlin (UTC+1)". PURE apart from the runtime's time zone; the clock in the UI's locale.
import { formatLocale } from '../i18n/index.js'

/** "UTC+1", "UTC+5:30", "UTC-3", "UTC" for the zone's offset at `at`. */
export function utcOffset(at: number): string {
  const minutes = -new Date(at).getTimezoneOffset()
  if (minutes === 0) return 'UTC'
  const sign = minutes > 0 ? '+' : '-'
  const abs = Math.abs(minutes)
  const h = Math.floor(abs / 60)
  const m = abs % 60
  return `UTC${sign}${h}${m ? `:${String(m).padStart(2, '0')}` : ''}`
}

/** "00:00 Europe/Berlin (UTC+1)": the local time of `at`, the zone's name when the runtime knows it, and the offset. */
export function timeWithZone(at: number): string {
  // A formatter made here, not format.ts's cached one: it reads the runtime's zone now (the zone is the point).
  const time = new Intl.DateTimeFormat(formatLocale(), { hour: '2-digit', minute: '2-digit' }).format(at)
  let zone = ''
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone ?? ''
  } catch {
    // no Intl zone data: the offset alone
  }
  const offset = utcOffset(at)
  // "00:00 UTC", not "00:00 Etc/UTC (UTC)".
  if (!zone || /^(Etc\/)?(UTC|GMT|Universal|Zulu)$/.test(zone)) return offset === 'UTC' ? `${time} UTC` : `${time} (${offset})`
  return `${time} ${zone} (${offset})`
}
