// Calendar days in the machine's local time zone (daily caps are calendar windows, not rolling 24 h).
// JavaScript's local-time Date arithmetic handles DST days (23 h / 25 h) for us.

const pad = (n: number) => String(n).padStart(2, '0')

/** "YYYY-MM-DD" of the local day containing `ms`. */
export function localDayKey(ms: number): string {
  const d = new Date(ms)
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}

/** First instant of the local day after the one containing `ms` (when daily caps reset). */
export function nextLocalMidnight(ms: number): number {
  const d = new Date(ms)
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1).getTime()
}
