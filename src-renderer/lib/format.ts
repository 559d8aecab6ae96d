// Small display helpers: times, countdowns, phone numbers, pairing codes, limits.

export const formatTime = (ms: number): string => new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })

/** Hours, minutes and seconds (retries come seconds apart). */
export const formatClock = (ms: number): string => new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' })

export const formatDateTime = (ms: number): string => new Date(ms).toLocaleString([], { dateStyle: 'short', timeStyle: 'medium' })

/** Whole seconds left until `at` (never negative). */
export const secondsLeft = (at: number, now: number): number => Math.max(0, Math.ceil((at - now) / 1000))

export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`
  const m = Math.floor(seconds / 60)
  const s = seconds % 60
  return s ? `${m} min ${s} s` : `${m} min`
}

/** Pairing codes are 8 characters, shown as XXXX-XXXX. */
export function formatPairingCode(code: string): string {
  const c = code.replace(/[^A-Za-z0-9]/g, '').toUpperCase()
  return c.length === 8 ? `${c.slice(0, 4)}-${c.slice(4)}` : code
}

/** The API's rule: digits only with the country code (no +, 00, spaces or dashes), 7 to 15 digits. */
export function phoneNumberProblem(value: string): string | undefined {
  const v = value.trim()
  if (!v) return 'Enter the phone number with its country code'
  if (/^\+/.test(v)) return 'Leave out the +: digits only, country code first (e.g. 15550000001)'
  if (/^00/.test(v)) return 'Leave out the 00: digits only, country code first (e.g. 15550000001)'
  if (/[^0-9]/.test(v)) return 'Digits only: no spaces, dashes or brackets'
  if (v.startsWith('0')) return 'Start with the country code (it never starts with 0)'
  if (v.length < 7 || v.length > 15) return 'A phone number with country code has 7 to 15 digits'
  return undefined
}

export const formatLimit = (value: number | null, unit = ''): string => (value === null ? 'No limit' : `${value.toLocaleString()}${unit}`)

const FAILURES: Record<string, string> = {
  qr_timeout: 'nobody scanned the QR code in time',
  retries_exhausted: 'it could not connect after several attempts (is the network down?)',
  proxy_unreachable: "it could not connect through its proxy (is the proxy server running?)",
  conflict: 'the account kept being opened elsewhere',
  forbidden: 'the network refused the account',
  banned: 'the network banned the account'
}

/** Why an instance failed, in words (the core's statusReason is `failed:<reason>`; unknown reasons stay as they are). */
export function failureText(statusReason: string | null): string {
  const reason = statusReason?.replace(/^failed:/, '') ?? ''
  return FAILURES[reason] ?? (reason || 'unknown reason')
}
