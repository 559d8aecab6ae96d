// How long a campaign will take: each instance sends its share one after another, spaced by the larger of the
// random delay's mean and the policy's per-minute spacing, at most its daily cap per day (in the schedule's zone),
// only inside the window. Instances run in parallel: the campaign ends with its slowest instance.
import type { CampaignEstimate, Schedule } from './campaign-types.js'
import { duration, nextClosing, nextOpening, shortWhen, wallTime } from './schedule.js'

export interface InstanceShare {
  remaining: number
  /** Milliseconds between two sends (the pacing's mean delay or the policy's spacing, whichever is longer). */
  spacingMs: number
  limitedBy: 'pacing' | 'policy'
  /** Campaign sends this instance may make per day (null = none), and how many it made today already. */
  dailyCap: number | null
  sentToday: number
}

const DAY = 24 * 60 * 60_000

/** When one instance would finish its share, walking windows and days. */
function finishOf(share: InstanceShare, start: number, schedule: Schedule): { at: number; capped: boolean; windowed: boolean } {
  let t = start
  let left = share.remaining
  let capped = false
  let windowed = false
  let usedToday = share.sentToday
  let today = wallTime(t, schedule.timeZone).day
  for (let guard = 0; left > 0 && guard < 10_000; guard++) {
    const open = nextOpening(schedule.window, t, schedule.timeZone)
    if (open === null) return { at: Number.POSITIVE_INFINITY, capped, windowed: true }
    if (open > t) windowed = true
    t = open
    const day = wallTime(t, schedule.timeZone).day
    if (day !== today) {
      today = day
      usedToday = 0
    }
    const capLeft = share.dailyCap === null ? Number.POSITIVE_INFINITY : share.dailyCap - usedToday
    const closeAt = Math.min(nextClosing(schedule.window, t, schedule.timeZone), nextMidnight(t, schedule.timeZone))
    const fit = Math.max(1, Math.floor((closeAt - t) / share.spacingMs))
    const n = Math.min(left, capLeft, fit)
    if (n <= 0) {
      capped = true
      t = nextMidnight(t, schedule.timeZone)
      continue
    }
    left -= n
    usedToday += n
    t += n * share.spacingMs
    if (left > 0 && n === capLeft) {
      capped = true
      t = nextMidnight(t, schedule.timeZone)
    }
  }
  return { at: t, capped, windowed }
}

/** The next local midnight in the zone (minute precision). */
function nextMidnight(at: number, timeZone: string): number {
  const w = wallTime(at, timeZone)
  return Math.floor(at / 60_000) * 60_000 + (24 * 60 - w.minutes) * 60_000
}

export function estimateCampaign(shares: InstanceShare[], schedule: Schedule, now: number): CampaignEstimate {
  const start = Math.max(now, schedule.startAt ?? now)
  const remaining = shares.reduce((n, s) => n + s.remaining, 0)
  let endsAt = start
  let limitedBy: CampaignEstimate['limitedBy'] = 'pacing'
  for (const s of shares) {
    if (!s.remaining) continue
    const f = finishOf(s, start, schedule)
    if (f.at >= endsAt) {
      endsAt = f.at
      limitedBy = f.capped ? 'daily_cap' : f.windowed ? 'window' : s.limitedBy
    }
  }
  if (!Number.isFinite(endsAt)) endsAt = start + 365 * DAY
  const durationMs = endsAt - now
  const text = remaining ? `≈ ${duration(durationMs)}, ends ${shortWhen(endsAt, schedule.timeZone)}` : 'nothing left to send'
  return { remaining, durationMs, endsAt, text, limitedBy, timeZone: schedule.timeZone }
}
