import { describe, expect, it } from 'vitest'
import { chatIdNumber, defaultCountry, formatPhoneNumber, readPhoneNumber, setDefaultCountry, typedPhoneNumber } from './phone.js'

describe('phone numbers in the Chats view', () => {
  it('recognises typed numbers in any common spelling, and nothing else', () => {
    expect(typedPhoneNumber('+1 555 000 0002')).toBe('15550000002')
    expect(typedPhoneNumber('1 (555) 000-0002')).toBe('15550000002')
    expect(typedPhoneNumber('447911123456')).toBe('447911123456')
    expect(typedPhoneNumber('0044 7911 123456')).toBe('447911123456')
    for (const no of ['Alice', '555', '+', '1555000000212345678', 'bob 1555']) expect(typedPhoneNumber(no)).toBeUndefined()
  })

  it('reads a number without + in the default country, shown and changeable, the same everywhere', () => {
    expect(defaultCountry()).toBe('US')
    expect(readPhoneNumber('(555) 000-0002')).toEqual({ digits: '15550000002' })
    expect(readPhoneNumber('15550000002')).toEqual({ digits: '15550000002' })
    // Digits that are no number of the default country but start with a country code are read as international.
    expect(readPhoneNumber('447911123456')).toEqual({ digits: '447911123456' })
    expect(readPhoneNumber('030 1234567', 'DE')).toEqual({ digits: '49301234567' })
    setDefaultCountry('GB')
    expect(defaultCountry()).toBe('GB')
    expect(readPhoneNumber('07911 123456')).toEqual({ digits: '447911123456' })
    expect(readPhoneNumber('+1 555')).toMatchObject({ problem: expect.stringMatching(/not a possible phone number/) })
    expect(readPhoneNumber('12')).toMatchObject({ problem: expect.stringMatching(/United Kingdom/) })
  })

  it('formats numbers with their country code', () => {
    expect(formatPhoneNumber('15550000002')).toBe('+1 555 000 0002')
    expect(formatPhoneNumber('447911123456')).toBe('+44 7911 123456')
    expect(formatPhoneNumber('4915123456789')).toBe('+49 1512 3456789')
    expect(formatPhoneNumber('35312345678')).toBe('+353 1 234 5678')
    expect(formatPhoneNumber('5511987654321')).toBe('+55 11 98765 4321')
    // Not a number of any country: the digits as they are, behind a plus.
    expect(formatPhoneNumber('99912345')).toBe('+99912345')
    expect(chatIdNumber('15550000002@c.us')).toBe('+1 555 000 0002')
    expect(chatIdNumber('120363000000000000@g.us')).toBe('120363000000000000')
  })
})

describe('the country list', () => {
  it('is built once per language and follows a language change', async () => {
    const { applyLanguage } = await import('../i18n/index.js')
    const { countryChoices, countryLabel } = await import('./phone.js')
    await applyLanguage('en')
    const english = countryChoices()
    expect(countryChoices()).toBe(english)
    expect(countryLabel('DE')).toBe('Germany (+49)')
    await applyLanguage('es')
    expect(countryChoices()).not.toBe(english)
    expect(countryLabel('DE')).toBe('Alemania (+49)')
    await applyLanguage('en')
    expect(countryChoices()).toBe(english)
  })
})
