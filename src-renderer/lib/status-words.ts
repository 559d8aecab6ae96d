// Why an instance's status changed, in the UI's language (issue 20 item 12): the one place a status reason code
// (`failed:conflict`, `disconnect:401`, `engine:qr`, `retry:2:4000:ECONNREFUSED`...) is put into words. The core
// sends the code with its English sentence (statusReasonText, as in webhooks and /v2/session/info). A code the
// locales know is worded from coreWords.status.<prefix>.<rest> (en.ts holds the core's sentences); English keeps
// the core's sentence when it came with one, and unknown codes keep it too.
import { i18n, t } from '../i18n/index.js'
import { formatDuration, formatNumber } from './format.js'

/** The locale key a status reason code maps to (`failed:conflict` -> coreWords.status.failed.conflict). */
export function statusKey(reason: string): string {
  const at = reason.indexOf(':')
  return at < 0 ? `coreWords.status.plain.${reason}` : `coreWords.status.${reason.slice(0, at)}.${reason.slice(at + 1)}`
}

/** retry:<attempt>:<delayMs>:<error>[@<proxy host:port>] in words, or undefined when it does not parse. */
function retryWords(reason: string): string | undefined {
  const m = /^retry:(\d+):(\d+):([^@]*)(?:@(.+))?$/.exec(reason)
  if (!m) return undefined
  const [, attempt, delay, error, proxy] = m
  const wait = formatDuration(Number(delay), 'millisecond')
  return t(proxy ? 'coreWords.status.retryProxy' : 'coreWords.status.retry', { error, attempt: formatNumber(Number(attempt)), wait, proxy })
}

/** The reason in the UI's language: a known code's words, else the core's sentence (or null when it has none). */
export function statusWords(reason: string | null, coreText: string | null): string | null {
  if (!reason || (i18n.language === 'en' && coreText)) return coreText
  if (reason.startsWith('retry:')) return retryWords(reason) ?? coreText
  const key = statusKey(reason)
  if (i18n.exists(key)) return t(key)
  if (reason.startsWith('disconnect:')) return t('coreWords.status.lost', { code: reason.slice(11) })
  return coreText
}

/**
 * Why an instance failed (its statusReason is `failed:<reason>`), in words: the code's words as statusWords has
 * them, else the core's sentence, else the bare reason; "unknown reason" without one.
 */
export function failureText(statusReason: string | null, coreText: string | null = null): string {
  return statusWords(statusReason, coreText) ?? (statusReason?.replace(/^failed:/, '') || t('coreWords.status.unknown'))
}
