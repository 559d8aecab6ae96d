// Local calendar days across DST changes (this file runs in its own process, so setting TZ is safe).
import { describe, expect, it } from 'vitest'
process.env.TZ = 'America/New_York'
const { localDayKey, nextLocalMidnight } = await import('./calendar.js')

describe('local calendar', () => {
  it('finds the next local midnight on 23 h and 25 h days', () => {
    const springForward = new Date(2026, 2, 8, 12, 0).getTime() // 8 March 2026: clocks go 02:00 -> 03:00
    expect(nextLocalMidnight(springForward) - new Date(2026, 2, 8, 0, 0).getTime()).toBe(23 * 3_600_000)
    const fallBack = new Date(2026, 10, 1, 12, 0).getTime() // 1 November 2026: 02:00 -> 01:00
    expect(nextLocalMidnight(fallBack) - new Date(2026, 10, 1, 0, 0).getTime()).toBe(25 * 3_600_000)
  })

  it('keys days in local time, not UTC', () => {
    const lateEvening = new Date(2026, 4, 12, 23, 30).getTime() // 03:30 UTC the next day
    expect(localDayKey(lateEvening)).toBe('2026-05-12')
    expect(new Date(lateEvening).toISOString().slice(0, 10)).toBe('2026-05-13')
    expect(localDayKey(nextLocalMidnight(lateEvening))).toBe('2026-05-13')
  })
})
