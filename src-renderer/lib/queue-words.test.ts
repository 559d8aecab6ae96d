// Every reason a message waits, in words with its time (issue 12 item 3).
import { describe, expect, it } from 'vitest'
import type { QueueInfoDto, WaitingMessageDto } from '../../src-preload/contract/dto.js'
import { formatClock, formatTime } from './format.js'
import { explainWait, lastGoesAt } from './queue-words.js'

const now = new Date(2026, 10, 25, 10, 40, 0).getTime()
const q = (over: Partial<QueueInfoDto> = {}): QueueInfoDto => ({
  instanceId: 'ABCDEF123456',
  status: 'WORKING',
  policy: { slug: 'strict', name: 'Strict', perMinute: 8, spacingMs: 7500, protectionSeconds: 60, concurrentLimit: 1 },
  waiting: [],
  resendable: [],
  at: now,
  ...over
})
const w = (reason: WaitingMessageDto['reason'], notBefore: number | null): WaitingMessageDto => ({ messageId: 'm', chatId: 'a@c.us', position: 1, reason, notBefore })

describe('explainWait', () => {
  it('words each reason with when it goes', () => {
    expect(explainWait(w('per_minute', now + 7_000), q(), now)).toBe('sends in 7 s — Strict spaces messages 7.5 s apart')
    expect(explainWait(w('per_minute', now + 300_000), q(), now)).toBe(`sends at ${formatTime(now + 300_000)} — Strict spaces messages 7.5 s apart`)
    expect(explainWait(w('per_minute', now - 10), q(), now)).toBe('sends now — Strict spaces messages 7.5 s apart')
    expect(explainWait(w('protection', now + 45_000), q(), now)).toBe(`protection after connecting: sends start at ${formatClock(now + 45_000)} (in 45 s) — Strict pauses 1 min after each connection`)
    expect(explainWait(w('concurrency', null), q(), now)).toBe('sends when the message before it has gone — Strict sends 1 at a time')
    expect(explainWait(w('new_contacts_paused', now + 3_600_000), q(), now)).toBe(`held: the network paused new chats for this number (463/475) until ${formatTime(now + 3_600_000)}; replies still go out`)
    expect(explainWait(w('not_working', null), q({ status: 'STARTING' }), now)).toBe('waits for the instance to be WORKING (it is STARTING); then it goes, in order')
    expect(explainWait(w('about_to_send', null), q(), now)).toBe('sending now')
    expect(explainWait(w('daily_cap', null), q(), now)).toBe('daily cap of Strict reached: sends after midnight')
  })

  it('says when the instance is not WORKING what that means for a paced message', () => {
    expect(explainWait(w('per_minute', now + 7_000), q({ status: 'STOPPED' }), now)).toBe('sends in 7 s — Strict spaces messages 7.5 s apart — the instance is STOPPED: start it, or the message fails when its turn comes')
  })

  it('lastGoesAt is the latest ETA, unknown when one is unknown', () => {
    expect(lastGoesAt(q({ waiting: [w('per_minute', now + 1), w('per_minute', now + 9)] }))).toBe(now + 9)
    expect(lastGoesAt(q({ waiting: [w('per_minute', now + 1), w('not_working', null)] }))).toBeNull()
  })
})
