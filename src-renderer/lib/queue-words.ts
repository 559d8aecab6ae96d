// Why and until when a message waits, in words (issue 12 item 3): "sends in 7 s — Strict spaces messages 7.5 s
// apart", "protection after connecting: sends start at 10:42", the network's hold, an instance that is not WORKING.
// Data in, sentence out in the UI's language (times in the user's local zone, durations by formatDuration).
import type { QueueInfoDto, WaitingMessageDto } from '../../src-preload/contract/dto.js'
import { t } from '../i18n/index.js'
import { formatClock, formatDuration, formatNumber, formatTime, secondsLeft } from './format.js'
import { policyName } from './policy-words.js'

const inSeconds = (at: number, now: number): string => {
  const s = secondsLeft(at, now)
  return s <= 0 ? t('wait.sendsNow') : s < 120 ? t('wait.sendsIn', { time: formatDuration(s * 1000) }) : t('wait.sendsAt', { time: formatTime(at) })
}

/** What a waiting message waits for; `now` is the core's time (queue-store's coreNow). */
export function explainWait(w: WaitingMessageDto, q: Pick<QueueInfoDto, 'policy' | 'status'>, now: number): string {
  const policy = { ...q.policy, name: policyName(q.policy.slug, q.policy.name) }
  const notWorking = q.status !== 'WORKING' && w.reason !== 'not_working' ? t('wait.notWorking', { status: q.status }) : ''
  const until = w.notBefore !== null ? t('wait.until', { time: formatTime(w.notBefore) }) : ''
  switch (w.reason) {
    case 'per_minute': {
      const spacing = policy.spacingMs !== null ? t('wait.spacing', { policy: policy.name, spacing: formatDuration(policy.spacingMs, 'millisecond') }) : ''
      return `${w.notBefore !== null ? inSeconds(w.notBefore, now) : t('wait.turn')}${spacing}${notWorking}`
    }
    case 'protection': {
      const when = w.notBefore !== null ? t('wait.protectionWhen', { time: formatClock(w.notBefore), left: formatDuration(secondsLeft(w.notBefore, now) * 1000) }) : t('wait.pauseEnd')
      return `${t('wait.protection', { when, policy: policy.name, pause: formatDuration((policy.protectionSeconds ?? 0) * 1000) })}${notWorking}`
    }
    case 'concurrency':
      return `${t('wait.concurrency', { policy: policy.name, n: formatNumber(policy.concurrentLimit ?? 1) })}${notWorking}`
    case 'daily_cap':
      return `${t('wait.dailyCap', { policy: policy.name })}${notWorking}`
    case 'new_contacts_paused':
      return t('wait.newContacts', { until })
    case 'account_restricted':
      return t('wait.restricted', { until })
    case 'not_working':
      return t('wait.notWorkingWait', { status: q.status })
    case 'about_to_send':
      return t('wait.sendingNow')
  }
}

/** When the last of the waiting messages is expected to go, if known. */
export function lastGoesAt(q: QueueInfoDto): number | null {
  const times = q.waiting.map((w) => w.notBefore)
  return times.length && times.every((t) => t !== null) ? Math.max(...(times as number[])) : null
}
