// Fault injection on a running sandbox, for tests and testers: cut a device's connection, replace its stream
// (Baileys 440), hold live delivery for a while, leave a device nearly out of one-time pre-keys, refuse its
// next app-state uploads with a version conflict (409), ban an account (its linked devices' logins are refused
// with 403/402/406 as the real server does), or take a device's network down for a while.
import type { Db } from '../db/connection.js'
import type { SandboxServer } from './server/context.js'
import { deviceKey } from './server/delivery.js'
import type { EncFaultKind } from './server/enc-faults.js'
import type { ExpiredStatus } from './media/media-expiry.js'
import { refuse } from './server/session.js'
import { listDevices } from './store/accounts-repo.js'
import { setBan, type BanCode } from './store/ban-repo.js'
import { discardPreKeys } from './store/accounts-repo.js'
import { deviceOfJid, requirePhone } from './lookup.js'
import { node } from './wire/nodes.js'
import { parseVersion } from './server/client-versions.js'
import { sandboxErrors } from './errors.js'

export class NetworkFaults {
  constructor(private readonly db: Db, private readonly server: SandboxServer) {}

  /** Cut a device's connection without a goodbye (as a network drop). False when it is not connected. */
  dropConnection(jid: string): boolean {
    const c = this.connFor(jid)
    c?.drop()
    return !!c
  }

  /** Tell a device another client took over its session (stream conflict, Baileys 440). */
  streamConflict(jid: string): boolean {
    const c = this.connFor(jid)
    c?.streamError({}, [node('conflict', { type: 'replaced' })])
    return !!c
  }

  /** Hold live delivery to one device (or everyone) for `ms`; stanzas stay queued meanwhile. */
  setDeliveryDelay(ms: number, jid?: string): void {
    this.server.faults.setDeliveryDelay(ms, jid ? deviceKey(deviceOfJid(this.db, jid)) : undefined)
  }

  /** Leave a device only `keep` one-time pre-keys, as if others had fetched the rest; returns how many went. */
  exhaustPreKeys(jid: string, keep: number): number {
    const d = deviceOfJid(this.db, jid)
    return discardPreKeys(this.db, d.phone, d.deviceId, Math.max(0, Math.floor(keep)))
  }

  /** Refuse the device's next `count` app-state uploads with 409, as if another device had patched first. */
  appStateConflicts(jid: string, count: number): void {
    this.server.faults.setAppStateConflicts(deviceKey(deviceOfJid(this.db, jid)), count)
  }

  /**
   * The network bans the account (`code` 403 locked, 402 temporarily banned, 406 banned): its linked devices that
   * are connected get `<failure reason=code>` now, and every login of theirs is refused the same way until unbanned
   * (a per-phone setting: it survives restarts; `clear` leaves it). The phone itself (the simulated person) keeps
   * working. Returns how many live connections were refused.
   */
  ban(phoneNumber: string, code: BanCode = 403): number {
    const acc = requirePhone(this.db, phoneNumber)
    setBan(this.db, acc.phone, code)
    let refused = 0
    for (const d of listDevices(this.db, acc.phone)) {
      const c = d.kind === 'companion' ? this.server.connOf({ phone: acc.phone, deviceId: d.deviceId }) : undefined
      if (c) {
        refuse(c, code)
        refused++
      }
    }
    return refused
  }

  unban(phoneNumber: string): void {
    setBan(this.db, requirePhone(this.db, phoneNumber).phone, null)
  }

  /**
   * The device's network goes down for `ms` (undefined: until networkUp): its connection drops and each login
   * attempt meanwhile is cut as soon as it is made. Stanzas for it queue meanwhile. False when it was not connected.
   */
  networkDown(jid: string, ms?: number): boolean {
    this.server.faults.setNetworkDown(deviceKey(deviceOfJid(this.db, jid)), ms)
    return this.dropConnection(jid)
  }

  networkUp(jid: string): void {
    this.server.faults.setNetworkDown(deviceKey(deviceOfJid(this.db, jid)), 0)
  }

  /** Login attempts of the device since the sandbox started, refused ones included (reconnect storms show here). */
  logins(jid: string): number {
    return this.server.logins.get(deviceKey(deviceOfJid(this.db, jid))) ?? 0
  }

  /**
   * Make the next `count` messages to a device undecryptable there: `corrupt_ciphertext` (Bad MAC), `no_session`
   * (a whisper msg the device has no session for) or `invalid_prekey` (a pkmsg naming an already used pre-key).
   * The sender's retry goes through untouched, unless `persist`: then every retry of those messages fails too.
   */
  undecryptable(jid: string, kind: EncFaultKind, count = 1, persist = false, from?: readonly string[]): void {
    this.server.faults.enc.arm(deviceKey(deviceOfJid(this.db, jid)), kind, count, persist, from)
  }

  /**
   * The media host answers `status` (403, 404 or 410) instead of the bytes: for the media of one message
   * (`messageId`; returns how many blobs) or for everything uploaded more than `olderThanMs` ago. A phone's
   * re-upload (media retry) gets a new path and is served.
   */
  mediaExpired(o: { messageId?: string; olderThanMs?: number; status?: ExpiredStatus }): number {
    const status = o.status ?? 410
    let n = 0
    if (o.messageId) n += this.server.faults.media.expireMessage(this.db, o.messageId, status)
    if (o.olderThanMs !== undefined) this.server.faults.media.expireOlderThan(o.olderThanMs, status)
    return n
  }

  /** The network asks the device for a fresh connection (stream error 515, as after pairing). False when not connected. */
  restartRequired(jid: string): boolean {
    const c = this.connFor(jid)
    c?.streamError({ code: '515' })
    return !!c
  }

  /**
   * The device's next `count` logins (undefined: every one until cleared) complete the handshake and then hear
   * nothing, neither success nor failure: the client stays STARTING. Its current connection is dropped so the
   * next login comes at once. True when it was connected.
   */
  stallLogins(jid: string, count?: number): boolean {
    this.server.faults.session.stallLogins(deviceKey(deviceOfJid(this.db, jid)), count)
    return this.dropConnection(jid)
  }

  /**
   * The account's next `count` messages that would open a new chat are acked with 463 and not delivered, with no
   * timelock notice before or after (the client learns of the refusal from the ack alone).
   */
  refuseNewChats(phoneNumber: string, count = 1): void {
    this.server.faults.session.refuseNewChats(requirePhone(this.db, phoneNumber).phone, count)
  }

  /**
   * The account is restricted for `ms` (undefined: until lifted; 0 lifts it): every 1:1 message it sends, in
   * existing chats too, is acked with 463 and not delivered, with no notice (unlike a reach-out timelock, which
   * refuses new chats only). It lifts by itself at the end.
   */
  restrictAccount(phoneNumber: string, ms?: number): void {
    this.server.faults.session.restrict(requirePhone(this.db, phoneNumber).phone, ms)
  }

  /**
   * Refuse client versions below `min` ("2.3000.1043857761"; undefined accepts every version) with 405 at login
   * and at pairing, and announce `announce` (default `min`) as the current version at https://<media host>/sw.js.
   */
  minClientVersion(min: string | undefined, announce?: string): void {
    const parse = (v: string, field: string) => parseVersion(v) ?? (() => { throw sandboxErrors.invalidRequest(`${field} must look like 2.3000.1043857760`, [field]) })()
    this.server.faults.versions.set(min === undefined ? undefined : parse(min, 'version'), announce === undefined ? undefined : parse(announce, 'announce_version'))
  }

  clear(): void {
    this.server.faults.clear()
  }

  private connFor(jid: string) {
    return this.server.connOf(deviceOfJid(this.db, jid))
  }
}
