// Live counters of the instance against its policy: sent in the last minute, today, queued, protection.
import type { PoliciesDto } from '../../../src-preload/contract/dto.js'
import { useNow } from '../../components/use-now.js'
import { formatTime, secondsLeft } from '../../lib/format.js'

/** "limit 8" or "no limit": a phrase, never "limit No limit". */
const bound = (value: number | null | undefined, word: string, none: string): string => (value === null || value === undefined ? none : `${word} ${value.toLocaleString()}`)

export function Counters({ dto }: { dto: PoliciesDto }) {
  const now = useNow(1_000)
  const policy = dto.policies.find((p) => p.slug === dto.current)
  const c = dto.counters
  const protection = c.protectionUntil && c.protectionUntil > now ? secondsLeft(c.protectionUntil, now) : 0
  return (
    <div className="counters" aria-label="Live counters">
      <div className="counter">
        <span className="counter-value" data-testid="sent-minute">{c.sentLastMinute ?? '—'}</span>
        <span className="counter-label">sent this minute ({bound(policy?.limits.send_message_per_minute, 'limit', 'no limit')})</span>
      </div>
      <div className="counter">
        <span className="counter-value" data-testid="sent-today">{c.sentToday}</span>
        <span className="counter-label">
          sent today ({bound(policy?.limits.send_message_daily_cap, 'daily cap', 'no daily cap')}){c.resetsAt ? `, resets ${formatTime(c.resetsAt)}` : ''}
        </span>
      </div>
      <div className="counter">
        <span className="counter-value" data-testid="queue-length">{c.queueLength ?? '—'}</span>
        <span className="counter-label">waiting in the send queue</span>
      </div>
      {protection ? <p className="note note-info">Account protection: sends wait {protection} s more after connecting.</p> : null}
    </div>
  )
}
