// sandbox.*: simulated phones (sandbox mode only): create, scan an instance's QR, type a pairing code, send a
// text as the person, see their inbox, and let them read it (read receipts: the sender's ticks turn Read); network
// faults, per-phone settings and history seeding, translated to the SandboxNetwork calls the admin routes make.
// The phone list also names each linked device's instance and shows a pairing code waiting to be typed.
import type { SandboxDeviceDto, SandboxMessageDto, SandboxPhoneDto, SandboxPhoneSettingsDto } from '../../../../src-preload/contract/dto.js'
import type { InstanceRow } from '../../db/repositories/instances-repo.js'
import type { SandboxFault } from '../../../../src-preload/contract/sandbox-faults.js'
import type { SandboxNetwork, SandboxPhone, PersonMessage } from '../../sandbox/index.js'
import type { SandboxPhoneSettings } from '../../sandbox/sandbox-network.js'
import { sandboxErrors } from '../../sandbox/errors.js'
import { bridgeErrors } from '../errors.js'
import type { BridgeContext } from './context.js'
import type { HandlersOf } from './types.js'

const settingsDto = (s: SandboxPhoneSettings): SandboxPhoneSettingsDto => ({
  hideNumber: s.hide_number,
  newContacts: s.new_contacts,
  timelockUntil: s.timelock_until === null ? null : Date.parse(s.timelock_until),
  messageCap: s.message_cap,
  newChats: s.new_chats,
  banned: s.banned
})

const phoneDto = (p: SandboxPhone, settings: SandboxPhoneSettings, extra: Pick<SandboxPhoneDto, 'pendingCode'> = {}, instanceOf: (d: SandboxPhone['devices'][number]) => SandboxDeviceDto['instance'] = () => null): SandboxPhoneDto => ({
  phoneNumber: p.phone_number,
  name: p.name,
  jid: p.jid,
  online: p.person_online,
  devices: p.devices.map((d) => ({ id: d.id, jid: d.jid, kind: d.kind, platform: d.platform, online: d.online, linkedAt: d.linked_at * 1000, instance: d.kind === 'companion' ? instanceOf(d) : null })),
  hideNumber: settings.hide_number,
  settings: settingsDto(settings),
  ...extra
})

/**
 * Which of the account's instances a phone's linked device is. The core keeps an instance's number, not its
 * device id, so a device is named only when that is unambiguous: one instance paired with the number and one
 * linked device (or exactly one online device and one WORKING instance).
 */
export function deviceInstances(devices: SandboxPhone['devices'], paired: readonly Pick<InstanceRow, 'id' | 'session_name' | 'status'>[]): Map<number, { id: string; name: string }> {
  const named = new Map<number, { id: string; name: string }>()
  const companions = devices.filter((d) => d.kind === 'companion')
  const ref = (r: (typeof paired)[number]) => ({ id: r.id, name: r.session_name })
  if (paired.length === 1 && companions.length === 1) named.set(companions[0]!.id, ref(paired[0]!))
  else {
    const online = companions.filter((d) => d.online)
    const working = paired.filter((r) => r.status === 'WORKING')
    if (online.length === 1 && working.length === 1) named.set(online[0]!.id, ref(working[0]!))
  }
  return named
}

/** The fault on the network, as POST /sandbox/faults applies it (same checks, same errors). */
function applyFault(network: SandboxNetwork, f: SandboxFault): void {
  const { faults } = network
  switch (f.kind) {
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
    case 'drop':
    case 'conflict': {
      const hit = f.kind === 'drop' ? faults.dropConnection(f.jid) : faults.streamConflict(f.jid)
      if (!hit) throw sandboxErrors.invalidRequest(`${f.jid} is not connected`)
    }
  }
}

/** The newest received messages a person reads at once (read receipts for older ones were sent before). */
const READ_AT_MOST = 100

const messageDto = (m: PersonMessage): SandboxMessageDto => ({ id: m.id, from: m.from, to: m.to, type: m.type, text: m.text, timestamp: m.timestamp * 1000, fromMe: m.fromMe })

export function sandboxHandlers({ services: { instances, pairingCodes }, config, owned }: BridgeContext): HandlersOf<'sandbox'> {
  const net = (): SandboxNetwork => {
    if (!config.sandbox) throw bridgeErrors.sandboxOnly()
    return config.sandbox
  }
  /** The code an instance of this account asked for, while a device waits on the network for it to be typed. */
  const pendingCode = (network: SandboxNetwork, phone: string, rows: readonly InstanceRow[]): SandboxPhoneDto['pendingCode'] => {
    const since = network.pendingLinkCodeSince(phone)
    const issued = since === undefined ? undefined : pairingCodes.issuedFor(phone)
    const row = issued && rows.find((r) => r.id === issued.instanceId)
    return issued && row ? { code: issued.code, instanceId: row.id, instanceName: row.session_name, since: since! } : null
  }
  return {
    'sandbox.phones': () => {
      const network = net()
      const rows = instances.listRows(config.accountId)
      return network.listPhones().map((p) => {
        const named = deviceInstances(p.devices, rows.filter((r) => r.me_id?.split('@')[0]?.split(':')[0] === p.phone_number))
        return phoneDto(p, network.phoneSettings(p.phone_number), { pendingCode: pendingCode(network, p.phone_number, rows) }, (d) => named.get(d.id) ?? null)
      })
    },
    'sandbox.createPhone': async ({ phoneNumber, name }) => {
      const network = net()
      const p = await network.createPhone({ phoneNumber, ...(name?.trim() ? { name: name.trim() } : {}) })
      return phoneDto(p, network.phoneSettings(p.phone_number))
    },
    'sandbox.setHideNumber': ({ phoneNumber, hide }) => ({ hideNumber: net().setPhoneSettings(phoneNumber, { hide_number: hide }).hide_number }),
    'sandbox.fault': (fault) => {
      applyFault(net(), fault)
      return { applied: true as const }
    },
    'sandbox.phoneSettings': ({ phoneNumber }) => settingsDto(net().phoneSettings(phoneNumber)),
    'sandbox.setPhoneSettings': ({ phoneNumber, hideNumber, newContacts, timelockUntil, messageCap, banned }) =>
      settingsDto(
        net().setPhoneSettings(phoneNumber, {
          ...(hideNumber !== undefined ? { hide_number: hideNumber } : {}),
          ...(newContacts !== undefined ? { new_contacts: newContacts } : {}),
          ...(timelockUntil !== undefined ? { timelock_until: timelockUntil === null ? null : new Date(timelockUntil).toISOString() } : {}),
          ...(messageCap !== undefined ? { message_cap: messageCap } : {}),
          ...(banned !== undefined ? { banned } : {})
        })
      ),
    'sandbox.seedHistory': async ({ phoneNumber, lidShare, ...counts }) => {
      const s = await net().seedHistory(phoneNumber, { ...counts, ...(lidShare !== undefined ? { lid_share: lidShare } : {}) })
      return { contacts: s.contacts, chats: s.chats, messages: s.messages, groups: s.groups, lidChats: s.lid_chats, chunks: s.chunks }
    },
    'sandbox.scanQr': async ({ phoneNumber, instanceId }) => {
      const network = net()
      const row = owned(instanceId)
      const qr = instances.qrOf(row)?.qr
      if (!qr) throw sandboxErrors.instanceNotScannable(row.id)
      await network.scanQr(phoneNumber, qr)
      return { linked: true as const }
    },
    'sandbox.enterCode': async ({ phoneNumber, code }) => {
      await net().enterPairingCode(phoneNumber, code)
      return { linked: true as const }
    },
    'sandbox.sendText': ({ phoneNumber, to, text }) => net().sendText(phoneNumber, to, text),
    'sandbox.messages': async ({ phoneNumber }) => (await net().messages(phoneNumber)).map(messageDto),
    'sandbox.readInbox': async ({ phoneNumber }) => {
      const network = net()
      const received = (await network.messages(phoneNumber)).filter((m) => !m.fromMe).slice(-READ_AT_MOST)
      if (!received.length) return { read: 0 }
      const sock = await network.personSocket(phoneNumber)
      await sock.readMessages(received.map((m) => ({ remoteJid: m.chat, id: m.id, fromMe: false, ...(m.chat !== m.from ? { participant: m.from } : {}) })))
      return { read: received.length }
    }
  }
}
