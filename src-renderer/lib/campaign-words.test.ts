// A campaign's times in words: the opt-out list and the campaign list word a time per row, with format.ts's cached
// formatters (a new Intl.DateTimeFormat costs about a millisecond in Chromium).
import { afterEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../i18n/index.js'
import { whenWords } from './campaign-words.js'
import { formatTime } from './format.js'

afterEach(async () => {
  vi.restoreAllMocks()
  await i18n.changeLanguage('en')
})

describe('whenWords', () => {
  it('weekday within a week, day and month beyond it, the clock as everywhere else; no formatter made per call', async () => {
    await i18n.changeLanguage('pt-BR')
    const tuesday = new Date(2026, 10, 24, 23, 33).getTime()
    expect(whenWords(tuesday, tuesday)).toBe(`ter. ${formatTime(tuesday)}`)
    expect(whenWords(tuesday, tuesday + 30 * 86_400_000)).toBe(`24 de nov. ${formatTime(tuesday)}`)
    const made = vi.spyOn(Intl, 'DateTimeFormat')
    for (let i = 0; i < 50; i++) whenWords(tuesday + i * 3_600_000, tuesday)
    expect(made).not.toHaveBeenCalled()
  })
})
