// Presence and last seen, profile pictures, blocklist, privacy, devices notifications and calls.
import { describe, expect, it } from 'vitest'
import { Jimp } from 'jimp'
import { TestClient, textOf, waitFor } from './testing/test-client.js'
import { usePairedSandbox, type PairedSandbox } from './testing/suite.js'

describe.sequential('sandbox profile, presence and calls', () => {
  let ctx: PairedSandbox
  usePairedSandbox((sandbox) => (ctx = sandbox))

  it('presence: unavailable with last seen when the account goes offline, available when back', async () => {
    const { A, B, Bjid } = ctx
    await A.sock.presenceSubscribe(Bjid)
    await waitFor(() => A.ev('presence.update', (v) => v.presences[Bjid]?.lastKnownPresence === 'available').length, 5000, 'available')
    const before = Math.floor(Date.now() / 1000)
    await B.sock.sendPresenceUpdate('unavailable')
    const upd = await waitFor(() => A.ev('presence.update', (v) => v.presences[Bjid]?.lastKnownPresence === 'unavailable').at(-1), 5000, 'unavailable')
    expect(upd.presences[Bjid]!.lastSeen).toBeGreaterThanOrEqual(before)
    await B.sock.sendPresenceUpdate('available')
    await waitFor(() => A.ev('presence.update', (v) => v.presences[Bjid]?.lastKnownPresence === 'available').length >= 2, 5000, 'available again')
  })

  it('presence: last seen is hidden when the privacy setting says so', async () => {
    const { A, B, Bjid } = ctx
    await B.sock.updateLastSeenPrivacy('none')
    await B.sock.sendPresenceUpdate('unavailable')
    const upd = await waitFor(() => A.ev('presence.update', (v) => v.presences[Bjid]?.lastKnownPresence === 'unavailable').at(-1), 5000, 'unavailable')
    await waitFor(() => A.ev('presence.update', (v) => v.presences[Bjid]?.lastKnownPresence === 'unavailable' && v.presences[Bjid]?.lastSeen === undefined).length, 5000, 'hidden last seen')
    expect(upd).toBeTruthy()
    expect((await B.sock.fetchPrivacySettings(true)).last).toBe('none')
    await B.sock.updateLastSeenPrivacy('all')
    await B.sock.sendPresenceUpdate('available')
  })

  it('the person can type and come online (chatstate and presence from the phone)', async () => {
    const { A, net } = ctx
    const Bphone = '15550000002@s.whatsapp.net'
    await net.chatState('15550000002', '15550000001', 'composing')
    await waitFor(() => A.ev('presence.update', (v) => v.presences[Bphone]?.lastKnownPresence === 'composing').length >= 1, 5000, 'composing from phone')
  })

  it('profile picture: set, read by another account (URL served over HTTPS), removed', async () => {
    const { A, B, Ajid, net } = ctx
    const img = await new Jimp({ width: 96, height: 96, color: 0xff8800ff }).getBuffer('image/jpeg')
    await A.sock.updateProfilePicture(Ajid, img)
    const url = await B.sock.profilePictureUrl(Ajid, 'image')
    expect(url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/pp\//)
    const res = await fetch(url!, { dispatcher: net.socketTrust().options.dispatcher } as RequestInit)
    expect(res.status).toBe(200)
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(100)
    await waitFor(() => B.ev('contacts.update', (v) => v.some((c) => c.id === Ajid && c.imgUrl === 'changed')).length, 5000, 'picture notification')
    await A.sock.removeProfilePicture(Ajid)
    await expect(B.sock.profilePictureUrl(Ajid, 'image')).rejects.toThrow()
  })

  it('group picture: members can set it when the group is not locked', async () => {
    const { A, B, Bjid } = ctx
    const g = await A.sock.groupCreate('Pics', [Bjid])
    const img = await new Jimp({ width: 64, height: 64, color: 0x00ff00ff }).getBuffer('image/jpeg')
    await B.sock.updateProfilePicture(g.id, img)
    expect(await A.sock.profilePictureUrl(g.id)).toMatch(/^https:/)
  })

  it('blocklist: blocking stops delivery from the blocked account; unblocking restores it', async () => {
    const { A, B, Ajid, Bjid } = ctx
    await B.sock.updateBlockStatus(Ajid, 'block')
    expect((await B.sock.fetchBlocklist()).length).toBe(1)
    const m = await A.sock.sendMessage(Bjid, { text: 'can you hear me?' })
    await new Promise((r) => setTimeout(r, 600))
    expect(B.ev('messages.upsert', (v) => v.messages.some((x) => x.key.id === m!.key.id))).toHaveLength(0)
    await B.sock.updateBlockStatus(Ajid, 'unblock')
    expect(await B.sock.fetchBlocklist()).toEqual([])
    const m2 = await A.sock.sendMessage(Bjid, { text: 'and now?' })
    await waitFor(() => B.ev('messages.upsert', (v) => v.messages.some((x) => x.key.id === m2!.key.id && textOf(x) === 'and now?')).length, 8000, 'after unblock')
  })

  it('24-hour status: posted to a list of contacts, decrypted by them (and by the person behind the phone)', async () => {
    const { A, B, Bjid, net } = ctx
    const st = await A.sock.sendMessage('status@broadcast', { text: 'my sandbox status' }, { statusJidList: [Bjid] })
    const got = await waitFor(() => B.ev('messages.upsert', (v) => v.messages.some((m) => m.key.id === st!.key.id))[0], 8000, 'status upsert')
    const m = got.messages.find((x) => x.key.id === st!.key.id)!
    expect(m.key.remoteJid).toBe('status@broadcast')
    expect(textOf(m)).toBe('my sandbox status')
    await waitFor(async () => (await net.messages('15550000002')).find((x) => x.id === st!.key.id && x.text === 'my sandbox status' && x.chat === 'status@broadcast' && x.from === '15550000001@s.whatsapp.net'), 8000, 'person saw status')
  })

  it('app state from the phone: the person archives a chat and labels it; the linked device syncs both', async () => {
    const { B, net, Ajid } = ctx
    const phone = await net.personSocket('15550000002')
    const last = B.ev('messages.upsert', (v) => v.messages.some((m) => m.key.remoteJid === Ajid)).at(-1)!.messages.at(-1)!
    await phone.chatModify({ archive: true, lastMessages: [last] }, Ajid)
    await waitFor(() => B.ev('chats.update', (v) => v.some((c) => c.id === Ajid && c.archived === true)).length, 8000, 'archive synced')
    await phone.addLabel(Ajid, { id: '7', name: 'VIP', color: 3, deleted: false })
    await waitFor(() => B.ev('labels.edit', (l) => l.id === '7' && l.name === 'VIP').length, 8000, 'label synced')
  })

  it('fault injection: a delivery delay holds stanzas for one device; clearing it restores immediate delivery', async () => {
    const { A, B, Bjid, net } = ctx
    net.faults.setDeliveryDelay(400, '15550000002:1@s.whatsapp.net')
    const t0 = Date.now()
    const m = await A.sock.sendMessage(Bjid, { text: 'slow lane' })
    await waitFor(() => B.ev('messages.upsert', (v) => v.messages.some((x) => x.key.id === m!.key.id)).length, 8000, 'delayed delivery')
    expect(Date.now() - t0).toBeGreaterThanOrEqual(400)
    net.faults.clear()
    const t1 = Date.now()
    const m2 = await A.sock.sendMessage(Bjid, { text: 'fast lane' })
    await waitFor(() => B.ev('messages.upsert', (v) => v.messages.some((x) => x.key.id === m2!.key.id)).length, 8000, 'normal delivery')
    expect(Date.now() - t1).toBeLessThan(400)
  })

  it('fault injection: a stream conflict closes the device with 440', async () => {
    const { net } = ctx
    const extra = new TestClient(net, 'A3')
    await extra.pairByQr('15550000001')
    expect(net.faults.streamConflict(extra.auth.creds.me!.id)).toBe(true)
    await waitFor(() => extra.closes.includes(440), 5000, '440')
    extra.stop()
    net.unlinkDevice('15550000001', Number(extra.auth.creds.me!.id.split(':')[1]!.split('@')[0]))
  })

  it('calls: a person rings an instance (call offer), the instance rejects, the ring ends', async () => {
    const { A, net } = ctx
    const callId = net.placeCall('15550000002', '15550000001', { video: true })
    const offer = await waitFor(() => A.ev('call', (v) => v.some((c) => c.id === callId && c.status === 'offer'))[0], 5000, 'offer')
    expect(offer.find((c) => c.id === callId)!.isVideo).toBe(true)
    await A.sock.rejectCall(callId, '15550000002@s.whatsapp.net')
    net.endCall('15550000002', '15550000001', callId)
    await waitFor(() => A.ev('call', (v) => v.some((c) => c.id === callId && c.status === 'timeout')).length, 5000, 'terminate')
  })

  it('stanza inventory: no iq went unhandled', () => {
    expect(ctx.net.stanzaInventory().unhandled).toEqual([])
  })

  it('devices: linking a second companion notifies the account\'s other devices; the phone can unlink it', async () => {
    const { A, net } = ctx
    const A2 = new TestClient(net, 'A2')
    await A2.pairByQr('15550000001')
    const a2 = Number(A2.auth.creds.me!.id.split(':')[1]!.split('@')[0])
    expect(net.getPhone('15550000001')!.devices.map((d) => d.id)).toEqual([0, 1, a2])
    expect(net.unlinkDevice('15550000001', a2)).toBe(true)
    await waitFor(() => A2.closes.includes(401), 5000, 'A2 logged out')
    A2.stop()
    expect(net.getPhone('15550000001')!.devices.map((d) => d.id)).toEqual([0, 1])
    expect(A.state).toBe('open')
  })
})
