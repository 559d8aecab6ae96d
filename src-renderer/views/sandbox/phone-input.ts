// Phone numbers as people type them in the Sandbox view ("+1 555 000 0001", "(555) 000-0001", "0044 20 …"):
// spaces, dashes, dots, brackets and a leading + or 00 are accepted and dropped; the core gets digits only.

/** The digits of a typed number (a leading + or 00 is the international prefix, not part of the number). */
export function phoneDigits(value: string): string {
  const compact = value.trim().replace(/[\s().\-\u00a0]/g, '')
  return compact.startsWith('+') ? compact.slice(1) : compact.startsWith('00') ? compact.slice(2) : compact
}

/** Why a typed number cannot be a phone number with country code, or undefined when it can. */
export function phoneInputProblem(value: string): string | undefined {
  if (!value.trim()) return 'Enter the phone number with its country code'
  const d = phoneDigits(value)
  if (!/^[0-9]+$/.test(d)) return 'Use digits (spaces, dashes, brackets and a leading + are fine)'
  if (d.startsWith('0')) return 'Start with the country code (it never starts with 0)'
  if (d.length < 7 || d.length > 15) return 'A phone number with country code has 7 to 15 digits'
  return undefined
}

/** A recipient typed freely: a chat id (with @) as it is, a number as its digits. */
export const recipientOf = (value: string): string => {
  const v = value.trim()
  if (v.includes('@')) return v
  const d = phoneDigits(v)
  return /^[0-9]+$/.test(d) ? d : v
}
