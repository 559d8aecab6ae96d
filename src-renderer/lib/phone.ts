// Typed phone numbers in the Chats view: whether a search looks like a number to start a chat with (the core's
// check-exists rule: country code first, 7 to 15 digits, any of + spaces dashes dots brackets), and numbers shown
// the way people write them (+1 555 000 0001). PURE.
import { parsePhoneNumberFromString } from 'libphonenumber-js/min'

/** The digits of a typed number (with its country code), or undefined when the text is not a phone number. */
export function typedPhoneNumber(text: string): string | undefined {
  const t = text.trim()
  if (!/^\+?[\d\s().-]+$/.test(t)) return undefined
  const digits = t.replace(/\D/g, '')
  return /^[1-9]\d{6,14}$/.test(digits) ? digits : undefined
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
