// sandbox.*: simulated phones (sandbox mode only): create, scan an instance's QR, type a pairing code, send a
// text as the person, see their inbox, and let them read it (read receipts: the sender's ticks turn Read); network
// faults, per-phone settings and history seeding, translated to the SandboxNetwork calls the admin routes make.
import type { SandboxMessageDto, SandboxPhoneDto, SandboxPhoneSettingsDto } from '../../../../src-preload/contract/dto.js'
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

const phoneDto = (p: SandboxPhone, settings: SandboxPhoneSettings): SandboxPhoneDto => ({
  phoneNumber: p.phone_number,
  name: p.name,
  jid: p.jid,
  online: p.person_online,
  devices: p.devices.map((d) => ({ id: d.id, jid: d.jid, kind: d.kind, platform: d.platform, online: d.online, linkedAt: d.linked_at * 1000 })),
  hideNumber: settings.hide_number,
  settings: settingsDto(settings)
})

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

export function sandboxHandlers({ services: { instances }, config, owned }: BridgeContext): HandlersOf<'sandbox'> {
  const net = (): SandboxNetwork => {
    if (!config.sandbox) throw bridgeErrors.sandboxOnly()
    return config.sandbox
  }
  return {
    'sandbox.phones': () => {
      const network = net()
      return network.listPhones().map((p) => phoneDto(p, network.phoneSettings(p.phone_number)))
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
