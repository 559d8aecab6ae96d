// Validation and normalization of user-supplied webhook configs. Accepts the loose forms the v2 API receives
// (query strings, "1"/"0", JSON text) so routes stay thin; every rejection names its field.
import { WebhookValidationError } from './errors.js'
import { EVENT_NAME_PATTERN } from './event-names.js'
import { isUsableSecret } from './signing.js'

export interface WebhookRetries {
  /** Base delay in seconds between attempts (grows exponentially, see retry-policy.ts). */
  delay: number
  /** Total delivery attempts, the first one included (0 and 1 both mean "no retry"). */
  attempts: number
}

export const DEFAULT_RETRIES: Readonly<WebhookRetries> = { delay: 2, attempts: 15 }

/** What a caller may send; omitted fields keep their current value (or the default on create). */
export interface WebhookInput {
  url: string
  events?: readonly string[] | string
  is_active?: boolean | number | string
  retries?: { delay?: number | string; attempts?: number | string } | string
  /** Shared secret; null or "" removes it. */
  hmac?: string | null
  name?: string | null
}

/** Normalized values; undefined = not given. */
export interface WebhookFields {
  events?: string[]
  isActive?: boolean
  retries?: Partial<WebhookRetries>
  hmac?: string | null
  name?: string | null
}

const invalid = (field: string, code: string, message: string): WebhookValidationError =>
  new WebhookValidationError(code, message, { field })

/** http(s) absolute URL, normalized (so upsert/delete by URL compare the same spelling). */
export function normalizeWebhookUrl(raw: unknown): string {
  if (raw === undefined || raw === null || raw === '') {
    throw new WebhookValidationError('missing_param', 'url is required', { missing: ['url'], field: 'url' })
  }
  if (typeof raw !== 'string') throw invalid('url', 'invalid_webhook_url', 'url must be a string')
  const text = raw.trim()
  if (text.length > 2048) throw invalid('url', 'invalid_webhook_url', 'url is longer than 2048 characters')
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw invalid('url', 'invalid_webhook_url', `url is not an absolute URL: ${text}`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw invalid('url', 'invalid_webhook_url', `url must use http or https, not ${url.protocol.replace(':', '')}`)
  }
  if (!url.hostname) throw invalid('url', 'invalid_webhook_url', 'url has no host')
  return url.href
}

function parseJsonText(field: string, code: string, text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    throw invalid(field, code, `${field} is not valid JSON`)
  }
}

export function normalizeEvents(raw: unknown): string[] {
  let list = raw
  if (typeof list === 'string') {
    const t = list.trim()
    // JSON text (as in the docs' query examples) or a comma list ("message,message.ack").
    list = t.startsWith('[') ? parseJsonText('events', 'invalid_webhook_events', t) : t.split(',').map((s) => s.trim()).filter(Boolean)
  }
  if (!Array.isArray(list)) throw invalid('events', 'invalid_webhook_events', 'events must be an array of event names')
  if (list.length === 0) throw invalid('events', 'invalid_webhook_events', 'events must name at least one event, or "*"')
  const out: string[] = []
  for (const e of list) {
    if (typeof e !== 'string' || !EVENT_NAME_PATTERN.test(e)) throw invalid('events', 'invalid_webhook_events', `invalid event name: ${JSON.stringify(e)}`)
    if (!out.includes(e)) out.push(e)
  }
  return out
}

export function normalizeBoolean(field: string, raw: unknown): boolean {
  if (raw === true || raw === 1 || raw === '1' || raw === 'true') return true
  if (raw === false || raw === 0 || raw === '0' || raw === 'false') return false
  throw invalid(field, `invalid_webhook_${field}`, `${field} must be true/false or 1/0`)
}

function toNumber(raw: unknown): number {
  if (typeof raw === 'number') return raw
  if (typeof raw === 'string' && raw.trim() !== '') return Number(raw)
  return Number.NaN
}

export function normalizeRetries(raw: unknown): Partial<WebhookRetries> {
  const value = typeof raw === 'string' ? parseJsonText('retries', 'invalid_webhook_retries', raw) : raw
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalid('retries', 'invalid_webhook_retries', 'retries must be an object {delay, attempts}')
  }
  const r = value as { delay?: unknown; attempts?: unknown; delaySeconds?: unknown }
  const out: Partial<WebhookRetries> = {}
  // WAHA calls it delaySeconds; accept both spellings.
  const delayRaw = r.delay ?? r.delaySeconds
  if (delayRaw !== undefined) {
    const d = toNumber(delayRaw)
    if (!Number.isFinite(d) || d < 0 || d > 86_400) throw invalid('retries', 'invalid_webhook_retries', 'retries.delay must be 0..86400 seconds')
    out.delay = d
  }
  if (r.attempts !== undefined) {
    const a = toNumber(r.attempts)
    if (!Number.isInteger(a) || a < 0 || a > 100) throw invalid('retries', 'invalid_webhook_retries', 'retries.attempts must be an integer 0..100')
    out.attempts = a
  }
  return out
}

export function normalizeHmac(raw: unknown): string | null {
  if (raw === null || raw === '') return null
  if (typeof raw !== 'string') throw invalid('hmac', 'invalid_webhook_hmac', 'hmac must be a string')
  if (raw.length > 512) throw invalid('hmac', 'invalid_webhook_hmac', 'hmac is longer than 512 characters')
  if (!isUsableSecret(raw)) throw invalid('hmac', 'invalid_webhook_hmac', 'a whsec_ secret must be followed by base64')
  return raw
}

export function normalizeName(raw: unknown): string | null {
  if (raw === null || raw === '') return null
  if (typeof raw !== 'string') throw invalid('name', 'invalid_webhook_name', 'name must be a string')
  if (raw.length > 200) throw invalid('name', 'invalid_webhook_name', 'name is longer than 200 characters')
  return raw
}

/** Normalizes every given field of `input` (url excluded); throws on the first invalid one. */
export function normalizeFields(input: Partial<WebhookInput>): WebhookFields {
  const out: WebhookFields = {}
  if (input.events !== undefined) out.events = normalizeEvents(input.events)
  if (input.is_active !== undefined) out.isActive = normalizeBoolean('is_active', input.is_active)
  if (input.retries !== undefined) out.retries = normalizeRetries(input.retries)
  if (input.hmac !== undefined) out.hmac = normalizeHmac(input.hmac)
  if (input.name !== undefined) out.name = normalizeName(input.name)
  return out
}
