import { describe, expect, it } from 'vitest'
import { createEventIdGenerator, EVENT_ID_PATTERN } from './ulid.js'

describe('event ids', () => {
  it('are evt_ + 26 Crockford base32 characters, time first', () => {
    const gen = createEventIdGenerator()
    const id = gen(1_700_000_000_000)
    expect(id).toMatch(EVENT_ID_PATTERN)
    expect(id.length).toBe(30)
    // The first 10 characters encode the time: a later millisecond sorts later.
    expect(gen(1_700_000_000_001) > id).toBe(true)
  })

  it('stay strictly increasing within one millisecond and when the clock goes back', () => {
    const gen = createEventIdGenerator()
    const ids = [gen(5), gen(5), gen(5), gen(4), gen(6)]
    expect([...ids].sort()).toEqual(ids)
    expect(new Set(ids).size).toBe(ids.length)
  })
})
