import { afterEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../i18n/index.js'
import { formatDuration, formatFileSize, formatLimit, formatPairingCode, secondsLeft } from './format.js'

describe('format helpers', () => {
  it('formats pairing codes as XXXX-XXXX', () => {
    expect(formatPairingCode('abcd1234')).toBe('ABCD-1234')
    expect(formatPairingCode('ABCD-1234')).toBe('ABCD-1234')
  })

  it('counts down and formats durations and limits', () => {
    expect(secondsLeft(10_500, 0)).toBe(11)
    expect(secondsLeft(0, 5_000)).toBe(0)
    expect(formatDuration(59_000)).toBe('59 s')
    expect(formatDuration(1_800_000)).toBe('30 min')
    expect(formatDuration(125_000)).toBe('2 min 5 s')
    expect(formatLimit(null)).toBe('No limit')
    expect(formatLimit(1200)).toBe('1,200')
  })
})

describe('formatDuration: the one duration wording, in the UI’s language', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en')
  })

  it('countdowns and ages to the second, the estimate to the minute, retry waits and spacing to the tenth', () => {
    expect([0, 59_000, 60_000, 125_000, 3_599_000, 3_600_000, 12_000_000, 200_000_000].map((ms) => formatDuration(ms))).toEqual(['0 s', '59 s', '1 min', '2 min 5 s', '59 min 59 s', '1 h', '3 h 20 min', '2 d 7 h'])
    expect([30_000, 45 * 60_000, 200 * 60_000, 52 * 3_600_000 + 60_000].map((ms) => formatDuration(ms, 'minute'))).toEqual(['1 min', '45 min', '3 h 20 min', '2 d 4 h'])
    expect([500, 4000, 7500, 59_990, 90_000].map((ms) => formatDuration(ms, 'millisecond'))).toEqual(['500 ms', '4 s', '7.5 s', '1 min', '1 min 30 s'])
  })

  it('in Portuguese, Spanish and Indonesian: the locale’s units and digits', async () => {
    await i18n.changeLanguage('pt-BR')
    expect([formatDuration(125_000), formatDuration(7500, 'millisecond'), formatDuration(12_000_000)]).toEqual(['2 min 5 s', '7,5 s', '3 h 20 min'])
    await i18n.changeLanguage('id')
    expect([formatDuration(125_000), formatDuration(59_000), formatDuration(7500, 'millisecond'), formatDuration(450, 'millisecond'), formatDuration(12_000_000)]).toEqual([
      '2 mnt 5 dtk',
      '59 dtk',
      '7,5 dtk',
      '450 md',
      '3 j 20 mnt'
    ])
    await i18n.changeLanguage('es')
    expect(formatDuration(200 * 3_600_000)).toBe('8 d 8 h')
  })

  it('makes its number formatters once, not per call (a chat list formats a time per row)', () => {
    formatDuration(125_000)
    const made = vi.spyOn(Intl, 'NumberFormat')
    for (let i = 0; i < 100; i++) formatDuration(i * 61_000)
    expect(made).not.toHaveBeenCalled()
    made.mockRestore()
  })
})

describe('formatFileSize', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en')
  })

  it('kB to the whole (at least 1), MB to a tenth, with the locale’s digits', async () => {
    expect([10, 512 * 1024, 1_572_864, 16 * 1024 * 1024 + 1].map(formatFileSize)).toEqual(['1 kB', '512 kB', '1.5 MB', '16.0 MB'])
    await i18n.changeLanguage('id')
    expect(formatFileSize(1_572_864)).toBe('1,5 MB')
  })
})
