// The sandbox network alone, as a child process of the scale bench (BENCH_SCALE_SANDBOX=child, the default): the core
// is then measured without the simulated phones (the sandbox server and one Baileys "person" socket per phone live
// here). Driven over IPC: {id, op, args} -> {id, ok, result | error}; the first message is the trust the core needs.
import { createHash } from 'node:crypto'
import { Curve } from '@whiskeysockets/baileys'
import { SandboxNetwork } from '../src-main/core/sandbox/index.js'

export interface SandboxTrustInfo {
  wsUrl: string
  mediaHost: string
  mediaCaPem: string
  /** The sandbox's Noise root public key, base64. */
  root: string
}

export type SandboxOp =
  | { op: 'createPhone'; args: { phone: string; name: string; preKeys?: number } }
  | { op: 'createPhones'; args: { phones: { phone: string; name: string }[]; preKeys?: number } }
  | { op: 'seed'; args: { phone: string; spec: Record<string, unknown> } }
  | { op: 'scan'; args: { phone: string; qr: string } }
  | { op: 'memory'; args: Record<string, never> }
  | { op: 'received'; args: { phones: string[]; startsWith: string } }
  | { op: 'sendTexts'; args: { from: string[]; to: string; perSender: number; perMinute: number; prefix: string } }
  | { op: 'storm'; args: { to: string; senders: string[]; perSender: number; perMinute: number } }
  | { op: 'retryReceipts'; args: { phones: string[] } }
  | { op: 'persons'; args: Record<string, never> }
  | { op: 'holdLogins'; args: { held: boolean } }

const dataDir = process.argv[2]
if (!dataDir || !process.send) throw new Error('usage: fork(scale-sandbox.ts, [dataDir]) with an IPC channel')
const send = process.send.bind(process)
// argv[3]: persons online on demand, logging off after this many ms idle (campaign bench: 30,000 phones).
const personIdleMs = process.argv[3] ? Number(process.argv[3]) : undefined
const network = await SandboxNetwork.open({ dataDir, personIdleMs })
const trust: SandboxTrustInfo = { wsUrl: network.wsUrl, mediaHost: network.mediaHost, mediaCaPem: network.mediaCaPem, root: network.rootPublicKey.toString('base64') }
send({ kind: 'ready', trust })

async function run(m: SandboxOp): Promise<unknown> {
  switch (m.op) {
    case 'createPhone':
      await network.createPhone({ phoneNumber: m.args.phone, name: m.args.name, preKeys: m.args.preKeys })
      return null
    case 'createPhones':
      // Many in one round trip (each still its own provisioning transaction). Each phone is ~0.1 s of synchronous key
      // work: yield to the event loop between them, or a batch blocks the network for half a minute and the linked
      // instances' sockets time out (seen: all 5 instances FAILED, retries exhausted, during a 250-phone batch).
      for (const p of m.args.phones) {
        await network.createPhone({ phoneNumber: p.phone, name: p.name, preKeys: m.args.preKeys })
        await new Promise((r) => setImmediate(r))
      }
      return m.args.phones.length
    case 'seed':
      return network.seedHistory(m.args.phone, m.args.spec)
    case 'scan':
      await network.scanQr(m.args.phone, m.args.qr)
      return null
    case 'memory':
      return process.memoryUsage().rss
    case 'received': {
      // How many messages each phone received whose text starts so (campaign bench: counted on the phones).
      const counts: number[] = []
      for (const phone of m.args.phones) counts.push((await network.messages(phone)).filter((x) => !x.fromMe && (x.text ?? '').startsWith(m.args.startsWith)).length)
      return counts
    }
    case 'sendTexts': {
      // Ordinary traffic (storm bench baseline and probes): each sender on its own, together at the pace; returns
      // when the last one went.
      const gapMs = (60_000 * m.args.from.length) / m.args.perMinute
      const one = async (from: string) => {
        for (let i = 0; i < m.args.perSender; i++) {
          await network.sendText(from, m.args.to, m.args.perSender === 1 ? m.args.prefix : `${m.args.prefix} ${i + 1} from ${from}`)
          if (gapMs >= 1) await new Promise((r) => setTimeout(r, gapMs))
        }
      }
      await Promise.all(m.args.from.map(one))
      return m.args.perSender * m.args.from.length
    }
    case 'storm': {
      // A Bad MAC storm at the recipient's linked device (the instance): returns how many went once the last one did.
      const device = network.getPhone(m.args.to)?.devices.find((d) => d.kind === 'companion')
      if (!device) throw new Error(`${m.args.to} has no linked device`)
      const storm = await network.badMacStorm({ jid: device.jid, senders: m.args.senders, messages: m.args.perSender, perMinute: m.args.perMinute })
      return storm.done
    }
    case 'persons':
      return network.personsCensus()
    case 'holdLogins':
      network.holdPersonLogins(m.args.held)
      return null
    case 'retryReceipts':
      // Retry receipts each phone was sent (its main device), counted by the sandbox server.
      return m.args.phones.map((p) => network.getPhone(p)?.devices.find((d) => d.kind === 'phone')?.retry_receipts ?? 0)
  }
}

process.on('message', (m: SandboxOp & { id: number }) => {
  run(m).then(
    (result) => send({ id: m.id, ok: true, result }),
    (e: unknown) => send({ id: m.id, ok: false, error: (e as Error).message ?? String(e) })
  )
})
process.on('SIGTERM', () => void network.close().finally(() => process.exit(0)))
process.on('disconnect', () => void network.close().finally(() => process.exit(0)))
