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

  it('parses labels sent as JSON text (PUT /v2/labels/chats/{chatId}?labels=[{"id":"1"}])', () => {
    expect(normalizeParams({ labels: '[{"id":"1"},{"id":"2"}]' })).toEqual({ labels: [{ id: '1' }, { id: '2' }] })
  })

  it("reads PHP's indexed keys and docs-rendered {\"0\":…} objects as arrays, at any depth", () => {
    // http_build_query(['events' => ['message', 'message.ack']]) and Guzzle form_params spell arrays this way.
    expect(normalizeParams({ 'events[0]': 'message', 'events[1]': 'message.ack', 'webhooks[0][url]': 'u', 'webhooks[0][events][0]': '*' })).toEqual({
      events: ['message', 'message.ack'],
      webhooks: [{ url: 'u', events: ['*'] }]
    })
    expect(normalizeParams({ contacts: { '0': { fullName: 'A' } }, poll: { options: { '1': 'b', '0': 'a' } } })).toEqual({ contacts: [{ fullName: 'A' }], poll: { options: ['a', 'b'] } })
    // Not dense from 0, or not all numeric: left as objects (the routes' own readers decide).
    expect(normalizeParams({ 'a[1]': 'x', 'a[2]': 'y', 'b[0]': 'x', 'b[k]': 'y' })).toEqual({ a: { '1': 'x', '2': 'y' }, b: { '0': 'x', k: 'y' } })
    // The top level stays an object whatever its keys.
    expect(normalizeParams({ '0': 'x' })).toEqual({ '0': 'x' })
    expect(mergeParams({ 'events[0]': 'message' }, { url: 'u' })).toEqual({ events: ['message'], url: 'u' })
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
