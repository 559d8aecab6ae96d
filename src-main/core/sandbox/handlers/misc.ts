// The small iqs: AB props, media connection info, and md (companion removal = logout). Keepalive, dirty bits
// and the like are answered by the router's allow-list.
import type { BinaryNode } from '@whiskeysockets/baileys'
import type { Connection } from '../server/connection.js'
import { deleteDevice, listDevices } from '../store/accounts-repo.js'
import { genId, node, tstr } from '../wire/nodes.js'
import { pnJid } from '../wire/jid.js'
import { UNHANDLED, type IqOutcome } from '../server/inventory.js'

export function handleAbProps(conn: Connection, iq: BinaryNode, first: BinaryNode | undefined): IqOutcome {
  if (first?.tag !== 'props') return UNHANDLED
  // 10518 (tctoken on 1:1) off: the sandbox does not issue trusted-contact tokens.
  conn.result(iq, [node('props', { protocol: '1', hash: 'sandbox' }, [node('prop', { config_code: '10518', config_value: 'false' })])])
}

export function handleMediaConn(conn: Connection, iq: BinaryNode, first: BinaryNode | undefined): IqOutcome {
  if (first?.tag !== 'media_conn') return UNHANDLED
  conn.result(iq, [
    node('media_conn', { auth: 'sandbox', ttl: '3600', auth_ttl: '3600', max_buckets: '1' }, [
      node('host', { hostname: conn.server.options.mediaHost(), maxContentLengthBytes: String(100 * 1024 * 1024) })
    ])
  ])
}

export function handleMd(conn: Connection, iq: BinaryNode, first: BinaryNode | undefined): IqOutcome {
  const me = conn.device
  if (first?.tag !== 'remove-companion-device' || iq.attrs.type !== 'set' || !me) return UNHANDLED
  // A companion logging out removes itself; the phone (device 0) may remove any companion.
  const target = first.attrs.jid ? Number(first.attrs.jid.split('@')[0]!.split(':')[1] ?? 0) : me.deviceId
  const deviceId = me.deviceId === 0 ? target : me.deviceId
  if (deviceId === 0) return conn.error(iq, 400, 'bad-request')
  conn.result(iq)
  unlink(conn.server, me.phone, deviceId)
}

/** Removes a companion device: its keys and queue go, its live stream ends with 401, the account's devices learn. */
export function unlink(s: Connection['server'], phone: string, deviceId: number): boolean {
  if (!deleteDevice(s.db, phone, deviceId)) return false
  const live = s.connOf({ phone, deviceId })
  live?.streamError({ code: '401' }, [node('conflict', { type: 'device_removed' })])
  const stanza = node('notification', { from: pnJid(phone), type: 'devices', id: genId(), t: tstr() }, [
    node('remove', {}, [node('device', { jid: pnJid(phone, deviceId) })])
  ])
  for (const d of listDevices(s.db, phone)) s.delivery.deliver({ phone, deviceId: d.deviceId }, stanza)
  s.events.emit('unlinked', { phone, deviceId })
  return true
}
