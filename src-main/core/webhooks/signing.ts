// Signature headers of one delivery attempt. Three families, so every receiver style can verify:
// - Standard Webhooks: webhook-id / webhook-timestamp (s) / webhook-signature "v1,<base64 HMAC-SHA256>" of
//   "{id}.{timestamp}.{body}". Key: a `whsec_` secret is base64-decoded (the spec's format); any other secret
//   is used as its raw UTF-8 bytes (Wawp/WAHA users type plain passphrases).
// - WAHA: X-Webhook-Hmac = hex HMAC-SHA512 of the raw body, X-Webhook-Hmac-Algorithm: sha512.
// - Wawp: X-Wawp-Signature = hex HMAC-SHA256 of the raw body.
// WAHA and Wawp receivers compute with the secret string as typed, so those two always use its UTF-8 bytes.
import { createHmac, randomUUID } from 'node:crypto'

export const WHSEC_PREFIX = 'whsec_'
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/

/** Key bytes for the Standard Webhooks signature (see header comment). */
export function standardKey(secret: string): Buffer {
  if (secret.startsWith(WHSEC_PREFIX)) return Buffer.from(secret.slice(WHSEC_PREFIX.length), 'base64')
  return Buffer.from(secret, 'utf8')
}

/** True when a `whsec_` secret carries valid base64 (plain secrets are always acceptable). */
export const isUsableSecret = (secret: string): boolean =>
  secret.length > 0 && (!secret.startsWith(WHSEC_PREFIX) || (BASE64.test(secret.slice(WHSEC_PREFIX.length)) && standardKey(secret).length > 0))

/** `v1,<base64>` for one (id, timestamp seconds, body). */
export function standardSignature(secret: string, id: string, timestampSec: number, body: string | Buffer): string {
  const mac = createHmac('sha256', standardKey(secret))
  mac.update(`${id}.${timestampSec}.`)
  mac.update(body)
  return `v1,${mac.digest('base64')}`
}

export const wahaHmac = (secret: string, body: string | Buffer): string => createHmac('sha512', Buffer.from(secret, 'utf8')).update(body).digest('hex')

export const wawpSignature = (secret: string, body: string | Buffer): string => createHmac('sha256', Buffer.from(secret, 'utf8')).update(body).digest('hex')

export interface DeliveryHeadersInput {
  eventId: string
  body: string
  secret: string | null
  /** Time of this attempt (ms); webhook-timestamp changes per attempt, the event id does not. */
  nowMs: number
  userAgent: string
  requestId?: string
  /** A sample event: says so in a header too, so a flow can skip it before parsing the body. */
  sample?: boolean
}

/** Set on the delivery of a sample event (its envelope has sample: true). */
export const SAMPLE_HEADER = 'x-switchboard-sample'

export function deliveryHeaders(input: DeliveryHeadersInput): Record<string, string> {
  const seconds = Math.floor(input.nowMs / 1000)
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': input.userAgent,
    'webhook-id': input.eventId,
    'webhook-timestamp': String(seconds),
    'x-webhook-request-id': input.requestId ?? randomUUID(),
    'x-webhook-timestamp': String(Math.floor(input.nowMs))
  }
  if (input.sample) headers[SAMPLE_HEADER] = 'true'
  if (input.secret) {
    headers['webhook-signature'] = standardSignature(input.secret, input.eventId, seconds, input.body)
    headers['x-webhook-hmac'] = wahaHmac(input.secret, input.body)
    headers['x-webhook-hmac-algorithm'] = 'sha512'
    headers['x-wawp-signature'] = wawpSignature(input.secret, input.body)
  }
  return headers
}
