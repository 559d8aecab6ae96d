// Restarting the sandbox keeps the world: root of trust, accounts, pairings, prekeys, and stanzas still
// waiting for an offline device.
import { describe, expect, it } from 'vitest'
import { SandboxNetwork } from './sandbox-network.js'
import { openPairedSandbox, TestClient, textOf, waitFor } from './testing/test-client.js'

describe('sandbox persistence', () => {
  it('a restart keeps pairings and queued messages', async () => {
    const { net, A, B, dataDir, Ajid } = await openPairedSandbox()
    const root = Buffer.from(net.rootPublicKey)
    const wsUrl = net.wsUrl
    // A goes offline; B sends; the sandbox restarts while the message waits for A.
    A.stop()
    await waitFor(() => A.state === 'close', 5000, 'A closed')
    const sent = await B.sock.sendMessage(Ajid, { text: 'survives a restart' })
    await waitFor(() => net.queueDepth('15550000001:1@s.whatsapp.net') > 0, 5000, 'queued for A')
    B.stop()
    await net.close()

    const net2 = await SandboxNetwork.open({ dataDir })
    try {
      expect(net2.rootPublicKey.equals(root)).toBe(true)
      expect(net2.wsUrl).toBe(wsUrl)
      expect(net2.listPhones().map((p) => [p.phone_number, p.devices.length])).toEqual([
        ['15550000001', 2],
        ['15550000002', 2]
      ])
      expect(net2.queueDepth('15550000001:1@s.whatsapp.net')).toBeGreaterThan(0)
      // A logs in with its saved creds: no QR, and the queued message arrives and decrypts.
      const A2 = new TestClient(net2, 'A-again')
      A2.auth = A.auth
      A2.start()
      try {
        await waitFor(() => A2.state === 'open', 10_000, 'A open after restart')
        expect(A2.qrs).toEqual([])
        await waitFor(
          () => A2.ev('messages.upsert', (v) => v.messages.some((m) => m.key.id === sent!.key.id && textOf(m) === 'survives a restart')).length,
          15_000,
          'queued message'
        )
        await waitFor(() => net2.queueDepth('15550000001:1@s.whatsapp.net') === 0, 5000, 'queue drained')
        // The person devices came back too and still speak Signal with existing sessions.
        const { id } = await net2.sendText('15550000002', '15550000001', 'Bob after the restart')
        await waitFor(() => A2.ev('messages.upsert', (v) => v.messages.some((m) => m.key.id === id && textOf(m) === 'Bob after the restart')).length, 10_000, 'person message')
      } finally {
        A2.stop()
      }
    } finally {
      await net2.close()
    }
  })
})
