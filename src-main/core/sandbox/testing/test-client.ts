// Test harness: a real Baileys client with in-memory auth, pointed at a sandbox, recording every event.
// Used by the sandbox's own tests and by other modules' tests that need a second party.
import makeWASocket, {
  Browsers, DisconnectReason, initAuthCreds, proto, type AuthenticationState, type BaileysEventMap, type SignalDataTypeMap, type WASocket
} from '@whiskeysockets/baileys'
import pino from 'pino'
import { waitUntil } from './wait.js'
import type { SandboxNetwork } from '../sandbox-network.js'

export interface RecordedEvent {
  k: keyof BaileysEventMap
  v: unknown
  at: number
}

export function memoryAuth(): AuthenticationState {
  const store = new Map<string, unknown>()
  return {
    creds: initAuthCreds(),
    keys: {
      get: async <T extends keyof SignalDataTypeMap>(type: T, ids: string[]) => {
        const out: { [id: string]: SignalDataTypeMap[T] } = {}
        for (const id of ids) {
          let v = store.get(`${type}/${id}`)
          if (v === undefined) continue
          if (type === 'app-state-sync-key') v = proto.Message.AppStateSyncKeyData.fromObject(v as object)
          out[id] = v as SignalDataTypeMap[T]
        }
        return out
      },
      set: async (data) => {
        for (const [type, entries] of Object.entries(data)) {
          for (const [id, v] of Object.entries(entries ?? {})) {
            if (v) store.set(`${type}/${id}`, v)
            else store.delete(`${type}/${id}`)
          }
        }
      }
    }
  }
}

/** Polls every 15 ms: the sandbox's own tests wait on in-process events. */
export const waitFor = <T>(fn: () => T | undefined | null | false | Promise<T | undefined | null | false>, ms = 10_000, what = 'condition'): Promise<T> =>
  waitUntil(fn, ms, what, 15)

export class TestClient {
  auth = memoryAuth()
  events: RecordedEvent[] = []
  qrs: string[] = []
  closes: (number | undefined)[] = []
  state: 'new' | 'connecting' | 'open' | 'close' = 'new'
  sock!: WASocket
  connects = 0
  /** Messages this client saw, so Baileys can answer retry requests (getMessage). */
  readonly store = new Map<string, proto.IMessage>()
  private readonly storeWaiters = new Map<string, (() => void)[]>()
  private stopped = false

  constructor(readonly network: SandboxNetwork, readonly name: string) {}

  start(opts: { markOnlineOnConnect?: boolean } = {}): WASocket {
    this.stopped = false
    this.connects++
    const sock = makeWASocket({
      ...this.network.socketTrust(),
      auth: this.auth,
      logger: pino({ level: process.env.BAILEYS_LOG ?? 'silent' }) as never,
      browser: Browsers.ubuntu('Chrome'),
      connectTimeoutMs: 10_000,
      defaultQueryTimeoutMs: 10_000,
      markOnlineOnConnect: opts.markOnlineOnConnect ?? true,
      getMessage: async (key) => (key.id ? this.stored(key.id) : undefined)
    })
    this.sock = sock
    sock.ev.process(async (evs) => {
      for (const [k, v] of Object.entries(evs)) this.events.push({ k: k as keyof BaileysEventMap, v, at: Date.now() })
      for (const m of evs['messages.upsert']?.messages ?? []) if (m.key.id && m.message) this.remember(m.key.id, m.message)
      const cu = evs['connection.update']
      if (cu) {
        if (cu.qr) this.qrs.push(cu.qr)
        if (cu.connection) this.state = cu.connection
        if (cu.connection === 'close') {
          const code = (cu.lastDisconnect?.error as { output?: { statusCode?: number } } | undefined)?.output?.statusCode
          this.closes.push(code)
          if (code === DisconnectReason.restartRequired && !this.stopped) setTimeout(() => this.start(opts), 20)
        }
      }
    })
    return sock
  }

  private remember(id: string, message: proto.IMessage): void {
    this.store.set(id, message)
    for (const wake of this.storeWaiters.get(id) ?? []) wake()
    this.storeWaiters.delete(id)
  }

  /**
   * A retry receipt can overtake Baileys' own upsert of the message just sent (it is emitted on a later tick),
   * so a miss waits for that upsert, up to `ms`, instead of answering "unknown message".
   */
  private stored(id: string, ms = 2000): Promise<proto.IMessage | undefined> {
    const have = this.store.get(id)
    if (have) return Promise.resolve(have)
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer)
        resolve(this.store.get(id))
      }
      const timer = setTimeout(() => {
        const rest = (this.storeWaiters.get(id) ?? []).filter((w) => w !== wake)
        if (rest.length) this.storeWaiters.set(id, rest)
        else this.storeWaiters.delete(id)
        resolve(undefined)
      }, ms)
      this.storeWaiters.set(id, [...(this.storeWaiters.get(id) ?? []), wake])
    })
  }

  stop(): void {
    this.stopped = true
    this.sock?.end(undefined)
  }

  ev<K extends keyof BaileysEventMap>(k: K, pred: (v: BaileysEventMap[K]) => boolean = () => true): BaileysEventMap[K][] {
    return this.events.filter((e) => e.k === k && pred(e.v as BaileysEventMap[K])).map((e) => e.v as BaileysEventMap[K])
  }

  /** Pair through the sandbox phone by QR and wait until the client is open. */
  async pairByQr(phone: string): Promise<void> {
    this.start()
    const qr = await waitFor(() => this.qrs.at(-1), 8000, `${this.name} qr`)
    await this.network.scanQr(phone, qr)
    await waitFor(() => this.state === 'open' && this.auth.creds.me?.name, 15_000, `${this.name} open after pairing`)
  }
}

export const textOf = (m: proto.IWebMessageInfo | undefined): string | undefined =>
  m?.message?.conversation ?? m?.message?.extendedTextMessage?.text ?? undefined

/** A sandbox in a fresh temp folder with two phones, each with one Baileys companion linked by QR. */
export async function openPairedSandbox(opts: { groupAddressingMode?: 'pn' | 'lid'; dataDir?: string; handshakeTimeoutMs?: number } = {}) {
  const { mkdtempSync } = await import('node:fs')
  const { tmpdir } = await import('node:os')
  const { join } = await import('node:path')
  const { SandboxNetwork } = await import('../sandbox-network.js')
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'sb-'))
  const net = await SandboxNetwork.open({ dataDir, groupAddressingMode: opts.groupAddressingMode, handshakeTimeoutMs: opts.handshakeTimeoutMs })
  await net.createPhone({ phoneNumber: '15550000001', name: 'Alice' })
  await net.createPhone({ phoneNumber: '15550000002', name: 'Bob' })
  const A = new TestClient(net, 'A')
  const B = new TestClient(net, 'B')
  await A.pairByQr('15550000001')
  await B.pairByQr('15550000002')
  return {
    net, A, B, dataDir,
    Ajid: '15550000001@s.whatsapp.net',
    Bjid: '15550000002@s.whatsapp.net',
    close: async () => {
      A.stop()
      B.stop()
      await net.close()
    }
  }
}
