// sandbox.*: simulated phones (sandbox mode only): create, scan an instance's QR, type a pairing code, send a
// text as the person, see their inbox, and let them read it (read receipts: the sender's ticks turn Read).
import type { SandboxMessageDto, SandboxPhoneDto } from '../../../../src-preload/contract/dto.js'
import type { SandboxNetwork, SandboxPhone, PersonMessage } from '../../sandbox/index.js'
import { sandboxErrors } from '../../sandbox/errors.js'
import { bridgeErrors } from '../errors.js'
import type { BridgeContext } from './context.js'
import type { HandlersOf } from './types.js'

const phoneDto = (p: SandboxPhone, hideNumber: boolean): SandboxPhoneDto => ({
  phoneNumber: p.phone_number,
  name: p.name,
  jid: p.jid,
  online: p.person_online,
  devices: p.devices.map((d) => ({ id: d.id, kind: d.kind, platform: d.platform, online: d.online, linkedAt: d.linked_at * 1000 })),
  hideNumber
})

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
      return network.listPhones().map((p) => phoneDto(p, network.phoneSettings(p.phone_number).hide_number))
    },
    'sandbox.createPhone': async ({ phoneNumber, name }) => phoneDto(await net().createPhone({ phoneNumber, ...(name?.trim() ? { name: name.trim() } : {}) }), false),
    'sandbox.setHideNumber': ({ phoneNumber, hide }) => ({ hideNumber: net().setPhoneSettings(phoneNumber, { hide_number: hide }).hide_number }),
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
