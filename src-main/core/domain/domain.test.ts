import { describe, expect, it, vi } from 'vitest'
import { createEventBus } from './event-bus.js'
import { generateInstanceId, isInstanceId } from './ids.js'
import { canTransition, INSTANCE_STATUSES } from './instance-status.js'
import { isApiPhoneNumber } from './phone.js'
import { generateToken, hashTokenHex, tokenMatchesHash } from './tokens.js'

describe('domain', () => {
  it('generates 12-character uppercase alphanumeric instance ids', () => {
    const ids = new Set(Array.from({ length: 500 }, generateInstanceId))
    expect(ids.size).toBe(500)
    for (const id of ids) expect(isInstanceId(id)).toBe(true)
    expect(isInstanceId('abc')).toBe(false)
  })

  it('follows the state table', () => {
    expect(canTransition('STOPPED', 'STARTING')).toBe(true)
    expect(canTransition('STOPPED', 'WORKING')).toBe(false)
    expect(canTransition('WORKING', 'SCAN_QR_CODE')).toBe(true)
    expect(canTransition('FAILED', 'WORKING')).toBe(true) // a background retry connected
    expect(canTransition('FAILED', 'SCAN_QR_CODE')).toBe(false)
    for (const s of INSTANCE_STATUSES) {
      expect(canTransition('DELETED', s)).toBe(s === 'DELETED')
      if (s !== 'DELETED') expect(canTransition(s, 'DELETED')).toBe(true)
    }
  })

  it('validates API phone numbers', () => {
    expect(isApiPhoneNumber('201145202826')).toBe(true)
    for (const bad of ['+201145202826', '00201145202826', '2011 4520', '201-145', '(20)1145202826', '123', '1234567890123456', '']) {
      expect(isApiPhoneNumber(bad), bad).toBe(false)
    }
  })

  it('hashes tokens and compares them in constant time without throwing on length', () => {
    const token = generateToken()
    expect(Buffer.from(token, 'base64url')).toHaveLength(32)
    expect(tokenMatchesHash(token, hashTokenHex(token))).toBe(true)
    expect(tokenMatchesHash('x', hashTokenHex(token))).toBe(false)
    expect(tokenMatchesHash(token, 'abcd')).toBe(false)
  })

  it('delivers bus events in order, isolates throwing listeners, supports once/off/onAny', () => {
    const errors: unknown[] = []
    const bus = createEventBus<{ a: number; b: string }>((e) => errors.push(e))
    const seen: string[] = []
    bus.on('a', () => {
      throw new Error('boom')
    })
    const off = bus.on('a', (n) => seen.push(`a${n}`))
    bus.once('b', (s) => seen.push(`once-${s}`))
    const any = vi.fn()
    bus.onAny(any)
    bus.emit('a', 1)
    bus.emit('b', 'x')
    bus.emit('b', 'y')
    off()
    bus.emit('a', 2)
    expect(seen).toEqual(['a1', 'once-x'])
    expect(errors).toHaveLength(2)
    expect(any.mock.calls).toEqual([['a', 1], ['b', 'x'], ['b', 'y'], ['a', 2]])
    expect(bus.listenerCount('b')).toBe(0)
  })
})
