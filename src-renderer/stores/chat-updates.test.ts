// Pure rules of live chat updates: tick order, merging by id, search matching.
import { describe, expect, it } from 'vitest'
import type { MessageDto } from '../../src-preload/contract/dto.js'
import { laterAck, matchesSearch, upsertMessage } from './chat-updates.js'

const m = (id: string, timestamp: number, ack: MessageDto['ack'] = null): MessageDto => ({ id, chatId: 'a@c.us', fromMe: true, sender: null, text: id, timestamp, ack, media: null })

describe('chat updates', () => {
  it('moves ticks forward only; a failure only replaces pending or sent', () => {
    expect(laterAck('sent', 'delivered')).toBe('delivered')
    expect(laterAck('read', 'delivered')).toBe('read')
    expect(laterAck(null, 'sent')).toBe('sent')
    expect(laterAck('sent', null)).toBe('sent')
    expect(laterAck('pending', 'failed')).toBe('failed')
    expect(laterAck('delivered', 'failed')).toBe('delivered')
  })

  it('merges by id in time order', () => {
    const list = [m('a', 1), m('c', 3, 'read')]
    expect(upsertMessage(list, m('b', 2)).map((x) => x.id)).toEqual(['a', 'b', 'c'])
    expect(upsertMessage(list, { ...m('c', 3, 'sent'), text: 'edited' }).find((x) => x.id === 'c')).toMatchObject({ text: 'edited', ack: 'read' })
  })

  it('matches names case-insensitively and ids by digits', () => {
    expect(matchesSearch({ id: 'x@c.us', name: 'Bobby' }, 'BO')).toBe(true)
    expect(matchesSearch({ id: '15550001@c.us', name: 'Carol' }, '5550')).toBe(true)
    expect(matchesSearch({ id: 'x@c.us', name: 'Carol' }, 'bo')).toBe(false)
    expect(matchesSearch({ id: 'x@c.us', name: 'Carol' }, '  ')).toBe(true)
  })
})
