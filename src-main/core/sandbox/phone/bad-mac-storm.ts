// A Bad MAC storm (issue 22 item 2, Baileys #2234: 168k decryption errors in 2 hours): simulated senders write to
// one device at a steady rate and every one of those messages stays undecryptable there (corrupted ciphertext,
// retries included). Runs in the background; resolves with how many were sent once the last one went.
import { sandboxErrors } from '../errors.js'
import type { NetworkFaults } from '../sandbox-faults.js'

/** What a storm needs of the network (the SandboxNetwork hands itself in): phones, a text send and the fault switch. */
export interface StormNetwork {
  getPhone(phoneNumber: string): unknown
  createPhone(input: { phoneNumber: string; name?: string }): Promise<unknown>
  sendText(phoneNumber: string, to: string, text: string): Promise<unknown>
  readonly faults: Pick<NetworkFaults, 'undecryptable'>
}

export interface StormOptions {
  /** The device that cannot decrypt (its JID). */
  jid: string
  /** Phone numbers of the simulated senders (created if missing). */
  senders: string[]
  /** Messages per sender. */
  messages: number
  /** Pace of the whole storm (messages a minute). */
  perMinute: number
}

export async function badMacStorm(net: StormNetwork, o: StormOptions): Promise<{ total: number; done: Promise<number> }> {
  if (!o.senders.length) throw sandboxErrors.invalidRequest('senders is required', ['senders'])
  const target = o.jid.split('@')[0]!.split(':')[0]!
  for (const s of o.senders) if (!net.getPhone(s)) await net.createPhone({ phoneNumber: s, name: `Storm ${s.slice(-4)}` })
  const total = o.senders.length * o.messages
  // Only the storm's senders: everyone else writing to the device meanwhile is read as usual.
  net.faults.undecryptable(o.jid, 'corrupt_ciphertext', total, true, o.senders)
  // Each sender writes on its own (as a storm's senders do), together at the storm's pace.
  const gapMs = (60_000 * o.senders.length) / Math.max(1, o.perMinute)
  let closed = false
  const one = async (s: string) => {
    let sent = 0
    for (let i = 0; i < o.messages && !closed; i++) {
      try {
        await net.sendText(s, target, `storm ${i + 1} from ${s}`)
        sent++
      } catch {
        closed = true // the sandbox closed
      }
      if (gapMs >= 1) await new Promise((r) => setTimeout(r, gapMs).unref())
    }
    return sent
  }
  const done = Promise.all(o.senders.map(one)).then((counts) => counts.reduce((a, b) => a + b, 0))
  return { total, done }
}
