// Phone numbers of lists and opt-outs: libphonenumber-js (a maintained metadata set) normalises what people type
// ("(55) 1234-5678", "+52 1 55...", "0044 7911...") to E.164 digits without "+", with a default country for numbers
// written without their country code.
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js'

export type PhoneResult = { ok: true; phone: string } | { ok: false; message: string }

const COUNTRY = /^[A-Z]{2}$/

export function isCountry(code: string): boolean {
  return COUNTRY.test(code)
}

/** E.164 digits of `raw`, or why not. A leading 00 is read as the international prefix. */
export function normalizePhone(raw: string, defaultCountry?: string | null): PhoneResult {
  const text = raw.trim().replace(/@(c\.us|s\.whatsapp\.net)$/i, '')
  if (!text) return { ok: false, message: 'the phone is empty' }
  const intl = text.replace(/^00(?=[1-9])/, '+')
  const hasPlus = intl.startsWith('+')
  const country = defaultCountry && isCountry(defaultCountry) ? (defaultCountry as CountryCode) : undefined
  // Digits only with no default country: read them as international (the API's own convention).
  const candidate = !hasPlus && !country && /^[1-9][\d\s\-().]{6,}$/.test(intl) ? `+${intl}` : intl
  const parsed = parsePhoneNumberFromString(candidate, country ? { defaultCountry: country } : undefined)
  if (!parsed || !parsed.isPossible()) {
    return { ok: false, message: `'${raw}' is not a phone number${country ? ` (default country ${country})` : ' (no default country: write it with its country code)'}` }
  }
  return { ok: true, phone: parsed.number.slice(1) }
}
