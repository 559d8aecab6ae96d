// Issue 23 item 7: a sample of every event kind matches that event's documented schema (the one its real payloads
// are typed with), so automation builders can map fields from it.
import { Value } from '@sinclair/typebox/value'
import { describe, expect, it } from 'vitest'
import { SAMPLE_EVENTS, isSampleEvent, samplePayload } from './samples.js'
import { PAYLOAD_SCHEMAS } from './schemas.js'

describe('sample payloads', () => {
  it('cover every emitted event, each valid against its schema', () => {
    expect(SAMPLE_EVENTS.sort()).toEqual(Object.keys(PAYLOAD_SCHEMAS).sort())
    for (const event of SAMPLE_EVENTS) {
      const payload = samplePayload(event, { me: '15550000001@c.us', session: 'shop', instanceId: 'ABCDEF123456', now: 1767225600 })
      const errors = [...Value.Errors(PAYLOAD_SCHEMAS[event], payload)].map((e) => `${e.path}: ${e.message}`)
      expect(errors, event).toEqual([])
    }
  })

  it('fills the fields a flow maps with plausible values', () => {
    expect(samplePayload('message', { me: '15550000001@c.us', now: 1767225600 })).toMatchObject({
      from: '15551234567@c.us', to: '15550000001@c.us', fromMe: false, body: expect.stringContaining('sample'), timestamp: 1767225600, hasMedia: false, media: null
    })
    expect(samplePayload('session.status', { session: 'shop', instanceId: 'ABCDEF123456' })).toMatchObject({ name: 'shop', status: 'WORKING', instance_id: 'ABCDEF123456' })
    expect(isSampleEvent('message.ack')).toBe(true)
    expect(isSampleEvent('webhook.test')).toBe(false)
    expect(isSampleEvent('toString')).toBe(false)
  })
})
