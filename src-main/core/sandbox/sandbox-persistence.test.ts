// Restarting the sandbox keeps the world: root of trust, accounts, pairings, prekeys, stanzas still waiting for
// an offline device, groups (metadata and sender-key fan-out) and app-state collections (version and patches).
import { describe, expect, it } from 'vitest'
import { SandboxNetwork } from './sandbox-network.js'
import { openPairedSandbox, TestClient, textOf, waitFor } from './testing/test-client.js'

const A_PHONE = '15550000001'
const MUTES = 'regular_high'

describe('sandbox persistence', () => {
  it('a restart keeps pairings, queued messages, groups and app state', async () => {
    const { net, A, B, dataDir, Ajid, Bjid } = await openPairedSandbox()
    const root = Buffer.from(net.rootPublicKey)
    const wsUrl = net.wsUrl
    // A group of A and B, and an app-state patch by A (B's chat muted).
    const group = await A.sock.groupCreate('Survivors', [Bjid])
    await waitFor(() => B.ev('groups.upsert', (v) => v.some((g) => g.id === group.id)).length, 5000, 'B knows the group')
    await waitFor(() => A.auth.creds.myAppStateKeyId, 5000, 'app-state key')
    await A.sock.chatModify({ mute: Date.now() + 8 * 3600_000 }, Bjid)
    const mutesVersion = net.appStateVersion(A_PHONE, MUTES)
    expect(mutesVersion).toBeGreaterThan(0)
    // A goes offline; B sends; the sandbox restarts while the message waits for A.
    A.stop()
    await waitFor(() => A.state === 'close', 5000, 'A closed')
    const sent = await B.sock.sendMessage(Ajid, { text: 'survives a restart' })
    await waitFor(() => net.queueDepth('15550000001:1@s.whatsapp.net') > 0, 5000, 'queued for A')
    B.stop()
    await net.close()

    const net2 = await SandboxNetwork.open({ dataDir })
    const clients: TestClient[] = []
    try {
      expect(net2.rootPublicKey.equals(root)).toBe(true)
      expect(net2.wsUrl).toBe(wsUrl)
      expect(net2.listPhones().map((p) => [p.phone_number, p.devices.length])).toEqual([
        ['15550000001', 2],
        ['15550000002', 2]
      ])
      expect(net2.queueDepth('15550000001:1@s.whatsapp.net')).toBeGreaterThan(0)
      expect(net2.appStateVersion(A_PHONE, MUTES)).toBe(mutesVersion)
      // A and B log in with their saved creds: no QR, and the queued message arrives and decrypts.
      const A2 = new TestClient(net2, 'A-again')
      const B2 = new TestClient(net2, 'B-again')
      clients.push(A2, B2)
      A2.auth = A.auth
      B2.auth = B.auth
      A2.start()
      B2.start()
      await waitFor(() => A2.state === 'open' && B2.state === 'open', 10_000, 'A and B open after restart')
      expect([A2.qrs, B2.qrs]).toEqual([[], []])
      await waitFor(
        () => A2.ev('messages.upsert', (v) => v.messages.some((m) => m.key.id === sent!.key.id && textOf(m) === 'survives a restart')).length,
        15_000,
        'queued message'
      )
      await waitFor(() => net2.queueDepth('15550000001:1@s.whatsapp.net') === 0, 5000, 'queue drained')

      // The group kept its metadata, and a group message still fans out with sender keys.
      const meta = await A2.sock.groupMetadata(group.id)
      expect(meta.subject).toBe('Survivors')
      expect(meta.participants.map((p) => [p.id, p.admin]).sort()).toEqual([[Ajid, 'superadmin'], [Bjid, null]].sort())
      const gm = await A2.sock.sendMessage(group.id, { text: 'the group survived too' })
      await waitFor(
        () => B2.ev('messages.upsert', (v) => v.messages.some((m) => m.key.id === gm!.key.id && m.key.remoteJid === group.id && textOf(m) === 'the group survived too')).length,
        10_000,
        'group message on B'
      )

      // The app-state patch survived, not just its version: a new companion of A syncs the collection from
      // scratch and rebuilds the same LTHash (a hash over every mutation) the patching device holds.
      const A3 = new TestClient(net2, 'A3')
      clients.push(A3)
      await A3.pairByQr(A_PHONE)
      const stateOf = async (c: TestClient) => (await c.auth.keys.get('app-state-sync-version', [MUTES]))[MUTES]
      const synced = await waitFor(async () => {
        const st = await stateOf(A3)
        return st?.version === mutesVersion && st
      }, 10_000, 'A3 synced the mutes collection')
      expect(Buffer.from(synced.hash).equals(Buffer.from((await stateOf(A2))!.hash))).toBe(true)
      expect(Buffer.from(synced.hash).equals(Buffer.alloc(128))).toBe(false)

      // The person devices came back too and still speak Signal with existing sessions.
      const { id } = await net2.sendText('15550000002', '15550000001', 'Bob after the restart')
      await waitFor(() => A2.ev('messages.upsert', (v) => v.messages.some((m) => m.key.id === id && textOf(m) === 'Bob after the restart')).length, 10_000, 'person message')
    } finally {
      for (const c of clients) c.stop()
      await net2.close()
    }
  })
})
