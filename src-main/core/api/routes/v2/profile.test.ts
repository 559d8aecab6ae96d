// /v2/profile on the sandbox with real Baileys: the instance changes its own name, About text and picture,
// and another account (a simulated person) sees each change; error paths and a stopped session.
import { Jimp } from 'jimp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectNotWorking, pn, startAccountCore, stopSession, waitUntil, type AccountCore } from '../../../testing/account-core.js'

const ME = '15550102001'
const BOB = '15550102002'

describe.sequential('/v2/profile', () => {
  let c: AccountCore
  let jpeg: Buffer
  beforeAll(async () => {
    c = await startAccountCore(ME, [BOB])
    jpeg = await new Jimp({ width: 120, height: 90, color: 0xcc3366ff }).getBuffer('image/jpeg')
  })
  afterAll(async () => c?.close())

  it('GET /v2/profile: own id, lid, name; no About text and no picture yet', async () => {
    const res = await c.api('GET', '/v2/profile')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ id: `${ME}@c.us`, picture: null })
    expect(res.json().lid).toMatch(/@lid$/)
  })

  it('set the display name (POST and PUT): synced, and the network (other accounts) learns it', async () => {
    const res = await c.api('POST', '/v2/profile/name', { name: 'Switchboard Desk' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true })
    await waitUntil(() => c.t.core.sandbox!.getPhone(ME)?.name === 'Switchboard Desk', 5000, 'network knows the name')
    expect((await c.api('GET', '/v2/profile')).json().name).toBe('Switchboard Desk')
    await waitUntil(() => c.t.core.instances.view(c.id)?.me?.pushName === 'Switchboard Desk', 5000, 'session me updated')
    await c.api('PUT', '/v2/profile/name', undefined, { name: 'Desk 2' })
    await waitUntil(() => c.t.core.sandbox!.getPhone(ME)?.name === 'Desk 2', 5000, 'second rename')
  })

  it('set the About text; another account reads it', async () => {
    const res = await c.api('PUT', '/v2/profile/status', { status: 'Answering from Switchboard' })
    expect(res.json()).toEqual({ success: true })
    const bob = await c.person(BOB)
    const [entry] = (await bob.fetchStatus(pn(ME))) as { status?: { status?: string } }[]
    expect(entry?.status?.status).toBe('Answering from Switchboard')
    expect((await c.api('GET', '/v2/profile')).json().about).toBe('Answering from Switchboard')
    await c.api('POST', '/v2/profile/status', { about: 'second' })
    expect((await c.api('GET', '/v2/profile')).json().about).toBe('second')
  })

  it('upload (base64 and data URL) and delete the picture; another account sees it come and go', async () => {
    const bob = await c.person(BOB)
    const up = await c.api('POST', '/v2/profile/picture', { file: { data: jpeg.toString('base64'), mimetype: 'image/jpeg', filename: 'me.jpg' } })
    expect(up.statusCode).toBe(200)
    expect(await bob.profilePictureUrl(pn(ME), 'image')).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/pp\//)
    expect((await c.api('GET', '/v2/profile')).json().picture).toMatch(/^https:/)
    const dataUrl = await c.api('PUT', '/v2/profile/picture', { 'file[data]': `data:image/jpeg;base64,${jpeg.toString('base64')}` })
    expect(dataUrl.statusCode).toBe(200)
    expect((await c.api('DELETE', '/v2/profile/picture')).json()).toEqual({ success: true })
    await expect(bob.profilePictureUrl(pn(ME), 'image')).rejects.toThrow()
    expect((await c.api('GET', '/v2/profile')).json().picture).toBeNull()
  })

  it('bad input answers 400 naming the parameter', async () => {
    const noName = await c.api('POST', '/v2/profile/name', {})
    expect(noName.json()).toMatchObject({ code: 'missing_param', details: { missing: ['name'] } })
    const long = await c.api('POST', '/v2/profile/name', { name: 'x'.repeat(26) })
    expect(long.json()).toMatchObject({ code: 'invalid_param', details: { invalid: ['name'] } })
    const noStatus = await c.api('POST', '/v2/profile/status', {})
    expect(noStatus.json().details.missing).toEqual(['status'])
    const junk = await c.api('POST', '/v2/profile/picture', { file: { data: Buffer.from('hello').toString('base64') } })
    expect(junk.statusCode).toBe(400)
    expect(junk.json()).toMatchObject({ code: 'invalid_media', details: { invalid: ['file'] } })
    const notBase64 = await c.api('POST', '/v2/profile/picture', { 'file[data]': '%%%' })
    expect(notBase64.json().details.invalid).toEqual(['file[data]'])
    const unreachable = await c.api('POST', '/v2/profile/picture', { url: 'http://127.0.0.1:9/nothing.jpg' })
    expect(unreachable.statusCode).toBe(422)
    expect(unreachable.json().code).toBe('file_unreachable')
    const none = await c.api('POST', '/v2/profile/picture', {})
    expect(none.json().code).toBe('missing_param')
  })

  it('a stopped session answers 422 session_status_mismatch', async () => {
    await stopSession(c)
    const res = await expectNotWorking(c, 'GET', '/v2/profile')
    expect(res.json()).toMatchObject({ code: 'session_status_mismatch', details: { status: 'STOPPED' } })
  })
})
