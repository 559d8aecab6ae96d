// The daily reset's wording: local time, the zone's name and its offset at that moment (DST-aware).
import { afterEach, describe, expect, it } from 'vitest'
import { timeWithZone, utcOffset } from './time-zone.js'

// Node reads TZ again when it changes (the renderer's tsconfig has no Node types: reached through globalThis).
const env = (globalThis as unknown as { process: { env: Record<string, string | undefined> } }).process.env
const saved = env.TZ
afterEach(() => {
  env.TZ = saved
})

const localMidnight = (y: number, m: number, d: number) => new Date(y, m - 1, d, 0, 0, 0).getTime()

describe('timeWithZone', () => {
  it('names the zone and its offset, winter and summer', () => {
    env.TZ = 'Europe/Berlin'
    expect(timeWithZone(localMidnight(2026, 1, 15))).toMatch(/^(00:00|12:00 AM) Europe\/Berlin \(UTC\+1\)$/)
    expect(utcOffset(localMidnight(2026, 7, 15))).toBe('UTC+2')
  })

  it('half-hour and negative offsets, and plain UTC', () => {
    env.TZ = 'Asia/Kolkata'
    expect(utcOffset(localMidnight(2026, 1, 15))).toBe('UTC+5:30')
    env.TZ = 'America/Sao_Paulo'
    expect(utcOffset(localMidnight(2026, 1, 15))).toBe('UTC-3')
    env.TZ = 'UTC'
    expect(timeWithZone(localMidnight(2026, 1, 15))).toMatch(/^(00:00|12:00 AM) UTC$/)
  })
})
