// Input spellings of the account operations: group ids, participant lists, invite codes and links, channel
// references, label colours and label lists.
import { describe, expect, it } from 'vitest'
import { isDomainError } from '../../domain/errors.js'
import { channelKeyOf } from './channel-params.js'
import { groupJidOf, inviteCodeOf, participantJids } from './group-params.js'
import { colorParam, labelIdsParam } from './label-params.js'

const codeOf = (fn: () => unknown): string | undefined => {
  try {
    fn()
  } catch (e) {
    return isDomainError(e) ? `${e.code}:${JSON.stringify(e.details?.invalid ?? e.details?.missing)}` : 'not a domain error'
  }
  return undefined
}

describe('group parameters', () => {
  it('group ids with or without @g.us, old creator-time ids; anything else is invalid_param id', () => {
    expect(groupJidOf('120363012345678901@g.us')).toBe('120363012345678901@g.us')
    expect(groupJidOf('120363012345678901')).toBe('120363012345678901@g.us')
    expect(groupJidOf('15551234567-1600000000@G.US')).toBe('15551234567-1600000000@g.us')
    expect(codeOf(() => groupJidOf('15551234567@c.us'))).toBe('invalid_param:["id"]')
    expect(codeOf(() => groupJidOf(''))).toBe('missing_param:["id"]')
  })

  it('participants in every spelling, deduplicated, PN and LID', () => {
    const expected = ['15551230001@s.whatsapp.net', '15551230002@s.whatsapp.net']
    expect(participantJids({ participants: [{ id: '15551230001@c.us' }, { id: '+1 555 123 0002' }] })).toEqual(expected)
    expect(participantJids({ participants: ['15551230001', '15551230002@s.whatsapp.net', '15551230001@c.us'] })).toEqual(expected)
    expect(participantJids({ participants: '15551230001, 15551230002' })).toEqual(expected)
    expect(participantJids({ participants: { '0': '15551230001', '1': { jid: '15551230002@c.us' } } })).toEqual(expected)
    expect(participantJids({ participant: '12345678901234@lid' })).toEqual(['12345678901234@lid'])
    expect(codeOf(() => participantJids({ participants: ['120363012345678901@g.us'] }))).toBe('invalid_chat_id:["participants[0]"]')
    expect(codeOf(() => participantJids({ participants: [] }))).toBe('missing_param:["participants"]')
    expect(codeOf(() => participantJids({ participants: [{ name: 'x' }] }))).toBe('invalid_param:["participants[0]"]')
  })

  it('invite codes from code, url or link, bare or as chat.whatsapp.com links', () => {
    expect(inviteCodeOf({ code: 'AbCdEf123456' })).toBe('AbCdEf123456')
    expect(inviteCodeOf({ url: 'https://chat.whatsapp.com/AbCdEf123456' })).toBe('AbCdEf123456')
    expect(inviteCodeOf({ link: 'https://chat.whatsapp.com/invite/AbCdEf123456?x=1' })).toBe('AbCdEf123456')
    expect(codeOf(() => inviteCodeOf({}))).toBe('missing_param:["code"]')
    expect(codeOf(() => inviteCodeOf({ code: 'a b' }))).toBe('invalid_param:["code"]')
  })
})

describe('channel references', () => {
  it('ids (with or without @newsletter) and invites (codes or links)', () => {
    expect(channelKeyOf('120363000000000001@newsletter')).toEqual({ type: 'jid', key: '120363000000000001@newsletter' })
    expect(channelKeyOf('120363000000000001')).toEqual({ type: 'jid', key: '120363000000000001@newsletter' })
    expect(channelKeyOf('https://whatsapp.com/channel/0029VaAbCdEf')).toEqual({ type: 'invite', key: '0029VaAbCdEf' })
    expect(channelKeyOf('0029VaAbCdEf')).toEqual({ type: 'invite', key: '0029VaAbCdEf' })
    expect(codeOf(() => channelKeyOf('not a channel!'))).toBe('invalid_param:["id"]')
  })
})

describe('label parameters', () => {
  it('colour by index or by the WAHA hex map', () => {
    expect(colorParam({ color: '19' })).toBe(19)
    expect(colorParam({ colorHex: 'FF9485' })).toBe(0)
    expect(colorParam({ colorHex: '#9368cf' })).toBe(19)
    expect(colorParam({})).toBeUndefined()
    expect(codeOf(() => colorParam({ color: '20' }))).toBe('invalid_param:["color"]')
    expect(codeOf(() => colorParam({ color: '1.5' }))).toBe('invalid_param:["color"]')
    expect(codeOf(() => colorParam({ colorHex: '#000000' }))).toBe('invalid_param:["colorHex"]')
  })

  it('label lists in every spelling; [] is allowed (clears a chat)', () => {
    expect(labelIdsParam({ labels: [{ id: '1' }, { id: 2 }, '1'] })).toEqual(['1', '2'])
    expect(labelIdsParam({ labels: '3,4' })).toEqual(['3', '4'])
    expect(labelIdsParam({ labels: [] })).toEqual([])
    expect(codeOf(() => labelIdsParam({}))).toBe('missing_param:["labels"]')
    expect(codeOf(() => labelIdsParam({ labels: [{ id: 'a b' }] }))).toBe('invalid_param:["labels[0]"]')
  })
})
