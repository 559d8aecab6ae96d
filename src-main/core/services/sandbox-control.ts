// Control of the simulated network for the front doors (the UI's Sandbox view): phones, their settings, faults,
// history seeding, linking (QR or code), a person's texts and inbox, and the phone changes to push. The front doors
// hold this service, never the SandboxNetwork; every operation is sandbox_only on the real network (available).
import type { SandboxNetwork, SandboxPhone, PersonMessage } from '../sandbox/index.js'
import type { SandboxPhoneSettings } from '../sandbox/sandbox-network.js'
import { sandboxErrors } from '../sandbox/errors.js'
import { mediaKindOf, personMediaContent } from '../sandbox/admin/media-content.js'

export type { SandboxPhone, PersonMessage, SandboxPhoneSettings }

/** A network fault, as POST /sandbox/faults takes it (the bridge's sandbox.fault checks the same shape). */
export type SandboxFaultCommand =
  | { kind: 'drop' | 'conflict' | 'network_up'; jid: string }
  | { kind: 'delay'; delayMs: number; jid?: string }
  | { kind: 'app_state_conflict'; jid: string; count?: number }
  | { kind: 'ban'; phone: string; code?: 403 | 402 | 406 }
  | { kind: 'unban'; phone: string }
  | { kind: 'network_down'; jid: string; durationMs?: number }
  | { kind: 'corrupt_ciphertext' | 'no_session' | 'invalid_prekey'; jid: string; count?: number; persist?: boolean }
  | { kind: 'media_expired'; messageId?: string; olderThanMs?: number; status?: 403 | 404 | 410 }
  | { kind: 'clear' }
  | { kind: 'restart_required'; jid: string }
  | { kind: 'stall_login'; jid: string; count?: number }
  | { kind: 'outage'; jid: string; durationMs: number }
  | { kind: 'refuse_new_chats'; phone: string; count?: number }
  | { kind: 'restrict_account'; phone: string; durationMs?: number }
  | { kind: 'lift_restriction'; phone: string }
  | { kind: 'min_version'; version?: string; announceVersion?: string }
  | { kind: 'bad_mac_storm'; jid: string; senders: string; messages?: number; perMinute?: number }
  | { kind: 'incoming_call'; phone: string; to: string; video?: boolean; ringMs?: number; outcome?: 'timeout' | 'cancel' }

export type SandboxPhoneChange = 'linked' | 'unlinked' | 'online' | 'offline'

/** The newest received messages a person reads at once (read receipts for older ones were sent before). */
const READ_AT_MOST = 100

export class SandboxControl {
  constructor(private readonly network: SandboxNetwork | undefined) {}

  /** Whether the core runs on the simulated network. */
  get available(): boolean {
    return this.network !== undefined
  }

  private net(): SandboxNetwork {
    if (!this.network) throw sandboxErrors.invalidRequest('the sandbox network is not running (the core runs on the real network)')
    return this.network
  }

  listPhones(): SandboxPhone[] {
    return this.net().listPhones()
  }

  createPhone(input: { phoneNumber: string; name?: string }): Promise<SandboxPhone> {
    return this.net().createPhone(input)
  }

  phoneSettings(phoneNumber: string): SandboxPhoneSettings {
    return this.net().phoneSettings(phoneNumber)
  }

  setPhoneSettings(phoneNumber: string, patch: Partial<Omit<SandboxPhoneSettings, 'new_chats'>>): SandboxPhoneSettings {
    return this.net().setPhoneSettings(phoneNumber, patch)
  }

  /** Since when a device of the phone waits for a pairing code to be typed, if one does. */
  pendingLinkCodeSince(phoneNumber: string): number | undefined {
    return this.net().pendingLinkCodeSince(phoneNumber)
  }

  seedHistory(phoneNumber: string, input: Record<string, unknown>): ReturnType<SandboxNetwork['seedHistory']> {
    return this.net().seedHistory(phoneNumber, input)
  }

  /** The phone scans the QR an instance shows (`qr`: undefined when it shows none, instance_not_scannable). */
  async scanInstanceQr(phoneNumber: string, instanceId: string, qr: string | undefined): Promise<void> {
    const network = this.net()
    if (!qr) throw sandboxErrors.instanceNotScannable(instanceId)
    await network.scanQr(phoneNumber, qr)
  }

  async enterPairingCode(phoneNumber: string, code: string): Promise<void> {
    await this.net().enterPairingCode(phoneNumber, code)
  }

  sendText(phoneNumber: string, to: string, text: string): Promise<{ id: string }> {
    return this.net().sendText(phoneNumber, to, text)
  }

  messages(phoneNumber: string): Promise<PersonMessage[]> {
    return this.net().messages(phoneNumber)
  }

  /** The person sends a photo, video, voice note, audio, document or sticker (kind from the MIME type), as the admin route does. */
  sendMedia(phoneNumber: string, to: string, file: { bytes: Buffer; mimetype: string; name?: string | undefined }, caption?: string): Promise<{ id: string }> {
    if (!file.bytes.length) throw sandboxErrors.invalidRequest('the file is empty')
    return this.net().sendMessage(phoneNumber, to, personMediaContent(mediaKindOf(file.mimetype), file.bytes, { mimetype: file.mimetype, filename: file.name, ...(caption ? { caption } : {}) }))
  }

  /** A message's media as the person's phone decrypted it; refused when there is none or it is over maxBytes. */
  async mediaOf(phoneNumber: string, messageId: string, maxBytes: number): Promise<{ mimetype: string | null; body: Buffer }> {
    const m = await this.net().mediaOf(phoneNumber, messageId)
    if (!m) throw sandboxErrors.invalidRequest(`no media for message ${messageId}`)
    if (m.body.length > maxBytes) throw sandboxErrors.invalidRequest(`the file is too large to show here (${m.body.length} bytes)`)
    return m
  }

  /** The person reads their newest received messages (read receipts: the sender's ticks turn Read); how many. */
  async readInbox(phoneNumber: string): Promise<number> {
    const network = this.net()
    const received = (await network.messages(phoneNumber)).filter((m) => !m.fromMe).slice(-READ_AT_MOST)
    if (!received.length) return 0
    const sock = await network.personSocket(phoneNumber)
    await sock.readMessages(received.map((m) => ({ remoteJid: m.chat, id: m.id, fromMe: false, ...(m.chat !== m.from ? { participant: m.from } : {}) })))
    return received.length
  }

  /** The fault on the network, as POST /sandbox/faults applies it (same checks, same errors). */
  applyFault(f: SandboxFaultCommand): void {
    const network = this.net()
    const { faults } = network
    switch (f.kind) {
      case 'restart_required':
        if (!faults.restartRequired(f.jid)) throw sandboxErrors.invalidRequest(`${f.jid} is not connected`)
        return
      case 'stall_login':
        return void faults.stallLogins(f.jid, f.count)
      case 'outage':
        return void faults.networkDown(f.jid, f.durationMs)
      case 'refuse_new_chats':
        return faults.refuseNewChats(f.phone, f.count ?? 1)
      case 'restrict_account':
        return faults.restrictAccount(f.phone, f.durationMs)
      case 'lift_restriction':
        return faults.restrictAccount(f.phone, 0)
      case 'bad_mac_storm':
        return void network.badMacStorm({ jid: f.jid, senders: f.senders.split(','), messages: f.messages ?? 100, perMinute: f.perMinute ?? 1000 }).catch(() => undefined)
      case 'min_version':
        return faults.minClientVersion(f.version, f.announceVersion)
      case 'incoming_call':
        return void network.ring(f.phone, f.to, { video: f.video, ringMs: f.ringMs, outcome: f.outcome })
      case 'clear':
        return faults.clear()
      case 'delay':
        return faults.setDeliveryDelay(f.delayMs, f.jid)
      case 'app_state_conflict':
        return faults.appStateConflicts(f.jid, f.count ?? 1)
      case 'ban':
        return void faults.ban(f.phone, f.code ?? 403)
      case 'unban':
        return faults.unban(f.phone)
      case 'network_down':
        return void faults.networkDown(f.jid, f.durationMs)
      case 'network_up':
        return faults.networkUp(f.jid)
      case 'corrupt_ciphertext':
      case 'no_session':
      case 'invalid_prekey':
        return faults.undecryptable(f.jid, f.kind, f.count ?? 1, f.persist ?? false)
      case 'media_expired': {
        if (!f.messageId && f.olderThanMs === undefined) throw sandboxErrors.invalidRequest('message_id or older_than_ms is required', ['messageId'])
        const n = faults.mediaExpired({ messageId: f.messageId, olderThanMs: f.olderThanMs, status: f.status })
        if (f.messageId && !n) throw sandboxErrors.invalidRequest(`no media known for message ${f.messageId}`, ['messageId'])
        return
      }
      case 'drop':
      case 'conflict': {
        const hit = f.kind === 'drop' ? faults.dropConnection(f.jid) : faults.streamConflict(f.jid)
        if (!hit) throw sandboxErrors.invalidRequest(`${f.jid} is not connected`)
      }
    }
  }

  /** Phone changes (linked, unlinked, online, offline) as they happen; returns the unsubscribe (a no-op off the sandbox). */
  onPhoneChange(listener: (e: { phoneNumber: string; change: SandboxPhoneChange }) => void): () => void {
    const network = this.network
    if (!network) return () => {}
    const offs = (['linked', 'unlinked', 'online', 'offline'] as const).map((change) => {
      const on = (e: { phone: string }) => listener({ phoneNumber: e.phone, change })
      network.events.on(change, on)
      return () => void network.events.off(change, on)
    })
    return () => {
      for (const off of offs) off()
    }
  }
}
