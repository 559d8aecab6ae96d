// The people behind the simulated phones: one PersonDevice (a Baileys socket as device 0) per account, and what
// a person does through it — send, type, come online, ring someone, read what they sent and received.
import { randomBytes } from 'node:crypto'
import type { Logger } from 'pino'
import type { AnyMessageContent, WASocket } from '@whiskeysockets/baileys'
import type { Db } from '../db/connection.js'
import type { SandboxServer } from './server/context.js'
import { PersonDevice, type PersonCensus } from './phone/person-device.js'
import { LoginGate } from './phone/login-gate.js'
import { decryptFailures, getPersonMedia, personMessages, type DecryptFailures, type PersonMessage } from './store/person-repo.js'
import { offerCall, terminateCall } from './handlers/calls.js'
import type { SocketTrust } from './client-trust.js'
import { sandboxErrors } from './errors.js'
import { requirePhone, resolveTarget } from './lookup.js'
import { parseJid } from './wire/jid.js'

export interface PersonsCensus {
  online: number
  connecting: number
  /** Woken, in line for a login slot (or a reconnect timer). */
  waiting: number
  busy: number
  inFlight: number
  pendingWork: number
  waiters: number
  queued: number
  /** Connected persons with at least one reason not to log off. */
  blocked: number
}

/** On-demand persons logging in at once (login-gate.ts); the rest wait their turn without a socket. */
export const DEFAULT_PERSON_LOGINS_AT_ONCE = 4

export class Persons {
  private readonly devices = new Map<string, PersonDevice>()
  private readonly gate: LoginGate | undefined

  constructor(
    private readonly db: Db,
    private readonly server: SandboxServer,
    private readonly trust: () => SocketTrust,
    private readonly log: Logger,
    /** Persons online on demand, logging off after this long idle (undefined: always online). */
    private readonly idleMs?: number,
    loginsAtOnce = DEFAULT_PERSON_LOGINS_AT_ONCE
  ) {
    this.gate = idleMs === undefined ? undefined : new LoginGate(loginsAtOnce)
  }

  /** Starts the person of an account: connects it, or (on demand) leaves it logged off until woken. */
  start(phone: string): void {
    const person = new PersonDevice(this.db, phone, this.trust(), this.log, this.idleMs, this.gate)
    this.devices.set(phone, person)
    if (this.idleMs === undefined) person.start()
  }

  /** The network queued something for a device that is not online: if it is a person's phone, it comes online. */
  wake(phone: string, deviceId: number): void {
    if (deviceId === 0) this.devices.get(phone)?.wake()
  }

  /** Holds the on-demand persons' login line (none starts; the woken wait in line) or lets it go: benches measure without the logins. */
  holdLogins(held: boolean): void {
    this.gate?.hold(held)
  }

  /** How many persons are online/connecting, and what keeps the connected ones from logging off (summed). */
  census(): PersonsCensus {
    const c: PersonsCensus = { online: 0, connecting: 0, waiting: 0, busy: 0, inFlight: 0, pendingWork: 0, waiters: 0, queued: 0, blocked: 0 }
    for (const d of this.devices.values()) {
      const p: PersonCensus = d.census()
      if (p.state === 'offline') continue
      c[p.state]++
      c.busy += p.busy
      c.inFlight += p.inFlight
      c.pendingWork += p.pendingWork
      c.waiters += p.waiters
      c.queued += p.queued
      if (p.busy || p.inFlight || p.pendingWork || p.waiters || p.queued) c.blocked++
    }
    return c
  }

  isOnline(phone: string): boolean {
    return !!this.devices.get(phone)?.online
  }

  private device(phone: string): PersonDevice {
    const p = this.devices.get(phone)
    if (!p) throw sandboxErrors.personOffline(phone)
    return p
  }

  /** Any Baileys message content (text, images, voice notes, reactions, polls...). */
  async sendMessage(phoneNumber: string, to: string, content: AnyMessageContent): Promise<{ id: string }> {
    const acc = requirePhone(this.db, phoneNumber)
    const jid = resolveTarget(this.db, acc, to)
    const person = this.device(acc.phone)
    if (!(await person.whenOnline())) throw sandboxErrors.personOffline(acc.phone)
    const msg = await person.send(jid, content)
    return { id: msg.key.id! }
  }

  /** The person's own Baileys socket, for tests that need the full client API (app-state patches, polls...). */
  async socket(phoneNumber: string): Promise<WASocket> {
    const acc = requirePhone(this.db, phoneNumber)
    try {
      return await this.device(acc.phone).socket()
    } catch {
      throw sandboxErrors.personOffline(acc.phone)
    }
  }

  async setPresence(phoneNumber: string, state: 'available' | 'unavailable'): Promise<void> {
    await this.device(requirePhone(this.db, phoneNumber).phone).presence(state)
  }

  async chatState(phoneNumber: string, to: string, state: 'composing' | 'recording' | 'paused'): Promise<void> {
    const acc = requirePhone(this.db, phoneNumber)
    await this.device(acc.phone).presence(state, resolveTarget(this.db, acc, to))
  }

  /** Rings `to` (signalling only); returns the call id. */
  placeCall(phoneNumber: string, to: string, opts: { video?: boolean } = {}): string {
    const [from, target] = this.callParties(phoneNumber, to)
    const callId = randomBytes(16).toString('hex').toUpperCase()
    offerCall(this.server, from, target, callId, !!opts.video)
    return callId
  }

  endCall(phoneNumber: string, to: string, callId: string, reason: 'timeout' | 'hangup' = 'timeout'): void {
    const [from, target] = this.callParties(phoneNumber, to)
    terminateCall(this.server, from, target, callId, reason)
  }

  private callParties(phoneNumber: string, to: string): [string, string] {
    const acc = requirePhone(this.db, phoneNumber)
    return [acc.phone, requirePhone(this.db, parseJid(resolveTarget(this.db, acc, to))!.user).phone]
  }

  /** What the person sent and received, decrypted (after in-flight recording settled). */
  async messages(phoneNumber: string): Promise<PersonMessage[]> {
    const acc = requirePhone(this.db, phoneNumber)
    await this.devices.get(acc.phone)?.settle()
    return personMessages(this.db, acc.phone)
  }

  /** Messages the person's phone could not decrypt (counted since the phone was created, across restarts). */
  async decryptFailures(phoneNumber: string): Promise<DecryptFailures> {
    const acc = requirePhone(this.db, phoneNumber)
    await this.devices.get(acc.phone)?.settle()
    return decryptFailures(this.db, acc.phone)
  }

  /** Decrypted media of a message the person sent or received. */
  async mediaOf(phoneNumber: string, messageId: string): Promise<{ mimetype: string | null; body: Buffer } | undefined> {
    const acc = requirePhone(this.db, phoneNumber)
    await this.devices.get(acc.phone)?.settle()
    return getPersonMedia(this.db, acc.phone, messageId)
  }

  async stopAll(): Promise<void> {
    await Promise.allSettled([...this.devices.values()].map((p) => p.stop()))
  }
}
