// The on-WhatsApp cache: positive and negative answers expire on their own clocks, per instance, bounded in size.
import { describe, expect, it } from 'vitest'
import { OnWhatsAppCache } from './on-whatsapp-cache.js'

describe('OnWhatsAppCache', () => {
  it('keeps "on WhatsApp" longer than "not on WhatsApp", per instance', () => {
    let now = 0
    const c = new OnWhatsAppCache({ positiveTtlMs: 1_000, negativeTtlMs: 100, now: () => now })
    c.set('A', '1', { numberExists: true, chatId: '1@c.us' })
    c.set('A', '2', { numberExists: false, chatId: '2@c.us' })
    expect(c.get('B', '1')).toBeUndefined()
    now = 99
    expect(c.get('A', '2')).toEqual({ numberExists: false, chatId: '2@c.us' })
    now = 100
    expect(c.get('A', '2')).toBeUndefined()
    expect(c.get('A', '1')).toEqual({ numberExists: true, chatId: '1@c.us' })
    now = 1_000
    expect(c.get('A', '1')).toBeUndefined()
  })

  it('drops the oldest entry past its bound, and forgets an instance', () => {
    const c = new OnWhatsAppCache({ maxEntries: 2 })
    c.set('A', '1', { numberExists: true, chatId: '1@c.us' })
    c.set('A', '2', { numberExists: true, chatId: '2@c.us' })
    c.set('B', '3', { numberExists: true, chatId: '3@c.us' })
    expect(c.size).toBe(2)
    expect(c.get('A', '1')).toBeUndefined()
    c.forget('A')
    expect(c.get('A', '2')).toBeUndefined()
    expect(c.get('B', '3')).toBeDefined()
  })
})
