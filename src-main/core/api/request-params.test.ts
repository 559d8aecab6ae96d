import { describe, expect, it } from 'vitest'
import { looseBoolean, mergeParams, normalizeParams, splitKey, stringParam } from './request-params.js'

describe('request parameters', () => {
  it('merges query and body, the body winning', () => {
    expect(mergeParams({ a: '1', b: '2' }, { b: '3', c: 4 })).toEqual({ a: '1', b: '3', c: 4 })
    expect(mergeParams({ a: '1' }, 'not an object')).toEqual({ a: '1' })
  })

  it('nests bracket and dotted keys, merging with nested objects', () => {
    expect(splitKey('file[url]')).toEqual(['file', 'url'])
    expect(splitKey('a[0][b]')).toEqual(['a', '0', 'b'])
    expect(splitKey('message.title')).toEqual(['message', 'title'])
    expect(normalizeParams({ 'file[url]': 'u', 'file[filename]': 'f', 'event.location.name': 'x' })).toEqual({
      file: { url: 'u', filename: 'f' },
      event: { location: { name: 'x' } }
    })
    expect(mergeParams({ 'file[url]': 'u' }, { file: { mimetype: 'm', url: 'v' } })).toEqual({ file: { url: 'v', mimetype: 'm' } })
  })

  it('parses JSON text only for known keys and treats "null" as absent', () => {
    expect(normalizeParams({ participants: '["1@c.us"]', message: '[not json]', poll: '{"name":"q"}', reply_to: 'null' })).toEqual({
      participants: ['1@c.us'],
      message: '[not json]',
      poll: { name: 'q' }
    })
  })

  it('ignores prototype-polluting keys', () => {
    const out = normalizeParams({ '__proto__[x]': '1', 'a[constructor]': '2', 'constructor.prototype.y': '3' })
    expect(({} as Record<string, unknown>).x).toBeUndefined()
    expect(out).toEqual({})
  })

  it('reads loose booleans and single string values', () => {
    expect([true, 'true', '1', 1, false, 'false', '0', 0, 'yes'].map(looseBoolean)).toEqual([true, true, true, true, false, false, false, false, undefined])
    expect(stringParam({ a: [' x ', ' y '] }, 'a')).toBe('y')
    expect(stringParam({ a: 12 }, 'a')).toBe('12')
    expect(stringParam({ a: '  ' }, 'a')).toBeUndefined()
    expect(stringParam({ a: { b: 1 } }, 'a')).toBeUndefined()
  })
})
