// The send path's "checked recently" memo of person chats stays bounded (issue 19, "heap flat after GC": it was
// cleared only at 50,000 entries, ~1 MB of heap after a 10,000-recipient campaign) and still answers repeat sends.
import { describe, expect, it } from 'vitest'
import type { SessionPort } from '../../engine/session-port.js'
import { KNOWN_MAX, RecipientCheck } from './recipients.js'

describe('RecipientCheck', () => {
  const sock = {} as SessionPort // never asked: every chat here was written to before

  it('remembers at most KNOWN_MAX chats, the least recently checked dropped first', async () => {
    const asked: string[] = []
    const check = new RecipientCheck({ wroteBefore: (_, jid) => (asked.push(jid), true) })
    for (let i = 0; i < KNOWN_MAX * 3; i++) await check.ensure('A', sock, `${15550000000 + i}@s.whatsapp.net`)
    expect(check.knownSize).toBe(KNOWN_MAX)
    // The newest is remembered (no second look); the oldest was dropped and is looked at again.
    asked.length = 0
    await check.ensure('A', sock, `${15550000000 + KNOWN_MAX * 3 - 1}@s.whatsapp.net`)
    expect(asked).toEqual([])
    await check.ensure('A', sock, '15550000000@s.whatsapp.net')
    expect(asked).toEqual(['15550000000@s.whatsapp.net'])
    expect(check.knownSize).toBe(KNOWN_MAX)
  })

  it('looks again once the memo expires', async () => {
    let now = 0
    let asked = 0
    const check = new RecipientCheck({ now: () => now, wroteBefore: () => (asked++, true) })
    await check.ensure('A', sock, '15550000001@s.whatsapp.net')
    await check.ensure('A', sock, '15550000001@s.whatsapp.net')
    expect(asked).toBe(1)
    now = 10 * 60_000
    await check.ensure('A', sock, '15550000001@s.whatsapp.net')
    expect(asked).toBe(2)
  })
})
