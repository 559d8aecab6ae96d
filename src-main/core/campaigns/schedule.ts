// Sending windows in a time zone: is an instant inside the window (days of the week, hours [from, to) in the
// schedule's IANA zone), and when does it open next. Minute precision; daylight-saving changes are handled by
// asking Intl for the wall time of each candidate instant.
import type { Schedule, SendWindow } from './campaign-types.js'
import { campaignErrors } from './errors.js'

const HHMM = /^([01]\d|2[0-4]):([0-5]\d)$/
const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 }
const formats = new Map<string, Intl.DateTimeFormat>()

function format(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    formats.set(timeZone, f)
  }
  return f
}

export interface WallTime {
  day: number
  minutes: number
}

export function wallTime(at: number, timeZone: string): WallTime {
  const parts = format(timeZone).formatToParts(at)
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '0'
  return { day: WEEKDAYS[get('weekday')] ?? 0, minutes: Number(get('hour')) * 60 + Number(get('minute')) }
}

export function isTimeZone(tz: string): boolean {
  try {
    format(tz)
    return true
  } catch {
    return false
  }
}

const minutesOf = (hhmm: string) => {
  const m = HHMM.exec(hhmm)!
  return Number(m[1]) * 60 + Number(m[2])
}

export function validateSchedule(s: Schedule): void {
  if (!isTimeZone(s.timeZone)) throw campaignErrors.invalidCampaign('schedule.timeZone', `"${s.timeZone}" is not an IANA time zone (e.g. America/Mexico_City)`)
  if (s.startAt !== null && !Number.isFinite(s.startAt)) throw campaignErrors.invalidCampaign('schedule.startAt', 'expected a time')
  const w = s.window
  if (!w) return
  if (!w.days.length || w.days.some((d) => !Number.isInteger(d) || d < 0 || d > 6)) throw campaignErrors.invalidCampaign('schedule.window.days', 'expected days 0 (Sunday) to 6 (Saturday), at least one')
  for (const [k, v] of [['from', w.from], ['to', w.to]] as const) if (!HHMM.test(v)) throw campaignErrors.invalidCampaign(`schedule.window.${k}`, `expected HH:MM, got "${v}"`)
  if (minutesOf(w.from) >= minutesOf(w.to)) throw campaignErrors.invalidCampaign('schedule.window', 'from must be before to (windows over midnight: use two days)')
}

export function inWindow(window: SendWindow | null, at: number, timeZone: string): boolean {
  if (!window) return true
  const t = wallTime(at, timeZone)
  return window.days.includes(t.day) && t.minutes >= minutesOf(window.from) && t.minutes < minutesOf(window.to)
}

const MINUTE = 60_000

/** Minutes from `at` (wall time in the zone) to the next opening: computed from the wall clock, not by stepping. */
function minutesToOpening(window: SendWindow, at: number, timeZone: string): number | null {
  const w = wallTime(at, timeZone)
  const from = minutesOf(window.from)
  for (let d = 0; d <= 7; d++) {
    if (!window.days.includes((w.day + d) % 7)) continue
    const delta = d * 24 * 60 + from - w.minutes
    if (delta > 0) return delta
  }
  return null
}

/** The first instant >= at inside the window (at itself when open); null when none (cannot happen for a valid window). */
export function nextOpening(window: SendWindow | null, at: number, timeZone: string): number | null {
  if (inWindow(window, at, timeZone)) return at
  const delta = minutesToOpening(window!, at, timeZone)
  if (delta === null) return null
  // Whole minutes of wall time; a daylight-saving change on the way moves it by up to an hour: settle by minutes.
  let t = Math.floor(at / MINUTE) * MINUTE + delta * MINUTE
  for (let i = 0; i < 120 && !inWindow(window, t, timeZone); i++) t += MINUTE
  return t
}

/** The first instant > at outside the window (when an open window closes). */
export function nextClosing(window: SendWindow | null, at: number, timeZone: string): number {
  if (!window) return Number.POSITIVE_INFINITY
  if (!inWindow(window, at, timeZone)) return at
  const w = wallTime(at, timeZone)
  let t = Math.floor(at / MINUTE) * MINUTE + (minutesOf(window.to) - w.minutes) * MINUTE
  // Back-to-back days (to 24:00, from 00:00) or a daylight-saving change: walk on while still open.
  for (let i = 0; i < 8 * 24 * 60 && inWindow(window, t, timeZone); i++) t += MINUTE
  return t
}

/** "Tue 14:10" in the zone. */
export function shortWhen(at: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at).replace(',', '')
}

/** "3 h 20 min", "45 min", "2 d 4 h". */
export function duration(ms: number): string {
  const min = Math.max(1, Math.round(ms / MINUTE))
  if (min < 60) return `${min} min`
  const h = Math.floor(min / 60)
  if (h < 48) return min % 60 ? `${h} h ${min % 60} min` : `${h} h`
  return `${Math.floor(h / 24)} d ${h % 24} h`
}
