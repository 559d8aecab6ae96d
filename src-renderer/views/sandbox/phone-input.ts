// Phone numbers typed in the Sandbox view, read by the app's one normalization (lib/phone.ts): "+1 555 000 0001",
// "(555) 000-0001" in the default country, "0044 20 …"; the core gets digits with the country code.
import type { CountryCode } from 'libphonenumber-js/min'
import { readPhoneNumber } from '../../lib/phone.js'

/** The digits (with country code) of a typed number, or the digits typed when it is not one yet. */
export function phoneDigits(value: string, country?: CountryCode): string {
  return readPhoneNumber(value, country).digits ?? value.replace(/\D/g, '')
}

/** Why a typed number cannot be a phone number, or undefined when it can. */
export function phoneInputProblem(value: string, country?: CountryCode): string | undefined {
  return readPhoneNumber(value, country).problem
}

/** A recipient typed freely: a chat id (with @) as it is, a number as its digits. */
export const recipientOf = (value: string, country?: CountryCode): string => {
  const v = value.trim()
  if (v.includes('@')) return v
  return readPhoneNumber(v, country).digits ?? v
}
