// /v2/groups on the sandbox with real Baileys, in PN and LID addressed groups: every route, with the other
// members' own phones confirming each change, and the error paths (unknown group, not admin, not a member,
// bad input, session not WORKING).
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Jimp } from 'jimp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dailyCount } from '../../../rate-limit/index.js'
import { expectNotWorking, pn, startAccountCore, stopSession, type AccountCore } from '../../../testing/account-core.js'

const ME = '15550101001'
const BOB = '15550101002'
const CAROL = '15550101003'
const STRANGER = '15559990000'

describe.sequential('/v2/groups', () => {
  let c: AccountCore
  let jpeg: Buffer
  let server: Server
  let imageUrl = ''

  beforeAll(async () => {
    c = await startAccountCore(ME, [BOB, CAROL])
    jpeg = await new Jimp({ width: 80, height: 80, color: 0x3366ccff }).getBuffer('image/jpeg')
    server = createServer((req, res) => {
      if (req.url === '/pic.jpg') res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg)
      else res.writeHead(404).end()
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    imageUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/pic.jpg`
  })
  afterAll(async () => {
    await new Promise((r) => server?.close(r))
    await c?.close()
  })

  for (const mode of ['pn', 'lid'] as const) {
    describe.sequential(`${mode} addressing`, () => {
      let gid = ''

      beforeAll(() => {
        c.t.core.sandbox!.server.options.groupAddressingMode = mode
      })

      it('create (POST /v2/groups): 201 with the group; the member sees it with the right roles', async () => {
        const res = await c.api('POST', '/v2/groups', { name: `Team ${mode}`, participants: [{ id: `${BOB}@c.us` }] })
        expect(res.statusCode).toBe(201)
        const g = res.json()
        gid = g.id
        expect(gid).toMatch(/@g\.us$/)
        expect(g).toMatchObject({ subject: `Team ${mode}`, addressingMode: mode, size: 2, owner: `${ME}@c.us` })
        const ids = g.participants.map((p: { id: string }) => p.id).sort()
        expect(ids).toEqual([`${ME}@c.us`, `${BOB}@c.us`])
        const mine = g.participants.find((p: { id: string }) => p.id === `${ME}@c.us`)
        expect(mine).toMatchObject({ role: 'superadmin', isAdmin: true, isSuperAdmin: true, pn: `${ME}@c.us` })
        expect(mine.lid).toMatch(/@lid$/)
        const bob = await c.person(BOB)
        const meta = await bob.groupMetadata(gid)
        expect(meta.subject).toBe(`Team ${mode}`)
        expect(meta.addressingMode).toBe(mode)
        expect(meta.participants).toHaveLength(2)
      })

      it('create alias (POST /v2/groups/create) with participants as a comma string', async () => {
        const res = await c.api('POST', '/v2/groups/create', { subject: `Alias ${mode}`, participants: `${BOB},${CAROL}@c.us` })
        expect(res.statusCode).toBe(201)
        expect(res.json().participants).toHaveLength(3)
      })

      it('list, count and refresh; get one by raw and percent-encoded id', async () => {
        const list = await c.api('GET', '/v2/groups', undefined, { sortBy: 'subject', sortOrder: 'DESC' })
        expect(list.statusCode).toBe(200)
        const subjects = list.json().map((g: { subject: string }) => g.subject)
        expect(subjects).toContain(`Team ${mode}`)
        expect([...subjects].sort().reverse()).toEqual(subjects)
        const slim = await c.api('GET', '/v2/groups', undefined, { exclude: 'participants', limit: '1' })
        expect(slim.json()).toHaveLength(1)
        expect(slim.json()[0].participants).toBeUndefined()
        // limit=0 is "no limit" (n8n's default), not an empty page.
        expect((await c.api('GET', '/v2/groups', undefined, { limit: '0', sortBy: 'subject', sortOrder: 'DESC' })).json()).toEqual(list.json())
        const count = (await c.api('GET', '/v2/groups/count')).json().count
        expect(count).toBe(list.json().length)
        expect((await c.api('POST', '/v2/groups/refresh')).json()).toEqual({ success: true, count })
        const raw = await c.api('GET', `/v2/groups/${gid}`)
        expect(raw.json().id).toBe(gid)
        const encoded = await c.api('GET', `/v2/groups/${encodeURIComponent(gid)}`)
        expect(encoded.json().subject).toBe(`Team ${mode}`)
        const bare = await c.api('GET', `/v2/groups/${gid.replace('@g.us', '')}`)
        expect(bare.json().id).toBe(gid)
        const detail = await c.api('GET', '/v2/groups/detail', undefined, { groupId: gid })
        expect(detail.json().id).toBe(gid)
      })

      it('participants: add (partial success), promote, demote, remove — confirmed by the members', async () => {
        const add = await c.api('POST', `/v2/groups/${gid}/participants/add`, { participants: [`${CAROL}@c.us`, `${STRANGER}@c.us`] })
        expect(add.statusCode).toBe(200)
        const results = add.json() as { id: string; status: string; success: boolean; error: string | null }[]
        expect(results.find((r) => r.id === `${CAROL}@c.us`)).toMatchObject({ status: '200', success: true, error: null })
        expect(results.find((r) => r.id === `${STRANGER}@c.us`)).toMatchObject({ status: '404', success: false })
        const carol = await c.person(CAROL)
        expect((await carol.groupMetadata(gid)).participants).toHaveLength(3)

        const promote = await c.api('POST', `/v2/groups/${gid}/admin/promote`, { participants: [{ id: BOB }] })
        expect(promote.json()[0]).toMatchObject({ id: `${BOB}@c.us`, success: true })
        const bob = await c.person(BOB)
        const bobRole = async () => {
          const meta = await bob.groupMetadata(gid)
          return meta.participants.find((p) => (p.phoneNumber ?? p.id) === pn(BOB))?.admin ?? null
        }
        expect(await bobRole()).toBe('admin')
        const listed = (await c.api('GET', `/v2/groups/${gid}/participants`)).json()
        expect(listed.find((p: { id: string }) => p.id === `${BOB}@c.us`)).toMatchObject({ role: 'admin', isAdmin: true })
        await c.api('POST', `/v2/groups/${gid}/admin/demote`, { participants: [`${BOB}@c.us`] })
        expect(await bobRole()).toBeNull()

        const remove = await c.api('POST', `/v2/groups/${gid}/participants/remove`, { participants: JSON.stringify([{ id: `${CAROL}@c.us` }]) })
        expect(remove.json()[0]).toMatchObject({ id: `${CAROL}@c.us`, success: true })
        expect((await bob.groupMetadata(gid)).participants).toHaveLength(2)
      })

      it('subject (v2 and v1) and description', async () => {
        const bob = await c.person(BOB)
        const subj = await c.api('PUT', `/v2/groups/${gid}/subject`, { subject: `Renamed ${mode}` })
        expect(subj.statusCode).toBe(200)
        expect(subj.json()).toBe(true)
        expect((await bob.groupMetadata(gid)).subject).toBe(`Renamed ${mode}`)
        const v1 = await c.api('PUT', `/v1/groups/${encodeURIComponent(gid)}/subject`, { subject: `V1 ${mode}` })
        expect(v1.statusCode).toBe(200)
        expect(v1.json()).toEqual({})
        expect((await bob.groupMetadata(gid)).subject).toBe(`V1 ${mode}`)
        expect((await c.api('PUT', `/v2/groups/${gid}/description`, { description: 'About the team' })).json()).toBe(true)
        expect((await bob.groupMetadata(gid)).desc).toBe('About the team')
        expect((await c.api('GET', `/v2/groups/${gid}`)).json().desc).toBe('About the team')
        await c.api('PUT', `/v2/groups/${gid}/description`, { description: '' })
        expect((await bob.groupMetadata(gid)).desc).toBeUndefined()
      })

      it('settings: info-admin-only and messages-admin-only, get and set', async () => {
        const bob = await c.person(BOB)
        const base = `/v2/groups/${gid}/settings/security`
        expect((await c.api('GET', `${base}/info-admin-only`)).json()).toEqual({ adminsOnly: false })
        expect((await c.api('PUT', `${base}/info-admin-only`, { adminsOnly: true })).json()).toEqual({ adminsOnly: true })
        expect((await bob.groupMetadata(gid)).restrict).toBe(true)
        expect((await c.api('PUT', `${base}/messages-admin-only`, undefined, { adminsOnly: 'true' })).json()).toEqual({ adminsOnly: true })
        expect((await bob.groupMetadata(gid)).announce).toBe(true)
        expect((await c.api('GET', `${base}/messages-admin-only`)).json()).toEqual({ adminsOnly: true })
        await c.api('PUT', `${base}/messages-admin-only`, { adminsOnly: 'false' })
        await c.api('PUT', `${base}/info-admin-only`, { adminsOnly: 0 })
        const meta = await bob.groupMetadata(gid)
        expect([meta.restrict, meta.announce]).toEqual([false, false])
        const bad = await c.api('PUT', `${base}/info-admin-only`, { adminsOnly: 'maybe' })
        expect(bad.statusCode).toBe(400)
        expect(bad.json().details.invalid).toEqual(['adminsOnly'])
      })

      it('invite code: get, join-info (code and URL), revoke; the old code stops working', async () => {
        const got = (await c.api('GET', `/v2/groups/${gid}/invite-code`)).json()
        expect(got.url).toBe(`https://chat.whatsapp.com/${got.code}`)
        const info = await c.api('GET', '/v2/groups/join-info', undefined, { code: got.url })
        expect(info.statusCode).toBe(200)
        expect(info.json().id).toBe(gid)
        const carol = await c.person(CAROL)
        expect(await carol.groupAcceptInvite(got.code)).toBe(gid)
        const revoked = (await c.api('POST', `/v2/groups/${gid}/invite-code/revoke`)).json()
        expect(revoked.code).not.toBe(got.code)
        const old = await c.api('GET', '/v2/groups/join-info', undefined, { code: got.code })
        expect(old.statusCode).toBe(404)
        expect(old.json().code).toBe('invite_not_found')
      })

      it('picture: set by URL and by base64, read, delete — seen by a member', async () => {
        const bob = await c.person(BOB)
        expect((await c.api('GET', `/v2/groups/${gid}/picture`)).json()).toEqual({ url: null })
        const byUrl = await c.api('PUT', `/v2/groups/${gid}/picture`, { file: { url: imageUrl, mimetype: 'image/jpeg' } })
        expect(byUrl.statusCode).toBe(200)
        expect(await bob.profilePictureUrl(gid, 'image')).toMatch(/^https:/)
        const byData = await c.api('PUT', `/v2/groups/${gid}/picture`, { 'file[data]': jpeg.toString('base64'), 'file[mimetype]': 'image/jpeg' })
        expect(byData.statusCode).toBe(200)
        const url = (await c.api('GET', `/v2/groups/${gid}/picture`, undefined, { refresh: 'true' })).json().url
        expect(url).toMatch(/^https:/)
        expect((await c.api('DELETE', `/v2/groups/${gid}/picture`)).json()).toEqual({ success: true })
        await expect(bob.profilePictureUrl(gid, 'image')).rejects.toThrow()
        const junk = await c.api('PUT', `/v2/groups/${gid}/picture`, { file: { data: Buffer.from('not an image').toString('base64') } })
        expect(junk.statusCode).toBe(400)
        expect(junk.json().code).toBe('invalid_media')
        const missing = await c.api('PUT', `/v2/groups/${gid}/picture`, {})
        expect(missing.statusCode).toBe(400)
        expect(missing.json().code).toBe('missing_param')
      })

      it('join by invite and leave a group someone else created; a non-admin gets 403 not_group_admin', async () => {
        const bob = await c.person(BOB)
        const theirs = await bob.groupCreate(`Bob's ${mode}`, [pn(CAROL)])
        const code = (await bob.groupInviteCode(theirs.id))!
        const joined = await c.api('POST', '/v2/groups/join', { url: `https://chat.whatsapp.com/${code}` })
        expect(joined.statusCode).toBe(200)
        expect(joined.json()).toEqual({ id: theirs.id })
        expect((await bob.groupMetadata(theirs.id)).participants).toHaveLength(3)

        for (const [method, path, body] of [
          ['PUT', `/v2/groups/${theirs.id}/settings/security/info-admin-only`, { adminsOnly: true }],
          ['POST', `/v2/groups/${theirs.id}/participants/remove`, { participants: [CAROL] }],
          ['GET', `/v2/groups/${theirs.id}/invite-code`, undefined],
          ['DELETE', `/v2/groups/${theirs.id}`, undefined]
        ] as const) {
          const res = await c.api(method, path, body)
          expect(res.statusCode, path).toBe(403)
          expect(res.json().code, path).toBe('not_group_admin')
        }

        expect((await c.api('POST', `/v2/groups/${theirs.id}/leave`)).json()).toEqual({ success: true })
        expect((await bob.groupMetadata(theirs.id)).participants).toHaveLength(2)
        const after = await c.api('GET', `/v2/groups/${theirs.id}`)
        expect(after.statusCode).toBe(403)
        expect(after.json().code).toBe('not_group_member')
      })

      it('delete: the admin removes everyone and leaves; the group is gone for its members', async () => {
        const created = (await c.api('POST', '/v2/groups', { name: `Doomed ${mode}`, participants: [BOB, CAROL] })).json()
        const res = await c.api('DELETE', `/v2/groups/${created.id}`)
        expect(res.statusCode).toBe(200)
        expect(res.json()).toMatchObject({ success: true, failed: [] })
        expect([...res.json().removed].sort()).toEqual([`${BOB}@c.us`, `${CAROL}@c.us`])
        const bob = await c.person(BOB)
        expect(Object.keys(await bob.groupFetchAllParticipating())).not.toContain(created.id)
        const gone = await c.api('GET', `/v2/groups/${created.id}`)
        expect(gone.statusCode).toBe(404)
        expect(gone.json().code).toBe('group_not_found')
      })
    })
  }

  it('errors: unknown group 404, malformed ids and parameters 400 naming the parameter', async () => {
    const unknown = await c.api('GET', '/v2/groups/120363999999999999@g.us')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().code).toBe('group_not_found')
    const notGroup = await c.api('GET', `/v2/groups/${ME}@c.us`)
    expect(notGroup.statusCode).toBe(400)
    expect(notGroup.json().details.invalid).toEqual(['id'])
    const noName = await c.api('POST', '/v2/groups', { participants: [BOB] })
    expect(noName.statusCode).toBe(400)
    expect(noName.json().details.missing).toEqual(['name'])
    const badParticipant = await c.api('POST', '/v2/groups', { name: 'x', participants: ['not a number'] })
    expect(badParticipant.statusCode).toBe(400)
    expect(badParticipant.json()).toMatchObject({ code: 'invalid_chat_id', details: { invalid: ['participants[0]'] } })
    const noParticipants = await c.api('POST', '/v2/groups/120363999999999999@g.us/participants/add', {})
    expect(noParticipants.json().details.missing).toEqual(['participants'])
    const badSort = await c.api('GET', '/v2/groups', undefined, { sortBy: 'colour' })
    expect(badSort.json().details.invalid).toEqual(['sortBy'])
    const badCode = await c.api('GET', '/v2/groups/join-info', undefined, { code: 'no spaces allowed' })
    expect(badCode.json().details.invalid).toEqual(['code'])
    const noGroupId = await c.api('GET', '/v2/groups/detail')
    expect(noGroupId.json().details.missing).toEqual(['groupId'])
    const noSubject = await c.api('PUT', '/v2/groups/120363999999999999@g.us/subject', {})
    expect(noSubject.json().details.missing).toEqual(['subject'])
    const badUrl = await c.api('PUT', '/v2/groups/120363999999999999@g.us/picture', { file: { url: 'ftp://example.com/a.jpg' } })
    expect(badUrl.json().details.invalid).toEqual(['file[url]'])
  })

  it('group mutations count against the group daily counter', () => {
    expect(dailyCount(c.t.core.db, c.id, 'group', Date.now())).toBeGreaterThan(20)
  })

  it('a session that is not WORKING answers 422 session_status_mismatch', async () => {
    await stopSession(c)
    for (const [method, path] of [['GET', '/v2/groups'], ['POST', '/v2/groups'], ['GET', '/v2/groups/120363999999999999@g.us/participants']] as const) {
      await expectNotWorking(c, method, path, method === 'POST' ? { name: 'x' } : undefined)
    }
  })
})
