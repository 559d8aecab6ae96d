// /v2/labels on the sandbox with real Baileys: the instance creates, edits, assigns and deletes labels and the
// account's own phone (the simulated person behind it) receives each change through app-state sync; labels
// made on the phone show up in the API; the list is the spec's object keyed by ordinal.
import type { BaileysEventMap, WASocket } from '@whiskeysockets/baileys'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectNotWorking, pn, startAccountCore, stopSession, waitUntil, type AccountCore } from '../../../testing/account-core.js'

const ME = '15550106001'
const BOB = '15550106002'

describe.sequential('/v2/labels', () => {
  let c: AccountCore
  let phone: WASocket
  const edits: BaileysEventMap['labels.edit'][] = []
  const assocs: BaileysEventMap['labels.association'][] = []
  const phoneSawEdit = (pred: (l: BaileysEventMap['labels.edit']) => boolean, what: string) => waitUntil(() => edits.find(pred), 8000, what)
  const phoneSawAssoc = (type: 'add' | 'remove', labelId: string) =>
    waitUntil(() => assocs.find((a) => a.type === type && a.association.labelId === labelId && 'chatId' in a.association && a.association.chatId === pn(BOB)), 8000, `${type} ${labelId}`)

  beforeAll(async () => {
    c = await startAccountCore(ME, [BOB])
    phone = await c.person(ME)
    phone.ev.on('labels.edit', (l) => edits.push(l))
    phone.ev.on('labels.association', (a) => assocs.push(a))
  })
  afterAll(async () => c?.close())

  it('an account without labels lists {}', async () => {
    const res = await c.api('GET', '/v2/labels')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({})
  })

  it('create (colorHex and color, both paths): 201 with the label; the phone gets it', async () => {
    const vip = await c.api('POST', '/v2/labels', { name: 'VIP', colorHex: '#64C4FF' })
    expect(vip.statusCode).toBe(201)
    expect(vip.json()).toEqual({ id: '1', name: 'VIP', color: 1, colorHex: '#64c4ff' })
    await phoneSawEdit((l) => l.id === '1' && l.name === 'VIP' && l.color === 1, 'phone got VIP')
    const lead = await c.api('POST', '/v2/labels/create', undefined, { name: 'Lead', color: '5' })
    expect(lead.json()).toEqual({ id: '2', name: 'Lead', color: 5, colorHex: '#55ccb3' })
    const list = (await c.api('GET', '/v2/labels')).json()
    expect(list).toEqual({ '0': { id: '1', name: 'VIP', color: 1, colorHex: '#64c4ff' }, '1': { id: '2', name: 'Lead', color: 5, colorHex: '#55ccb3' } })
    expect((await c.api('GET', '/v2/labels/all')).json()).toEqual(list)
  })

  it('update: name and colour; what is not sent stays', async () => {
    const res = await c.api('PUT', '/v2/labels/1', { name: 'VIP+' })
    expect(res.json()).toEqual({ id: '1', name: 'VIP+', color: 1, colorHex: '#64c4ff' })
    await phoneSawEdit((l) => l.id === '1' && l.name === 'VIP+', 'phone got the rename')
    expect((await c.api('PUT', '/v2/labels/1', { color: 13 })).json()).toMatchObject({ name: 'VIP+', color: 13, colorHex: '#f74848' })
    expect((await c.api('GET', '/v2/labels')).json()['0']).toMatchObject({ id: '1', name: 'VIP+', color: 13 })
  })

  it('labels of a chat: set exactly, add one, remove one; chats of a label', async () => {
    const set = await c.api('PUT', `/v2/labels/chats/${BOB}@c.us`, { labels: [{ id: '1' }, { id: '2' }] })
    expect(set.statusCode).toBe(200)
    expect(set.json().map((l: { id: string }) => l.id)).toEqual(['1', '2'])
    await phoneSawAssoc('add', '1')
    await phoneSawAssoc('add', '2')
    expect((await c.api('GET', '/v2/labels/1/chats')).json()).toEqual([{ id: `${BOB}@c.us` }])
    expect((await c.api('GET', `/v2/labels/chats/${BOB}`)).json().map((l: { id: string }) => l.id)).toEqual(['1', '2'])

    const narrowed = await c.api('PUT', `/v2/labels/chats/${encodeURIComponent(`${BOB}@c.us`)}`, { labels: '2' })
    expect(narrowed.json().map((l: { id: string }) => l.id)).toEqual(['2'])
    await phoneSawAssoc('remove', '1')
    expect((await c.api('GET', '/v2/labels/1/chats')).json()).toEqual([])

    expect((await c.api('DELETE', `/v2/labels/2/chats/${BOB}@c.us`)).json()).toEqual({ success: true })
    await phoneSawAssoc('remove', '2')
    expect((await c.api('POST', `/v2/labels/1/chats/${BOB}@c.us`)).json()).toEqual({ success: true })
    expect((await c.api('GET', `/v2/labels/chats/${BOB}@c.us`)).json()).toEqual([{ id: '1', name: 'VIP+', color: 13, colorHex: '#f74848' }])
  })

  it('a label made on the phone appears in the API', async () => {
    await phone.addLabel('', { id: '9', name: 'From the phone', color: 2, deleted: false })
    await waitUntil(async () => Object.values((await c.api('GET', '/v2/labels')).json() as Record<string, { id: string }>).some((l) => l.id === '9'), 8000, 'phone label listed')
  })

  it('delete (DELETE and the /delete alias): gone from the list, the phone and the chats', async () => {
    expect((await c.api('DELETE', '/v2/labels/1')).json()).toEqual({ success: true, id: '1' })
    await phoneSawEdit((l) => l.id === '1' && !!l.deleted, 'phone deleted 1')
    expect((await c.api('GET', `/v2/labels/chats/${BOB}`)).json()).toEqual([])
    expect((await c.api('POST', '/v2/labels/9/delete')).json()).toEqual({ success: true, id: '9' })
    expect(Object.values((await c.api('GET', '/v2/labels')).json()).map((l) => (l as { id: string }).id)).toEqual(['2'])
  })

  it('errors: unknown label 404, bad colour, name or chat 400 naming the parameter', async () => {
    for (const [method, path, body] of [
      ['PUT', '/v2/labels/77', { name: 'x' }],
      ['GET', '/v2/labels/77/chats', undefined],
      ['DELETE', '/v2/labels/77', undefined],
      ['PUT', `/v2/labels/chats/${BOB}@c.us`, { labels: ['77'] }]
    ] as const) {
      const res = await c.api(method, path, body)
      expect(res.statusCode, path).toBe(404)
      expect(res.json().code, path).toBe('label_not_found')
    }
    expect((await c.api('POST', '/v2/labels', { name: 'x', color: 25 })).json().details.invalid).toEqual(['color'])
    expect((await c.api('POST', '/v2/labels', { name: 'x', colorHex: '#123456' })).json().details.invalid).toEqual(['colorHex'])
    expect((await c.api('POST', '/v2/labels', { color: 1 })).json().details.missing).toEqual(['name'])
    expect((await c.api('PUT', '/v2/labels/2', {})).json().details.missing).toEqual(['name', 'color'])
    expect((await c.api('PUT', '/v2/labels/chats/nobody', { labels: ['2'] })).json()).toMatchObject({ code: 'invalid_chat_id', details: { invalid: ['chatId'] } })
    expect((await c.api('PUT', `/v2/labels/chats/${BOB}`, {})).json().details.missing).toEqual(['labels'])
  })

  it('a stopped session refuses changes with 422; reads still answer from the store', async () => {
    await stopSession(c)
    await expectNotWorking(c, 'POST', '/v2/labels', { name: 'late' })
    expect((await c.api('GET', '/v2/labels')).statusCode).toBe(200)
  })
})
