// Errors in the chosen language (issue 20 item 12): the core's and the bridge's errors come in English words with a
// code. A known code is said in the locale's words (localized.errors); English, and any code not listed, keep the
// core's own sentence (it is the more specific one, e.g. it names the parameter).
import { i18n, t } from '../i18n/index.js'
import type { UiError } from './errors.js'

/** The codes the locales word (keys of localized.errors). */
const KNOWN = new Set([
  'no_bridge',
  'bridge_disconnected',
  'unexpected',
  'server_error',
  'quota_reached',
  'subscription_required',
  'instance_not_working',
  'invalid_phone_number',
  'too_many_requests',
  'pairing_code_throttled',
  'invalid_pairing_code',
  'payload_too_large',
  'media_too_large',
  'temp_link_expired',
  'session_status_mismatch'
])

/** Codes that mean the same to the user, worded by the code they name (one set of words per meaning). */
const SAME_AS: Record<string, string> = { invalid_phone: 'invalid_phone_number' }

/** The sentence and the hint to show for an error. */
export function errorWords(e: Pick<UiError, 'code' | 'message' | 'recommendation'>): { message: string; hint: string | undefined } {
  const code = SAME_AS[e.code] ?? e.code
  if (i18n.language === 'en' || !KNOWN.has(code)) return { message: e.message, hint: e.recommendation }
  return { message: t(`localized.errors.${code}.message`), hint: t(`localized.errors.${code}.hint`) }
}
