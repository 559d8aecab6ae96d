// Phone numbers as people type and read them, the ONE normalization of the app (Chats' search and New chat, the
// Sandbox's phones and recipients, pairing by code): "+1 555 000 0002", "00 44 7911 123456", "(555) 000-0002",
// "15550000002". A number with + or 00 carries its country code; one without is read in the default country,
// which the forms show and let the user change (kept in this browser). libphonenumber's metadata decides what is
// possible; the core gets digits with the country code. Numbers are shown as their country writes them.
import { getCountries, getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min'
import { formatLocale, t as translate } from '../i18n/index.js'

const COUNTRY_KEY = 'switchboard.country'
const COUNTRIES = new Set<string>(getCountries())
const isCountry = (c: string | null | undefined): c is CountryCode => !!c && COUNTRIES.has(c)

/** The country a number without + is read in: the one chosen here, else the browser language's region, else US. */
export function defaultCountry(): CountryCode {
  try {
    const stored = localStorage.getItem(COUNTRY_KEY)
    if (isCountry(stored)) return stored
  } catch {
    // storage refused: the language's region
  }
  const region = typeof navigator !== 'undefined' ? /[-_]([A-Z]{2})\b/.exec(navigator.language ?? '')?.[1] : undefined
  return isCountry(region) ? region : 'US'
}

export function setDefaultCountry(country: CountryCode): void {
  try {
    localStorage.setItem(COUNTRY_KEY, country)
  } catch {
    // storage refused: the choice lasts until the page reloads
  }
}

/** The country list per display language: ~245 names through Intl.DisplayNames and a sort, built once per locale. */
const choicesByLocale = new Map<string, { code: CountryCode; label: string }[]>()

/** Every country with its calling code and name (in the browser's language), sorted by name. */
export function countryChoices(): { code: CountryCode; label: string }[] {
  const locale = formatLocale()
  const known = choicesByLocale.get(locale)
  if (known) return known
  const names = typeof Intl !== 'undefined' && 'DisplayNames' in Intl ? new Intl.DisplayNames(locale, { type: 'region' }) : undefined
  const choices = getCountries()
    .map((code) => ({ code, label: `${names?.of(code) ?? code} (+${getCountryCallingCode(code)})` }))
    .sort((a, b) => a.label.localeCompare(b.label, locale))
  choicesByLocale.set(locale, choices)
  return choices
}

export const countryLabel = (country: CountryCode): string => countryChoices().find((c) => c.code === country)?.label ?? country

export type PhoneReading = { digits: string; problem?: undefined } | { digits?: undefined; problem: string }

/** Digits with the country code for a typed number, or why it is not one. */
export function readPhoneNumber(text: string, country: CountryCode = defaultCountry()): PhoneReading {
  const t = text.trim().replace(/\u00a0/g, ' ')
  if (!t) return { problem: translate('uiWords.phone.enter') }
  if (!/^(\+|00)?[\d\s().-]+$/.test(t)) return { problem: translate('uiWords.phone.digits') }
  const digits = t.replace(/\D/g, '')
  const international = t.startsWith('+') ? digits : t.startsWith('00') ? digits.slice(2) : null
  const parsed =
    international !== null
      ? parsePhoneNumberFromString(`+${international}`)
      : // Read in the default country; digits that are no number there may already start with a country code.
        [parsePhoneNumberFromString(t, country), parsePhoneNumberFromString(`+${digits}`)].find((p) => p?.isPossible())
  if (!parsed?.isPossible()) {
    return { problem: international !== null ? translate('uiWords.phone.impossible') : translate('uiWords.phone.notIn', { country: countryLabel(country) }) }
  }
  return { digits: `${parsed.countryCallingCode}${parsed.nationalNumber}` }
}

/** The digits of a typed number (with its country code), or undefined when the text is not a phone number. */
export function typedPhoneNumber(text: string, country?: CountryCode): string | undefined {
  return readPhoneNumber(text, country).digits
}

/**
 * Digits with the country code, written the way that country writes them internationally (+1 555 000 0001,
 * +44 7911 123456, +49 1512 3456789): libphonenumber's metadata, kept current by its maintainers, not our own table.
 */
export function formatPhoneNumber(digits: string): string {
  if (!/^\d{4,15}$/.test(digits)) return digits
  return parsePhoneNumberFromString(`+${digits}`)?.formatInternational() ?? `+${digits}`
}

/** The number part of a chat id (15550000001@c.us), formatted; a group or other id as it is. */
export function chatIdNumber(chatId: string): string {
  const [user = '', server = ''] = chatId.split('@')
  return server === 'c.us' || server === 's.whatsapp.net' ? formatPhoneNumber(user) : user
}
