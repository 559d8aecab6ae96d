import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { deliveryHeaders, standardSignature, wahaHmac } from './signing.js'
import { verifyWebhook } from './verify.js'

const vector = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  ts: 1614265330,
  body: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE='
}
const atVector = () => vector.ts * 1000

describe('Standard Webhooks signing', () => {
  it('matches the spec test vector', () => {
    expect(standardSignature(vector.secret, vector.id, vector.ts, vector.body)).toBe(vector.signature)
  })

  it('verifies the vector, including inside a rotation list', () => {
    const headers = { 'webhook-id': vector.id, 'webhook-timestamp': String(vector.ts), 'webhook-signature': `v1,bm9wZQ== ${vector.signature}` }
    expect(verifyWebhook(headers, vector.body, vector.secret, { now: atVector })).toEqual({ test: 2432232314 })
  })

  it('rejects a tampered body, a wrong secret, missing headers and stale timestamps', () => {
    const headers = { 'webhook-id': vector.id, 'webhook-timestamp': String(vector.ts), 'webhook-signature': vector.signature }
    const code = (f: () => unknown) => {
      try {
        f()
      } catch (e) {
        return (e as { code: string }).code
      }
      return 'ok'
    }
    expect(code(() => verifyWebhook(headers, '{"test": 2432232315}', vector.secret, { now: atVector }))).toBe('webhook_signature_mismatch')
    expect(code(() => verifyWebhook(headers, vector.body, 'whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAA', { now: atVector }))).toBe('webhook_signature_mismatch')
    expect(code(() => verifyWebhook({ ...headers, 'webhook-id': undefined }, vector.body, vector.secret, { now: atVector }))).toBe('webhook_missing_headers')
    expect(code(() => verifyWebhook(headers, vector.body, vector.secret, { now: () => atVector() + 301_000 }))).toBe('webhook_timestamp_out_of_tolerance')
    expect(code(() => verifyWebhook(headers, vector.body, vector.secret, { now: () => atVector() - 301_000 }))).toBe('webhook_timestamp_out_of_tolerance')
    expect(code(() => verifyWebhook({}, vector.body, vector.secret))).toBe('webhook_missing_headers')
  })

  it('uses a plain (non-whsec) secret as raw UTF-8 bytes', () => {
    const expected = createHmac('sha256', Buffer.from('my-secret', 'utf8')).update(`${vector.id}.${vector.ts}.${vector.body}`).digest('base64')
    expect(standardSignature('my-secret', vector.id, vector.ts, vector.body)).toBe(`v1,${expected}`)
  })
})

describe('delivery headers', () => {
  const body = '{"event":"message","session":"default","engine":"WEBJS"}'

  it('matches the WAHA published HMAC-SHA512 vector', () => {
    const mac = wahaHmac('my-secret-key', body)
    expect(mac.startsWith('208f8a55dde9e055')).toBe(true)
    expect(mac.endsWith('6153fa89')).toBe(true)
  })

  it('sends every family when a secret is set, and each verifies', () => {
    const nowMs = 1_700_000_000_123
    const h = deliveryHeaders({ eventId: 'evt_x', body, secret: 'my-secret-key', nowMs, userAgent: 'ua' })
    expect(h).toMatchObject({
      'webhook-id': 'evt_x',
      'webhook-timestamp': '1700000000',
      'x-webhook-timestamp': String(nowMs),
      'x-webhook-hmac-algorithm': 'sha512',
      'x-wawp-signature': createHmac('sha256', 'my-secret-key').update(body).digest('hex')
    })
    expect(h['x-webhook-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    const now = () => nowMs
    expect(verifyWebhook(h, body, 'my-secret-key', { now, scheme: 'standard' })).toMatchObject({ event: 'message' })
    expect(verifyWebhook(h, body, 'my-secret-key', { scheme: 'waha' })).toMatchObject({ event: 'message' })
    expect(verifyWebhook(h, body, 'my-secret-key', { scheme: 'wawp' })).toMatchObject({ event: 'message' })
  })

  it('sends no signature headers without a secret', () => {
    const h = deliveryHeaders({ eventId: 'evt_x', body, secret: null, nowMs: 0, userAgent: 'ua' })
    expect(Object.keys(h).filter((k) => /signature|hmac/.test(k))).toEqual([])
    expect(h['webhook-id']).toBe('evt_x')
  })
})
