import { describe, expect, it } from 'vitest'
import { formatDuration, formatLimit, formatPairingCode, phoneNumberProblem, secondsLeft } from './format.js'

describe('format helpers', () => {
  it('validates phone numbers as the API does (digits with country code, 7 to 15)', () => {
    expect(phoneNumberProblem('15550000001')).toBeUndefined()
    expect(phoneNumberProblem('')).toMatch(/country code/)
    expect(phoneNumberProblem('+15550000001')).toMatch(/Leave out the \+/)
    expect(phoneNumberProblem('0015550000001')).toMatch(/Leave out the 00/)
    expect(phoneNumberProblem('1555 000 0001')).toMatch(/Digits only/)
    expect(phoneNumberProblem('0555000000')).toMatch(/never starts with 0/)
    expect(phoneNumberProblem('123456')).toMatch(/7 to 15 digits/)
    expect(phoneNumberProblem('1234567890123456')).toMatch(/7 to 15 digits/)
  })

  it('formats pairing codes as XXXX-XXXX', () => {
    expect(formatPairingCode('abcd1234')).toBe('ABCD-1234')
    expect(formatPairingCode('ABCD-1234')).toBe('ABCD-1234')
  })

  it('counts down and formats durations and limits', () => {
    expect(secondsLeft(10_500, 0)).toBe(11)
    expect(secondsLeft(0, 5_000)).toBe(0)
    expect(formatDuration(59)).toBe('59 s')
    expect(formatDuration(1_800)).toBe('30 min')
    expect(formatDuration(125)).toBe('2 min 5 s')
    expect(formatLimit(null)).toBe('No limit')
    expect(formatLimit(60, ' s')).toBe('60 s')
  })
})
