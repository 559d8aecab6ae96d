// Typed phone numbers in the Chats view: whether a search looks like a number to start a chat with (the core's
// check-exists rule: country code first, 7 to 15 digits, any of + spaces dashes dots brackets), and numbers shown
// the way people write them (+1 555 000 0001). PURE.

/** Country calling codes of one and two digits; every other code has three (ITU E.164 assignments). */
const ONE_DIGIT = new Set(['1', '7'])
const TWO_DIGITS = new Set(
  '20 27 30 31 32 33 34 36 39 40 41 43 44 45 46 47 48 49 51 52 53 54 55 56 57 58 60 61 62 63 64 65 66 81 82 84 86 90 91 92 93 94 95 98'.split(' ')
)

/** The digits of a typed number (with its country code), or undefined when the text is not a phone number. */
export function typedPhoneNumber(text: string): string | undefined {
  const t = text.trim()
  if (!/^\+?[\d\s().-]+$/.test(t)) return undefined
  const digits = t.replace(/\D/g, '')
  return /^[1-9]\d{6,14}$/.test(digits) ? digits : undefined
}

/** Digits with the country code as +CC and groups: +1 555 000 0001 (North America), +44 7911 123 456, … */
export function formatPhoneNumber(digits: string): string {
  if (!/^\d{4,15}$/.test(digits)) return digits
  const ccLength = ONE_DIGIT.has(digits[0]!) ? 1 : TWO_DIGITS.has(digits.slice(0, 2)) ? 2 : 3
  const cc = digits.slice(0, ccLength)
  const rest = digits.slice(ccLength)
  // North America: area code, exchange, line (555 000 0001).
  if (cc === '1' && rest.length === 10) return `+1 ${rest.slice(0, 3)} ${rest.slice(3, 6)} ${rest.slice(6)}`
  // Elsewhere: groups of three, the last one of two to four digits.
  const groups: string[] = []
  let i = 0
  while (rest.length - i > 4) {
    groups.push(rest.slice(i, i + 3))
    i += 3
  }
  groups.push(rest.slice(i))
  return `+${cc} ${groups.filter(Boolean).join(' ')}`.trim()
}

/** The number part of a chat id (15550000001@c.us), formatted; a group or other id as it is. */
export function chatIdNumber(chatId: string): string {
  const [user = '', server = ''] = chatId.split('@')
  return server === 'c.us' || server === 's.whatsapp.net' ? formatPhoneNumber(user) : user
}
