// Receiver-side verification of our deliveries (used by tests and shown in the user docs). Checks the
// Standard Webhooks signature (with timestamp tolerance and key-rotation lists), or the WAHA / Wawp HMACs.
import { timingSafeEqual } from 'node:crypto'
import { WebhookVerificationError } from './errors.js'
import { standardSignature, wahaHmac, wawpSignature } from './signing.js'

export type HeaderBag = Headers | Readonly<Record<string, string | readonly string[] | undefined>>

export type SignatureScheme = 'standard' | 'waha' | 'wawp'

export interface VerifyOptions {
  /** Accepted clock skew for webhook-timestamp, both directions (Standard Webhooks uses 5 min). */
  toleranceSeconds?: number
  now?: () => number
  /** Require one scheme; by default the first present of standard, waha, wawp is checked. */
  scheme?: SignatureScheme
}

function header(headers: HeaderBag, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined
  const bag = headers as Readonly<Record<string, string | readonly string[] | undefined>>
  const key = Object.keys(bag).find((k) => k.toLowerCase() === name)
  const v = key === undefined ? undefined : bag[key]
  return Array.isArray(v) ? v.join(' ') : (v as string | undefined)
}

const sameText = (a: string, b: string): boolean => {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

function verifyStandard(headers: HeaderBag, body: string | Buffer, secret: string, opts: VerifyOptions): void {
  const id = header(headers, 'webhook-id')
  const ts = header(headers, 'webhook-timestamp')
  const sig = header(headers, 'webhook-signature')
  if (!id || !ts || !sig) throw new WebhookVerificationError('webhook_missing_headers', 'webhook-id, webhook-timestamp and webhook-signature are required')
  const seconds = Number(ts)
  if (!/^\d+$/.test(ts) || !Number.isSafeInteger(seconds)) throw new WebhookVerificationError('webhook_invalid_timestamp', 'webhook-timestamp is not an integer')
  const nowSec = Math.floor((opts.now ?? Date.now)() / 1000)
  const tolerance = opts.toleranceSeconds ?? 300
  if (Math.abs(nowSec - seconds) > tolerance) {
    throw new WebhookVerificationError('webhook_timestamp_out_of_tolerance', `webhook-timestamp is more than ${tolerance}s away from now`)
  }
  const expected = standardSignature(secret, id, seconds, body)
  // A space-separated list allows key rotation: any v1 entry that matches is enough.
  const ok = sig.split(' ').some((entry) => entry.startsWith('v1,') && sameText(entry, expected))
  if (!ok) throw new WebhookVerificationError('webhook_signature_mismatch', 'no webhook-signature entry matches')
}

function verifyHex(value: string | undefined, expected: string, name: string): void {
  if (!value) throw new WebhookVerificationError('webhook_missing_headers', `${name} is required`)
  if (!sameText(value.toLowerCase(), expected)) throw new WebhookVerificationError('webhook_signature_mismatch', `${name} does not match`)
}

/**
 * Verifies a delivery against `secret` and returns the parsed body. Pass the RAW body exactly as received:
 * re-serialized JSON will not match. Throws WebhookVerificationError (code says why) on failure.
 */
export function verifyWebhook<T = unknown>(headers: HeaderBag, body: string | Buffer, secret: string, opts: VerifyOptions = {}): T {
  const scheme =
    opts.scheme ??
    (header(headers, 'webhook-signature') ? 'standard' : header(headers, 'x-webhook-hmac') ? 'waha' : header(headers, 'x-wawp-signature') ? 'wawp' : undefined)
  if (scheme === 'standard') verifyStandard(headers, body, secret, opts)
  else if (scheme === 'waha') {
    const alg = header(headers, 'x-webhook-hmac-algorithm')
    if (alg && alg.toLowerCase() !== 'sha512') throw new WebhookVerificationError('webhook_unsupported_algorithm', `unsupported algorithm ${alg}`)
    verifyHex(header(headers, 'x-webhook-hmac'), wahaHmac(secret, body), 'x-webhook-hmac')
  } else if (scheme === 'wawp') verifyHex(header(headers, 'x-wawp-signature'), wawpSignature(secret, body), 'x-wawp-signature')
  else throw new WebhookVerificationError('webhook_missing_headers', 'no signature header present')
  return JSON.parse(typeof body === 'string' ? body : body.toString('utf8')) as T
}
