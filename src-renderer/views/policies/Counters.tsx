// Live counters of the instance against its policy, each saying what it counts: messages that already left (this
// minute, today: the daily reset in local time with the zone) and those accepted but still waiting (not counted
// above until they leave), with when the waiting ones go (the queue's own ETAs) and the protection after connecting.
import { useTranslation } from 'react-i18next'
import type { PoliciesDto } from '../../../src-preload/contract/dto.js'
import { useNow } from '../../components/use-now.js'
import { formatClock, formatDuration, formatNumber, secondsLeft } from '../../lib/format.js'
import { lastGoesAt } from '../../lib/queue-words.js'
import { timeWithZone } from '../../lib/time-zone.js'
import { coreNow, useQueueStore } from '../../stores/queue-store.js'
import { policyName } from '../../lib/policy-words.js'


export function Counters({ dto }: { dto: PoliciesDto }) {
  const { t } = useTranslation()
  /** "limit 8" or "no limit": a phrase, never "limit No limit". */
  const bound = (value: number | null | undefined, word: string, none: string): string => (value === null || value === undefined ? t(none) : t(word, { n: formatNumber(value) }))
  const now = useNow(1_000)
  const queue = useQueueStore((s) => s.info[dto.instanceId])
  const policy = dto.policies.find((p) => p.slug === dto.current)
  const c = dto.counters
  const protection = c.protectionUntil && c.protectionUntil > now ? secondsLeft(c.protectionUntil, now) : 0
  const perMinute = policy?.limits.send_message_per_minute ?? null
  const spacing = perMinute && perMinute > 0 ? formatDuration(60_000 / perMinute, 'millisecond') : null
  const name = policyName(dto.current, policy?.name ?? dto.current)

  const waitingHint = (): string => {
    const n = c.queueLength ?? 0
    if (!n) return t('policies.counters.waitingNone')
    const parts = [t('policies.counters.waitingSome')]
    if (queue && queue.dto.status !== 'WORKING') parts.push(t('policies.counters.waitWorking', { status: queue.dto.status }))
    else if (protection && c.protectionUntil) parts.push(spacing ? t('policies.counters.startAtSpaced', { at: formatClock(c.protectionUntil), spacing }) : t('policies.counters.startAt', { at: formatClock(c.protectionUntil) }))
    else if (spacing) parts.push(t('policies.counters.goEvery', { spacing, name }))
    const last = queue ? lastGoesAt(queue.dto) : null
    if (last && queue && last > coreNow(queue, now)) parts.push(t('policies.counters.lastAt', { at: formatClock(last) }))
    return parts.join(' ')
  }

  return (
    <div className="counters" aria-label={t('policies.counters.label')}>
      <div className="counter">
        <span className="counter-value" data-testid="sent-minute">{c.sentLastMinute ?? '—'}</span>
        <span className="counter-label">{t('policies.counters.sentMinute', { bound: bound(perMinute, 'policies.counters.limit', 'policies.counters.noLimit') })}</span>
        <span className="counter-hint">{spacing ? t('policies.counters.minuteHintSpaced', { name, spacing }) : t('policies.counters.minuteHint')}</span>
      </div>
      <div className="counter">
        <span className="counter-value" data-testid="sent-today">{c.sentToday}</span>
        <span className="counter-label">{t('policies.counters.sentToday', { bound: bound(policy?.limits.send_message_daily_cap, 'policies.counters.dailyCap', 'policies.counters.noDailyCap') })}</span>
        <span className="counter-hint" data-testid="daily-reset">
          {c.resetsAt ? t('policies.counters.sinceMidnightReset', { at: timeWithZone(c.resetsAt) }) : t('policies.counters.sinceMidnight')}
        </span>
      </div>
      <div className="counter">
        <span className="counter-value" data-testid="queue-length">{c.queueLength ?? '—'}</span>
        <span className="counter-label">{t('policies.counters.waiting')}</span>
        <span className="counter-hint" data-testid="waiting-hint">{waitingHint()}</span>
      </div>
      {protection ? <p className="note note-info">{t('policies.counters.protection', { time: formatDuration(protection * 1000) })}</p> : null}
    </div>
  )
}
