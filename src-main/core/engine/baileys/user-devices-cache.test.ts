// The bounded stand-in for Baileys' userDevicesCache: at most `max` contacts however many are messaged (Baileys' own
// NodeCache kept every contact of the last 5-15 minutes: issue 19's heap after a campaign), the TTL counted from the
// write, least recently used out first.
import { describe, expect, it } from 'vitest'
import { USER_DEVICES_MAX, UserDevicesCache } from './user-devices-cache.js'

const devices = (user: string) => [{ user, device: 0 }]

describe('UserDevicesCache', () => {
  it('holds at most USER_DEVICES_MAX contacts, the least recently used dropped first', () => {
    const c = new UserDevicesCache()
    for (let i = 0; i < USER_DEVICES_MAX * 5; i++) c.set(String(i), devices(String(i)))
    expect(c.size).toBe(USER_DEVICES_MAX)
    expect(c.get('0')).toBeUndefined()
    const newest = String(USER_DEVICES_MAX * 5 - 1)
    expect(c.get(newest)).toEqual(devices(newest))
    // A read makes it the most recent: the next write evicts another one.
    const oldest = String(USER_DEVICES_MAX * 4)
    expect(c.get(oldest)).toEqual(devices(oldest))
    c.set('new', devices('new'))
    expect(c.get(oldest)).toEqual(devices(oldest))
    expect(c.get(String(USER_DEVICES_MAX * 4 + 1))).toBeUndefined()
  })

  it('expires an entry its TTL after the write, whatever the reads in between', () => {
    let now = 0
    const c = new UserDevicesCache(10, 1_000, () => now)
    c.set('a', devices('a'))
    now = 999
    expect(c.get('a')).toEqual(devices('a'))
    now = 1_000
    expect(c.get('a')).toBeUndefined()
    expect(c.size).toBe(0)
    c.set('b', devices('b'))
    c.del('b')
    expect(c.get('b')).toBeUndefined()
    c.set('c', devices('c'))
    c.flushAll()
    expect(c.size).toBe(0)
  })
})
