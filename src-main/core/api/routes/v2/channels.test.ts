// /v2/channels on the sandbox with real Baileys: the instance creates, looks up, follows, mutes, unfollows and
// deletes channels while a simulated person (another account) owns or reads them and confirms each effect;
// the known-channels table follows along; search answers empty; errors name their cause.
import type { WASocket } from '@whiskeysockets/baileys'
import { Jimp } from 'jimp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectNotWorking, startAccountCore, stopSession, waitUntil, type AccountCore } from '../../../testing/account-core.js'

const ME = '15550105001'
const BOB = '15550105002'

interface Meta {
  id: string
  thread_metadata: { name: { text: string }; subscribers_count: string; picture: { direct_path: string } }
  viewer_metadata: { role: string; mute: string }
}

describe.sequential('/v2/channels', () => {
  let c: AccountCore
  let bob: WASocket
  let mine = ''
  let bobs = ''
  let bobsInvite = ''
  const meta = async (id: string) => (await bob.newsletterMetadata('jid', id)) as unknown as Meta

  beforeAll(async () => {
    c = await startAccountCore(ME, [BOB])
    bob = await c.person(BOB)
  })
  afterAll(async () => c?.close())

  it('create with a picture (POST /v2/channels): 201, OWNER; another account finds it with the picture', async () => {
    const jpeg = await new Jimp({ width: 100, height: 100, color: 0x22aa66ff }).getBuffer('image/jpeg')
    const res = await c.api('POST', '/v2/channels', { name: 'Switchboard News', description: 'Release notes', picture: { data: jpeg.toString('base64'), mimetype: 'image/jpeg' }, type: 'string' })
    expect(res.statusCode).toBe(201)
    const ch = res.json()
    mine = ch.id
    expect(ch).toMatchObject({ name: 'Switchboard News', description: 'Release notes', role: 'OWNER', muted: false, subscribersCount: 1, verified: false })
    expect(ch.id).toMatch(/@newsletter$/)
    expect(ch.invite).toBe(`https://whatsapp.com/channel/${ch.inviteCode}`)
    expect(ch.picture).toMatch(/^https:\/\//)
    const seen = await meta(mine)
    expect(seen.thread_metadata.name.text).toBe('Switchboard News')
    expect(seen.thread_metadata.picture.direct_path).toBeTruthy()
    expect(seen.viewer_metadata.role).toBe('GUEST')
  })

  it('create alias (POST /v2/channels/create); the list knows both, filtered by role', async () => {
    const res = await c.api('POST', '/v2/channels/create', { name: 'Second' })
    expect(res.statusCode).toBe(201)
    const all = (await c.api('GET', '/v2/channels')).json() as { id: string; role: string }[]
    expect(all.map((x) => x.id).sort()).toEqual([mine, res.json().id].sort())
    expect(all.every((x) => x.role === 'OWNER')).toBe(true)
    expect((await c.api('GET', '/v2/channels', undefined, { role: 'subscriber' })).json()).toEqual([])
    expect((await c.api('GET', '/v2/channels', undefined, { role: 'OWNER' })).json()).toHaveLength(2)
  })

  it('info by id (raw, encoded, bare number) and by invite code or link', async () => {
    const code = (await c.api('GET', `/v2/channels/${mine}`)).json().inviteCode
    for (const ref of [mine, encodeURIComponent(mine), mine.replace('@newsletter', ''), code, encodeURIComponent(`https://whatsapp.com/channel/${code}`)]) {
      const res = await c.api('GET', `/v2/channels/${ref}`)
      expect(res.statusCode, ref).toBe(200)
      expect(res.json().id).toBe(mine)
    }
  })

  it('preview of a channel it does not follow (by invite); follow; the owner sees a new subscriber', async () => {
    const created = await bob.newsletterCreate('Bob Daily', 'Bob writes')
    bobs = created.id
    bobsInvite = created.invite!
    await bob.sendMessage(bobs, { text: 'first post' })
    await bob.sendMessage(bobs, { text: 'second post' })
    const preview = await c.api('GET', `/v2/channels/${bobsInvite}/messages/preview`, undefined, { limit: '5', downloadMedia: 'false' })
    expect(preview.statusCode).toBe(200)
    const posts = preview.json() as { serverId: string; message: { body: string; type: string } }[]
    expect(posts.map((p) => p.message.body)).toEqual(['first post', 'second post'])
    expect(posts[0]!.message.type).toBe('chat')
    expect(posts[0]!.serverId).toBeTruthy()
    expect((await c.api('GET', `/v2/channels/${bobs}`)).json().role).toBe('GUEST')

    const follow = await c.api('POST', `/v2/channels/${bobs}/follow`)
    expect(follow.json()).toEqual({ success: true, id: bobs })
    expect((await meta(bobs)).thread_metadata.subscribers_count).toBe('2')
    const subs = (await c.api('GET', '/v2/channels', undefined, { role: 'SUBSCRIBER' })).json()
    expect(subs).toHaveLength(1)
    expect(subs[0]).toMatchObject({ id: bobs, name: 'Bob Daily', role: 'SUBSCRIBER' })
  })

  it('a rename by the owner reaches the known list of a follower', async () => {
    await bob.newsletterUpdateName(bobs, 'Bob Weekly')
    await waitUntil(async () => (await c.api('GET', '/v2/channels', undefined, { role: 'SUBSCRIBER' })).json()[0]?.name === 'Bob Weekly', 5000, 'renamed')
  })

  it('mute and unmute (path and body spellings), then unfollow', async () => {
    expect((await c.api('POST', `/v2/channels/${bobs}/mute`)).json()).toEqual({ success: true, id: bobs })
    expect((await c.api('GET', `/v2/channels/${bobs}`)).json().muted).toBe(true)
    expect((await c.api('GET', '/v2/channels', undefined, { role: 'SUBSCRIBER' })).json()[0].muted).toBe(true)
    expect((await c.api('POST', '/v2/channels/unmute', { id: bobs })).json()).toEqual({ success: true, id: bobs })
    expect((await c.api('GET', `/v2/channels/${bobs}`)).json().muted).toBe(false)
    expect((await c.api('POST', `/v2/channels/${encodeURIComponent(`https://whatsapp.com/channel/${bobsInvite}`)}/unfollow`)).json()).toEqual({ success: true, id: bobs })
    expect((await meta(bobs)).thread_metadata.subscribers_count).toBe('1')
    expect((await c.api('GET', '/v2/channels', undefined, { role: 'SUBSCRIBER' })).json()).toEqual([])
    const notFollowing = await c.api('POST', `/v2/channels/${bobs}/mute`)
    expect(notFollowing.statusCode).toBe(409)
    expect(notFollowing.json().code).toBe('channel_not_followed')
  })

  it('delete: only the owner; the channel is gone for everyone', async () => {
    const theirs = await c.api('DELETE', `/v2/channels/${bobs}`)
    expect(theirs.statusCode).toBe(403)
    expect(theirs.json().code).toBe('not_channel_admin')
    const ownUnfollow = await c.api('POST', `/v2/channels/${mine}/unfollow`)
    expect(ownUnfollow.statusCode).toBe(400)
    const del = await c.api('DELETE', `/v2/channels/${mine}`)
    expect(del.json()).toEqual({ success: true, id: mine })
    await expect(bob.newsletterMetadata('jid', mine)).rejects.toThrow()
    const gone = await c.api('GET', `/v2/channels/${mine}`)
    expect(gone.statusCode).toBe(404)
    expect(gone.json().code).toBe('channel_not_found')
    expect((await c.api('GET', '/v2/channels')).json().map((x: { id: string }) => x.id)).not.toContain(mine)
  })

  it('search answers an empty result, never an error', async () => {
    const page = { startCursor: null, endCursor: null, hasNextPage: false, hasPreviousPage: false }
    expect((await c.api('POST', '/v2/channels/search/by-view', { view: 'RECOMMENDED', countries: ['US'], limit: 50 })).json()).toEqual({ page, channels: [] })
    expect((await c.api('POST', '/v2/channels/search/by-text', { text: 'news' })).json()).toEqual({ page, channels: [] })
    for (const what of ['views', 'countries', 'categories']) expect((await c.api('GET', `/v2/channels/search/${what}`)).json()).toEqual([])
  })

  it('bad input answers 400 naming the parameter', async () => {
    expect((await c.api('POST', '/v2/channels', {})).json()).toMatchObject({ code: 'missing_param', details: { missing: ['name'] } })
    expect((await c.api('GET', '/v2/channels/not a channel!')).json()).toMatchObject({ code: 'invalid_param', details: { invalid: ['id'] } })
    expect((await c.api('GET', '/v2/channels', undefined, { role: 'KING' })).json().details.invalid).toEqual(['role'])
    expect((await c.api('GET', `/v2/channels/${bobs}/messages/preview`, undefined, { limit: '1000' })).json().details.invalid).toEqual(['limit'])
    expect((await c.api('POST', '/v2/channels/follow', {})).json().details.missing).toEqual(['id'])
    const unknown = await c.api('GET', '/v2/channels/120363000000000001@newsletter')
    expect(unknown.statusCode).toBe(404)
    const badPicture = await c.api('POST', '/v2/channels', { name: 'x', picture: { data: Buffer.from('nope').toString('base64') } })
    expect(badPicture.json()).toMatchObject({ code: 'invalid_media', details: { invalid: ['picture'] } })
  })

  it('a stopped session answers 422 for network operations; the known list still answers', async () => {
    await stopSession(c)
    await expectNotWorking(c, 'POST', `/v2/channels/${bobs}/follow`)
    expect((await c.api('GET', '/v2/channels')).statusCode).toBe(200)
  })
})
