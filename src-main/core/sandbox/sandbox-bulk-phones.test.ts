// Phones by the thousand (the campaign bench's 30,000): phones created with their one-time pre-keys already on the
// server (the first login uploads none of Baileys' 812), creds minted without initAuthCreds' wasted signature, and
// persons online on demand (woken by what the network queues for them, logged off when idle), all still speaking the
// real protocol to real Baileys: a first message to such a phone is a pkmsg on one of those pre-keys, decrypted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { initAuthCreds } from '@whiskeysockets/baileys'
import { SandboxNetwork } from './sandbox-network.js'
import { freshCredsWithout } from './phone/person-auth.js'
import { MAX_PROVISIONED_PREKEYS } from './phone/provision.js'
import { waitFor } from './testing/test-client.js'

const A = '15550940001'
const B = '15550940002'
const C = '15550940003'
const jid = (p: string) => `${p}@s.whatsapp.net`
const received = async (net: SandboxNetwork, phone: string, text: string) => (await net.messages(phone)).filter((m) => !m.fromMe && m.text === text).length

/** AsyncLocalStorage stores a new timer carries (one per enabled AsyncLocalStorage before Node's AsyncContextFrame). */
const storeProps = () => {
  const t = setTimeout(() => undefined, 0)
  clearTimeout(t)
  return Object.getOwnPropertySymbols(t).filter((sym) => sym.description === 'kResourceStore').length
}

describe('sandbox phones in bulk', () => {
  it("mints the same creds fields as Baileys' initAuthCreds (less the identity key and signed pre-key the phone brings)", () => {
    const ours = Object.keys(freshCredsWithout()).sort()
    const baileys = Object.keys(initAuthCreds()).filter((k) => k !== 'signedIdentityKey' && k !== 'signedPreKey').sort()
    expect(ours).toEqual(baileys)
  })

  describe.sequential('pre-keys on the server from the start, persons online on demand', () => {
    let net: SandboxNetwork
    const IDLE_MS = 600

    beforeAll(async () => {
      net = await SandboxNetwork.open({ dataDir: mkdtempSync(join(tmpdir(), 'sb-bulk-')), personIdleMs: IDLE_MS })
      await net.createPhone({ phoneNumber: A, name: 'Ann', preKeys: 10 })
      await net.createPhone({ phoneNumber: B, name: 'Ben', preKeys: 10 })
      await net.createPhone({ phoneNumber: C, name: 'Cid' })
    })
    afterAll(async () => net?.close())

    it('holds the pre-keys on the server and leaves an on-demand person logged off until something needs it', () => {
      expect(net.preKeyCount(jid(A))).toBeLessThanOrEqual(10)
      expect(net.preKeyCount(jid(C))).toBe(0)
      expect(net.listPhones().map((p) => p.person_online)).toEqual([false, false, false])
    })

    it('refuses a pre-key count it cannot mint', async () => {
      await expect(net.createPhone({ phoneNumber: '15550940009', preKeys: MAX_PROVISIONED_PREKEYS + 1 })).rejects.toMatchObject({ code: 'invalid_request' })
      await expect(net.createPhone({ phoneNumber: '15550940009', preKeys: -1 })).rejects.toMatchObject({ code: 'invalid_request' })
      expect(net.getPhone('15550940009')).toBeUndefined()
    })

    it('a message to a logged-off phone wakes it; it decrypts it on one of its pre-keys; its login uploaded none', async () => {
      // A acts (wakes to send), B is woken by the message the network queues for it.
      await net.sendText(A, B, 'hello B')
      await waitFor(async () => (await received(net, B, 'hello B')) === 1, 15_000, 'B received')
      // The sender's fetch of B's bundle took one of B's 10; B's first login found 9 > 5 and uploaded nothing.
      expect(net.preKeyCount(jid(B))).toBe(9)
      expect(net.preKeyCount(jid(A))).toBeLessThanOrEqual(10)
      expect((await net.decryptFailures(B)).count).toBe(0)
    })

    it('logs off when idle with nothing queued, and wakes again for the next message', async () => {
      await waitFor(() => net.listPhones().every((p) => !p.person_online), 10_000, 'all logged off')
      expect(net.queueDepth(jid(B))).toBe(0)
      await net.sendText(A, B, 'again B')
      await waitFor(async () => (await received(net, B, 'again B')) === 1, 15_000, 'B received again')
      expect(await received(net, B, 'hello B')).toBe(1)
    })

    it('a phone without provisioned pre-keys uploads its own at its first login, as before', async () => {
      await net.sendText(C, A, 'from C')
      await waitFor(async () => (await received(net, A, 'from C')) === 1, 15_000, 'A received from C')
      expect(net.preKeyCount(jid(C))).toBeGreaterThan(100)
    })
  })

  it('a person that logs off 40 ms after its last traffic still records every message sent around that moment', async () => {
    // Each message lands near the moment its recipient logs off: after its receipt, before Baileys emits it, or
    // on a socket that is closing. Every one must end up recorded on the phone, once.
    const net = await SandboxNetwork.open({ dataDir: mkdtempSync(join(tmpdir(), 'sb-doze-')), personIdleMs: 40 })
    try {
      await net.createPhone({ phoneNumber: A, preKeys: 10 })
      await net.createPhone({ phoneNumber: B, preKeys: 10 })
      const texts = Array.from({ length: 24 }, (_, i) => `near doze ${i}`)
      for (const [i, text] of texts.entries()) {
        await net.sendText(A, B, text)
        await new Promise((r) => setTimeout(r, [0, 20, 35, 45, 60, 90][i % 6]))
      }
      await waitFor(async () => (await net.messages(B)).filter((m) => !m.fromMe && m.text?.startsWith('near doze')).length === texts.length, 30_000, 'B recorded all')
      const got = (await net.messages(B)).filter((m) => !m.fromMe).map((m) => m.text)
      expect(got.sort()).toEqual([...texts].sort())
      // Nothing left behind for B either (receipts, notifications): it woke for whatever was queued and took it.
      await waitFor(() => net.queueDepth(jid(B)) === 0, 10_000, "B's queue drained")
    } finally {
      await net.close()
    }
  })

  it('a burst of wakes logs in a few persons at a time (the rest wait without a socket), records every message and logs all off', async () => {
    // Under load, unbounded logins all progressed at once, each slower than the last, until they timed out and
    // retried: at 2,000 x 5 the campaign bench's phones piled up half-logged-in (thousands of sockets, GBs).
    const net = await SandboxNetwork.open({ dataDir: mkdtempSync(join(tmpdir(), 'sb-gate-')), personIdleMs: 150, personLoginsAtOnce: 2 })
    const storesBefore = storeProps()
    let peak = { connecting: 0, waiting: 0 }
    const sampler = setInterval(() => {
      const c = net.personsCensus()
      peak = { connecting: Math.max(peak.connecting, c.connecting), waiting: Math.max(peak.waiting, c.waiting) }
    }, 2)
    try {
      await net.createPhone({ phoneNumber: A, preKeys: 10 })
      const to = Array.from({ length: 12 }, (_, i) => `155509410${String(i).padStart(2, '0')}`)
      for (const p of to) await net.createPhone({ phoneNumber: p, preKeys: 10 })
      await Promise.all(to.map((p) => net.sendText(A, p, `burst ${p}`)))
      await waitFor(async () => (await Promise.all(to.map((p) => received(net, p, `burst ${p}`)))).every((n) => n === 1), 60_000, 'every phone recorded its message')
      expect(peak.connecting).toBeLessThanOrEqual(2)
      expect(peak.waiting).toBeGreaterThan(0)
      await waitFor(() => { const c = net.personsCensus(); return c.online + c.connecting + c.waiting === 0 }, 20_000, 'all logged off')
      expect(to.map((p) => net.queueDepth(jid(p)))).toEqual(to.map(() => 0))
      for (const p of to) expect(await received(net, p, `burst ${p}`)).toBe(1)
      // 13 logins, and every promise and timer of the process still carries one AsyncLocalStorage store at most (the
      // shared one), not one more per login: each Baileys socket used to enable its own for good.
      expect(storeProps() - storesBefore).toBeLessThanOrEqual(1)
    } finally {
      clearInterval(sampler)
      await net.close()
    }
  })
})
