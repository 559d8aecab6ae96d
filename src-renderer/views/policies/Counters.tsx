// Live counters of the instance against its policy, each saying what it counts: messages that already left (this
// minute, today: the daily reset in local time with the zone) and those accepted but still waiting (not counted
// above until they leave), with when the waiting ones go (the queue's own ETAs) and the protection after connecting.
import type { PoliciesDto } from '../../../src-preload/contract/dto.js'
import { useNow } from '../../components/use-now.js'
import { formatClock, secondsLeft } from '../../lib/format.js'
import { lastGoesAt, seconds } from '../../lib/queue-words.js'
import { timeWithZone } from '../../lib/time-zone.js'
import { coreNow, useQueueStore } from '../../stores/queue-store.js'

/** "limit 8" or "no limit": a phrase, never "limit No limit". */
const bound = (value: number | null | undefined, word: string, none: string): string => (value === null || value === undefined ? none : `${word} ${value.toLocaleString()}`)

export function Counters({ dto }: { dto: PoliciesDto }) {
  const now = useNow(1_000)
  const queue = useQueueStore((s) => s.info[dto.instanceId])
  const policy = dto.policies.find((p) => p.slug === dto.current)
  const c = dto.counters
  const protection = c.protectionUntil && c.protectionUntil > now ? secondsLeft(c.protectionUntil, now) : 0
  const perMinute = policy?.limits.send_message_per_minute ?? null
  const spacing = perMinute && perMinute > 0 ? `${seconds(60_000 / perMinute)} s` : null
  const name = policy?.name ?? dto.current

  const waitingHint = (): string => {
    const n = c.queueLength ?? 0
    if (!n) return 'Accepted messages that have not left yet: none now.'
    const parts = ['Accepted, not sent yet (not in the counts beside until they leave).']
    if (queue && queue.dto.status !== 'WORKING') parts.push(`The instance is ${queue.dto.status}: they wait for it to be WORKING.`)
    else if (protection && c.protectionUntil) parts.push(`They start at ${formatClock(c.protectionUntil)}, after the protection${spacing ? `, then one every ${spacing}` : ''}.`)
    else if (spacing) parts.push(`They go one every ${spacing} (${name}).`)
    const last = queue ? lastGoesAt(queue.dto) : null
    if (last && queue && last > coreNow(queue, now)) parts.push(`The last goes at about ${formatClock(last)}.`)
    return parts.join(' ')
  }

  return (
    <div className="counters" aria-label="Live counters">
      <div className="counter">
        <span className="counter-value" data-testid="sent-minute">{c.sentLastMinute ?? '—'}</span>
        <span className="counter-label">sent this minute ({bound(perMinute, 'limit', 'no limit')})</span>
        <span className="counter-hint">Messages that left in the last 60 s{spacing ? `; ${name} lets one go every ${spacing}` : ''}.</span>
      </div>
      <div className="counter">
        <span className="counter-value" data-testid="sent-today">{c.sentToday}</span>
        <span className="counter-label">sent today ({bound(policy?.limits.send_message_daily_cap, 'daily cap', 'no daily cap')})</span>
        <span className="counter-hint" data-testid="daily-reset">
          Since local midnight{c.resetsAt ? `; resets at ${timeWithZone(c.resetsAt)}` : ''}.
        </span>
      </div>
      <div className="counter">
        <span className="counter-value" data-testid="queue-length">{c.queueLength ?? '—'}</span>
        <span className="counter-label">waiting in the send queue</span>
        <span className="counter-hint" data-testid="waiting-hint">{waitingHint()}</span>
      </div>
      {protection ? <p className="note note-info">Account protection: sends wait {protection} s more after connecting.</p> : null}
    </div>
  )
}
