// Errors by code in the UI's language: each meaning has one set of words per locale, and a code that means the
// same as another (the campaign list's invalid_phone, the API's invalid_phone_number) is worded by that one.
import { afterEach, describe, expect, it } from 'vitest'
import { i18n, LANGUAGES, RESOURCES } from '../i18n/index.js'
import { errorWords } from './error-words.js'

afterEach(async () => {
  await i18n.changeLanguage('en')
})

describe('errorWords', () => {
  for (const lng of LANGUAGES) {
    it(`${lng}: no two error codes carry the same words`, () => {
      const errors = (RESOURCES[lng] as { localized: { errors: Record<string, { message: string; hint: string }> } }).localized.errors
      const byWords = new Map<string, string[]>()
      for (const [code, w] of Object.entries(errors)) byWords.set(`${w.message} | ${w.hint}`, [...(byWords.get(`${w.message} | ${w.hint}`) ?? []), code])
      expect([...byWords.values()].filter((codes) => codes.length > 1)).toEqual([])
    })
  }

  it('invalid_phone reads as invalid_phone_number in Portuguese; English keeps the core’s sentence', async () => {
    const e = { code: 'invalid_phone', message: "'12ab' is not a phone number", recommendation: undefined }
    expect(errorWords(e)).toEqual({ message: "'12ab' is not a phone number", hint: undefined })
    await i18n.changeLanguage('pt-BR')
    expect(errorWords(e)).toEqual(errorWords({ ...e, code: 'invalid_phone_number' }))
    expect(errorWords(e).message).toBe('Esse número de telefone não é válido')
  })
})
