// Found walking the views in Portuguese in a real browser (issue 20 item 12 audit): times that were formatted with
// the browser's own locale (an English-speaking browser showed "Thu 11:33 PM" in a Portuguese UI) now follow the
// UI's language: a campaign's start and next window, the Policies view's daily reset and the sandbox's timelock notice.
import { act } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { whenWords } from '../lib/campaign-words.js'
import { formatDateTime, formatTime } from '../lib/format.js'
import { timeWithZone } from '../lib/time-zone.js'
import { settingsNotice } from '../stores/sandbox-store.js'
import { i18n } from './index.js'

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'))
})

// Tuesday 24 Nov 2026, 23:33 in the runtime's zone.
const TUESDAY_NIGHT = new Date(2026, 10, 24, 23, 33).getTime()

describe('times in the UI’s language, whatever the browser’s', () => {
  it('a campaign’s start: the weekday and 24-hour clock of Portuguese, the month of Spanish', async () => {
    expect(navigator.language).toMatch(/^en/)
    await act(() => i18n.changeLanguage('pt-BR'))
    expect(whenWords(TUESDAY_NIGHT, TUESDAY_NIGHT)).toBe('ter. 23:33')
    await act(() => i18n.changeLanguage('es'))
    expect(whenWords(TUESDAY_NIGHT, TUESDAY_NIGHT + 30 * 86_400_000)).toBe('24 nov 23:33')
  })

  it('the Policies view’s daily reset and the sandbox’s timelock notice', async () => {
    await act(() => i18n.changeLanguage('id'))
    expect(timeWithZone(TUESDAY_NIGHT)).toMatch(/^23\.33 /)
    expect(timeWithZone(TUESDAY_NIGHT).startsWith(formatTime(TUESDAY_NIGHT))).toBe(true)
    await act(() => i18n.changeLanguage('pt-BR'))
    const notice = settingsNotice({ timelockUntil: TUESDAY_NIGHT }, { hideNumber: false, newContacts: 'timelock', timelockUntil: TUESDAY_NIGHT, messageCap: null, newChats: 0, banned: null })
    expect(notice).toContain(formatDateTime(TUESDAY_NIGHT))
    expect(notice).toContain('24/11/2026')
    expect(notice).not.toMatch(/PM|AM/)
  })
})
