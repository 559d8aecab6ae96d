// Why and until when a message waits, in words (issue 12 item 3): "sends in 7 s — Strict spaces messages 7.5 s
// apart", "protection after connecting: sends start at 10:42", the network's hold, an instance that is not WORKING.
// PURE: data in, sentence out (times in the user's local zone).
import type { QueueInfoDto, WaitingMessageDto } from '../../src-preload/contract/dto.js'
import { formatClock, formatTime } from './format.js'

/** 7500 -> "7.5", 60000 -> "60". */
export const seconds = (ms: number): string => String(Math.round(ms / 100) / 10)

const inSeconds = (at: number, now: number): string => {
  const s = Math.max(0, Math.ceil((at - now) / 1000))
  return s <= 0 ? 'sends now' : s < 120 ? `sends in ${s} s` : `sends at ${formatTime(at)}`
}

/** What a waiting message waits for; `now` is the core's time (queue-store's coreNow). */
export function explainWait(w: WaitingMessageDto, q: Pick<QueueInfoDto, 'policy' | 'status'>, now: number): string {
  const { policy } = q
  const notWorking = q.status !== 'WORKING' && w.reason !== 'not_working' ? ` — the instance is ${q.status}: start it, or the message fails when its turn comes` : ''
  switch (w.reason) {
    case 'per_minute': {
      const spacing = policy.spacingMs !== null ? ` — ${policy.name} spaces messages ${seconds(policy.spacingMs)} s apart` : ''
      return `${w.notBefore !== null ? inSeconds(w.notBefore, now) : 'waits its turn'}${spacing}${notWorking}`
    }
    case 'protection': {
      const when = w.notBefore !== null ? `${formatClock(w.notBefore)} (in ${Math.max(0, Math.ceil((w.notBefore - now) / 1000))} s)` : 'the end of the pause'
      return `protection after connecting: sends start at ${when} — ${policy.name} pauses ${policy.protectionSeconds ?? 0} s after each connection${notWorking}`
    }
    case 'concurrency':
      return `sends when the message before it has gone — ${policy.name} sends ${policy.concurrentLimit ?? 1} at a time${notWorking}`
    case 'daily_cap':
      return `daily cap of ${policy.name} reached: sends after midnight${notWorking}`
    case 'new_contacts_paused':
      return `held: the network paused new chats for this number (463/475)${w.notBefore !== null ? ` until ${formatTime(w.notBefore)}` : ''}; replies still go out`
    case 'account_restricted':
      return `held: the network restricted this number, all sends are paused${w.notBefore !== null ? ` until ${formatTime(w.notBefore)}` : ''}; then it goes, in order`
    case 'not_working':
      return `waits for the instance to be WORKING (it is ${q.status}); then it goes, in order`
    case 'about_to_send':
      return 'sending now'
  }
}

/** When the last of the waiting messages is expected to go, if known. */
export function lastGoesAt(q: QueueInfoDto): number | null {
  const times = q.waiting.map((w) => w.notBefore)
  return times.length && times.every((t) => t !== null) ? Math.max(...(times as number[])) : null
}
