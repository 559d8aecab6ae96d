// The prototype's 28 behaviours, on the product module, with real Baileys rc14 clients (plus the person device).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { proto } from '@whiskeysockets/baileys'
import { SandboxNetwork } from './sandbox-network.js'
import { LOW_PREKEY_COUNT } from './handlers/prekeys.js'
import { TestClient, textOf, waitFor } from './testing/test-client.js'

const A_PHONE = '15550000001'
const B_PHONE = '15550000002'
const C_PHONE = '15550000003'
const Ajid = `${A_PHONE}@s.whatsapp.net`
const Bjid = `${B_PHONE}@s.whatsapp.net`

describe.sequential('sandbox network: the prototype scenarios', () => {
  let net: SandboxNetwork
  let A: TestClient
  let B: TestClient
  let code = ''
  let m1Id = ''

  beforeAll(async () => {
    net = await SandboxNetwork.open({ dataDir: mkdtempSync(join(tmpdir(), 'sb-net-')) })
    await net.createPhone({ phoneNumber: A_PHONE, name: 'Alice' })
    await net.createPhone({ phoneNumber: B_PHONE, name: 'Bob' })
    A = new TestClient(net, 'A')
    B = new TestClient(net, 'B')
  })
  afterAll(async () => {
    A?.stop()
    B?.stop()
    await net?.close()
  })

  it('A: noise handshake + registration -> QR emitted', async () => {
    A.start()
    const qr = await waitFor(() => A.qrs[0], 8000, 'qr')
    expect(qr).toMatch(/2@.+,.+,.+,.+/)
  })

  it('A: phone scans QR -> pair-success verified by Baileys -> creds.me set', async () => {
    const { jid } = await net.scanQr(A_PHONE, A.qrs[0]!)
    expect(jid).toBe(`${A_PHONE}:1@s.whatsapp.net`)
    await waitFor(() => A.auth.creds.me?.id === jid, 5000, 'creds.me')
  })

  it('A: 515 restart -> login -> connection open', async () => {
    await waitFor(() => A.closes.includes(515), 5000, '515 close')
    await waitFor(() => A.state === 'open', 10_000, 'open')
    expect(A.connects).toBe(2)
  })

  it('B: requestPairingCode -> 8-char code', async () => {
    B.start()
    await waitFor(() => B.qrs[0], 8000, 'socket ready')
    code = await B.sock.requestPairingCode(B_PHONE)
    expect(code).toMatch(/^[A-Z0-9]{8}$/)
  })

  it('B: phone enters code -> link_code stages -> pair-success -> open', async () => {
    await net.enterPairingCode(B_PHONE, `${code.slice(0, 4)}-${code.slice(4)}`)
    await waitFor(() => B.closes.includes(515), 8000, '515 close')
    await waitFor(() => B.state === 'open', 10_000, 'open')
    expect(B.auth.creds.me?.id).toBe(`${B_PHONE}:1@s.whatsapp.net`)
  })

  it('A,B: prekeys uploaded to the server', async () => {
    await waitFor(() => net.listPhones().every((p) => p.devices.length === 2), 5000, 'devices')
    await waitFor(() => net.preKeyCount(`${A_PHONE}:1@s.whatsapp.net`) > 100 && net.preKeyCount(`${B_PHONE}:1@s.whatsapp.net`) > 100, 5000, 'prekeys')
  })

  it('A,B: phone bootstrap (app-state key share + inline history sync) -> pushName + receivedPendingNotifications', async () => {
    await waitFor(() => A.auth.creds.me?.name === 'Alice' && B.auth.creds.me?.name === 'Bob', 8000, 'me.name')
    await waitFor(() => A.auth.creds.myAppStateKeyId && B.auth.creds.myAppStateKeyId, 5000, 'app state key')
    await waitFor(() => A.ev('connection.update', (v) => !!v.receivedPendingNotifications).length, 3000, 'receivedPendingNotifications')
    await waitFor(() => A.ev('messaging-history.set').length && B.ev('messaging-history.set').length, 5000, 'history set')
  })

  it('A,B: online presence reached the server', async () => {
    await waitFor(() => net.server.presence.isAvailable(A_PHONE) && net.server.presence.isAvailable(B_PHONE), 5000, 'presence')
  })

  it('A -> B text (usync devices, LID key fetch, pkmsg fan-out) delivered and decrypted on B', async () => {
    const m1 = await A.sock.sendMessage(Bjid, { text: 'hello Bob, from the sandbox' })
    m1Id = m1!.key.id!
    const got = await waitFor(() => B.ev('messages.upsert', (v) => v.messages.some((m) => m.key.id === m1Id))[0], 8000, 'B upsert')
    const msg = got.messages.find((m) => m.key.id === m1Id)!
    expect(textOf(msg)).toBe('hello Bob, from the sandbox')
    expect(msg.pushName).toBe('Alice')
  })

  it('A: delivery receipt -> status DELIVERY_ACK (update or folded into the upsert)', async () => {
    const DA = proto.WebMessageInfo.Status.DELIVERY_ACK
    await waitFor(
      () =>
        A.ev('messages.update', (v) => v.some((u) => u.key.id === m1Id && (u.update.status ?? 0) >= DA)).length ||
        A.ev('messages.upsert', (v) => v.messages.some((m) => m.key.id === m1Id && (m.status ?? 0) >= DA)).length,
      5000,
      'delivery ack'
    )
  })

  it('B -> A reply decrypted on A', async () => {
    const m2 = await B.sock.sendMessage(Ajid, { text: 'hi Alice' })
    await waitFor(() => A.ev('messages.upsert', (v) => v.messages.some((m) => m.key.id === m2!.key.id && textOf(m) === 'hi Alice')).length, 8000, 'A upsert')
  })

  it('B reads A msg -> A sees READ receipt', async () => {
    const upsert = B.ev('messages.upsert', (v) => v.messages.some((m) => m.key.id === m1Id))[0]!.messages.find((m) => m.key.id === m1Id)!
    await B.sock.readMessages([upsert.key])
    await waitFor(
      () => A.ev('messages.update', (v) => v.some((u) => u.key.id === m1Id && u.update.status === proto.WebMessageInfo.Status.READ)).length,
      5000,
      'read'
    )
  })

  it('A <-> B second round (ratchet continues)', async () => {
    const m3 = await A.sock.sendMessage(Bjid, { text: 'round two' })
    await waitFor(() => B.ev('messages.upsert', (v) => v.messages.some((m) => m.key.id === m3!.key.id && textOf(m) === 'round two')).length, 5000, 'B upsert 2')
  })

  it('presence: A subscribes to B -> presence.update available', async () => {
    await A.sock.presenceSubscribe(Bjid)
    await waitFor(() => A.ev('presence.update', (v) => v.id === Bjid && v.presences[Bjid]?.lastKnownPresence === 'available').length, 5000, 'presence')
  })

  it('chatstate: B composing -> A presence.update composing', async () => {
    await B.sock.sendPresenceUpdate('composing', Ajid)
    await waitFor(() => A.ev('presence.update', (v) => v.presences[Bjid]?.lastKnownPresence === 'composing').length, 5000, 'composing')
  })

  it('profile status: A updateProfileStatus -> B fetchStatus(A)', async () => {
    await A.sock.updateProfileStatus('In a sandbox meeting')
    const st = (await B.sock.fetchStatus(Ajid)) as { status?: { status?: string } }[] | undefined
    expect(st?.[0]?.status?.status).toBe('In a sandbox meeting')
  })

  it('profile name: A updateProfileName (app-state patch) -> creds + server push name', async () => {
    await A.sock.updateProfileName('Alice Sandbox')
    await waitFor(() => A.auth.creds.me?.name === 'Alice Sandbox', 5000, 'creds name')
    await waitFor(() => net.getPhone(A_PHONE)?.name === 'Alice Sandbox', 5000, 'server name')
  })

  it('onWhatsApp: registered vs unknown number', async () => {
    const r = await A.sock.onWhatsApp(B_PHONE, '15559999999')
    expect(r?.find((x) => x.jid === Bjid)?.exists).toBe(true)
    expect(r?.find((x) => x.jid.startsWith('15559999999'))?.exists ?? false).toBe(false)
  })

  let groupId = ''
  it('group create (A with B) -> B groups.upsert', async () => {
    const group = await A.sock.groupCreate('Sandbox Group', [Bjid])
    groupId = group.id
    expect(group.participants.map((p) => p.id).sort()).toEqual([Ajid, Bjid].sort())
    await waitFor(() => B.ev('groups.upsert', (v) => v.some((g) => g.id === groupId)).length, 5000, 'groups.upsert')
  })

  it('group subject change -> B sees metadata and GROUP_CHANGE_SUBJECT stub', async () => {
    await A.sock.groupUpdateSubject(groupId, 'Renamed Group')
    expect((await B.sock.groupMetadata(groupId)).subject).toBe('Renamed Group')
    await waitFor(
      () => B.ev('messages.upsert', (v) => v.messages.some((m) => m.key.remoteJid === groupId && m.messageStubType === proto.WebMessageInfo.StubType.GROUP_CHANGE_SUBJECT)).length,
      5000,
      'stub'
    )
  })

  it('group text (sender keys / skmsg) A -> B', async () => {
    const gm = await A.sock.sendMessage(groupId, { text: 'hello group' })
    const got = await waitFor(() => B.ev('messages.upsert', (v) => v.messages.some((m) => m.key.id === gm!.key.id))[0], 8000, 'group upsert')
    const msg = got.messages.find((m) => m.key.id === gm!.key.id)!
    expect(textOf(msg)).toBe('hello group')
    expect(msg.key.participant).toContain(A_PHONE)
  })

  it('group text B -> A (second sender key)', async () => {
    const gm = await B.sock.sendMessage(groupId, { text: 'bob in group' })
    await waitFor(() => A.ev('messages.upsert', (v) => v.messages.some((m) => m.key.id === gm!.key.id && textOf(m) === 'bob in group')).length, 8000, 'A group upsert')
  })

  it('A offline; B sends; A logs in again (no QR) and receives the queued message', async () => {
    A.stop()
    await waitFor(() => A.state === 'close', 5000, 'A closed')
    const mo = await B.sock.sendMessage(Ajid, { text: 'while you were away' })
    await waitFor(() => net.queueDepth(`${A_PHONE}:1@s.whatsapp.net`) > 0, 5000, 'queued for A')
    A.events = []
    A.qrs = []
    A.start()
    await waitFor(() => A.state === 'open', 10_000, 'reopen')
    expect(A.qrs).toHaveLength(0)
    await waitFor(() => A.ev('messages.upsert', (v) => v.messages.some((m) => m.key.id === mo!.key.id && textOf(m) === 'while you were away')).length, 35_000, 'offline msg')
    await waitFor(() => net.queueDepth(`${A_PHONE}:1@s.whatsapp.net`) === 0, 5000, 'queue drained by acks')
  })

  let A2: TestClient
  it('A2: second linked device for A (QR) -> open; B sees A with 3 devices', async () => {
    A2 = new TestClient(net, 'A2')
    await A2.pairByQr(A_PHONE)
    const devs = await B.sock.getUSyncDevices([Ajid], false, false)
    expect(devs.map((d) => d.device ?? 0).sort()).toEqual([0, 1, 2])
  })

  it('B -> A fans out to A and A2 (the new device gets a pkmsg)', async () => {
    const mm = await B.sock.sendMessage(Ajid, { text: 'to all your devices' })
    await waitFor(() => A.ev('messages.upsert', (v) => v.messages.some((m) => m.key.id === mm!.key.id && textOf(m) === 'to all your devices')).length, 8000, 'A')
    await waitFor(() => A2.ev('messages.upsert', (v) => v.messages.some((m) => m.key.id === mm!.key.id && textOf(m) === 'to all your devices')).length, 8000, 'A2')
  })

  it('A -> B is mirrored to A2 as fromMe (recipient attr)', async () => {
    const mm = await A.sock.sendMessage(Bjid, { text: 'sent from A1' })
    const got = await waitFor(() => A2.ev('messages.upsert', (v) => v.messages.some((m) => m.key.id === mm!.key.id))[0], 8000, 'A2 mirror')
    const msg = got.messages.find((m) => m.key.id === mm!.key.id)!
    expect(msg.key.fromMe).toBe(true)
    expect(msg.key.remoteJid).toBe(Bjid)
    expect(textOf(msg)).toBe('sent from A1')
  })

  it('A2 logout -> server drops the device; stale creds -> 401', async () => {
    await A2.sock.logout()
    await waitFor(() => !net.getPhone(A_PHONE)!.devices.some((d) => d.id === 2), 5000, 'device removed')
    A2.stop()
    const again = new TestClient(net, 'A2b')
    again.auth = A2.auth
    again.start()
    await waitFor(() => again.closes.length, 8000, 'close')
    again.stop()
    expect(again.closes[0]).toBe(401)
  })

  it('C: a wrong pairing code is refused by the phone; the right one then links', async () => {
    await net.createPhone({ phoneNumber: C_PHONE, name: 'Carol' })
    const C = new TestClient(net, 'C')
    C.start()
    try {
      await waitFor(() => C.qrs[0], 8000, 'qr')
      const good = await C.sock.requestPairingCode(C_PHONE)
      const wrong = good === 'AAAAAAAA' ? 'BBBBBBBB' : 'AAAAAAAA'
      await expect(net.enterPairingCode(C_PHONE, wrong)).rejects.toMatchObject({ code: 'invalid_pairing_code' })
      await net.enterPairingCode(C_PHONE, good)
      await waitFor(() => C.state === 'open', 10_000, 'open')
      expect(C.auth.creds.me?.id).toBe(`${C_PHONE}:1@s.whatsapp.net`)
    } finally {
      C.stop()
    }
  })

  it('the person behind a phone receives (decrypted) and replies end to end', async () => {
    const sent = await A.sock.sendMessage(Bjid, { text: 'hello Bob the person' })
    await waitFor(async () => (await net.messages(B_PHONE)).find((m) => m.id === sent!.key.id), 8000, 'person B got it')
    const inbox = await net.messages(B_PHONE)
    expect(inbox.find((m) => m.id === sent!.key.id)).toMatchObject({ from: Ajid, to: Bjid, text: 'hello Bob the person', fromMe: false })
    const { id } = await net.sendText(B_PHONE, A_PHONE, 'Bob typed this on his phone')
    await waitFor(() => A.ev('messages.upsert', (v) => v.messages.some((m) => m.key.id === id && textOf(m) === 'Bob typed this on his phone')).length, 8000, 'A got the person')
    // The phone's own message is mirrored to its linked device B as fromMe.
    await waitFor(() => B.ev('messages.upsert', (v) => v.messages.some((m) => m.key.id === id && m.key.fromMe)).length, 8000, 'mirror on B')
  })

  it('a device running low on one-time pre-keys is told, and uploads more', async () => {
    const B1 = `${B_PHONE}:1@s.whatsapp.net`
    // Leave B:1 with exactly LOW_PREKEY_COUNT keys; the next bundle fetch takes one and crosses the threshold.
    expect(net.faults.exhaustPreKeys(B1, LOW_PREKEY_COUNT)).toBeGreaterThan(0)
    expect(net.preKeyCount(B1)).toBe(LOW_PREKEY_COUNT)
    const D = new TestClient(net, 'D')
    await net.createPhone({ phoneNumber: '15550000004', name: 'Dan' })
    await D.pairByQr('15550000004')
    try {
      await D.sock.sendMessage(Bjid, { text: 'a new contact fetches your keys' })
      await waitFor(() => net.preKeyCount(B1) > LOW_PREKEY_COUNT, 8000, 'B re-uploaded prekeys')
    } finally {
      D.stop()
    }
  })

  it('retry receipts: a device that lost its session asks again and gets the message', async () => {
    // B forgets its Signal session with A's device: A's next message cannot be decrypted, B sends a retry
    // receipt with fresh keys through the sandbox to A's exact device, and A re-sends a decryptable copy.
    const first = await A.sock.sendMessage(Bjid, { text: 'before you forgot me' })
    await waitFor(() => B.ev('messages.upsert', (v) => v.messages.some((x) => x.key.id === first!.key.id)).length, 8000, 'first')
    const lidOfA = net.getPhone(A_PHONE)!.lid.split('@')[0]
    const address = `${lidOfA}_1.1`
    expect(Object.keys(await B.auth.keys.get('session', [address]))).toEqual([address])
    await B.auth.keys.set({ session: { [address]: null } })
    const m = await A.sock.sendMessage(Bjid, { text: 'after you forgot me' })
    await waitFor(() => B.ev('messages.upsert', (v) => v.messages.some((x) => x.key.id === m!.key.id && textOf(x) === 'after you forgot me')).length, 15_000, 'decrypted after retry')
  })

  it('retry receipts for an own-device mirror copy carry recipient=, so the sender re-sends it', async () => {
    // B's companion forgets its session with B's own phone; the phone's next message (to A) reaches B as a mirror
    // copy B cannot decrypt. B's retry names the original recipient; without it the phone's Baileys cannot tell
    // which chat the message belongs to (it failed in sendMessagesAgain) and B never gets the copy.
    const first = await net.sendText(B_PHONE, A_PHONE, 'phone before forgetting')
    await waitFor(() => B.ev('messages.upsert', (v) => v.messages.some((x) => x.key.id === first.id)).length, 8000, 'first mirror')
    const lidOfB = net.getPhone(B_PHONE)!.lid.split('@')[0]
    const address = `${lidOfB}_1.0`
    expect(Object.keys(await B.auth.keys.get('session', [address]))).toEqual([address])
    await B.auth.keys.set({ session: { [address]: null } })
    const { id } = await net.sendText(B_PHONE, A_PHONE, 'phone after forgetting')
    await waitFor(
      () => B.ev('messages.upsert', (v) => v.messages.some((x) => x.key.id === id && x.key.fromMe && x.key.remoteJid === Ajid && textOf(x) === 'phone after forgetting')).length,
      15_000,
      'mirror decrypted after retry'
    )
  })

  it('stanza inventory: every iq Baileys sent had a handler', () => {
    const inv = net.stanzaInventory()
    expect(inv.handled).toEqual(expect.arrayContaining(['iq:encrypt/get/count', 'iq:usync/get/usync', 'iq:w:g2/set/create']))
    expect(inv.unhandled).toEqual([])
  })
})
