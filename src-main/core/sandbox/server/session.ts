// What happens when a client finishes the handshake (registration of a new companion, or login of a known
// device) and when its connection ends.
import { randomBytes } from 'node:crypto'
import { proto } from '@whiskeysockets/baileys'
import type { SandboxServer } from './context.js'
import type { Connection } from './connection.js'
import { deviceKey } from './delivery.js'
import { queueDepth } from '../store/queue-repo.js'
import { getAccount, getDevice, listDevices, setBootstrapped } from '../store/accounts-repo.js'
import { banOf } from '../store/ban-repo.js'
import { lidJid, SERVER_JID } from '../wire/jid.js'
import { genId, node, tstr, u32 } from '../wire/nodes.js'

export type Bootstrapper = (server: SandboxServer, phone: string, deviceId: number) => void

const QR_REFS = 6

export function makeAuthenticatedHandler(bootstrap: Bootstrapper) {
  return async (conn: Connection, clientStatic: Buffer, payload: proto.ClientPayload): Promise<void> => {
    // An outdated client fails the handshake, registration (pairing) and login alike (client-versions.ts).
    if (conn.server.faults.versions.refuses(payload.userAgent?.appVersion)) {
      conn.server.log.debug({ conn: conn.label, version: payload.userAgent?.appVersion }, 'client version refused (405)')
      refuse(conn, 405)
      return
    }
    const pairing = payload.devicePairingData
    if (pairing && (payload.username === null || payload.username === undefined)) return register(conn, clientStatic, pairing)
    return login(conn, clientStatic, payload, bootstrap)
  }
}

function register(conn: Connection, clientStatic: Buffer, d: proto.ClientPayload.IDevicePairingRegistrationData): void {
  const s = conn.server
  const ok = d.eRegid?.length === 4 && d.eIdent?.length === 32 && d.eSkeyId?.length === 3 && d.eSkeyVal?.length === 32 && d.eSkeySig?.length === 64
  if (!ok) {
    s.log.debug({ conn: conn.label }, 'registration payload incomplete')
    conn.close('bad registration payload')
    return
  }
  let platform = 'unknown'
  try {
    platform = d.deviceProps ? proto.DeviceProps.decode(d.deviceProps).os || platform : platform
  } catch {
    // Device props are informational only.
  }
  const refs = Array.from({ length: QR_REFS }, () => `2@${randomBytes(24).toString('base64')}`)
  conn.registration = {
    regId: u32(Buffer.from(d.eRegid!)),
    identityKey: Buffer.from(d.eIdent!),
    signedPreKey: { id: u32(Buffer.from(d.eSkeyId!)), pub: Buffer.from(d.eSkeyVal!), sig: Buffer.from(d.eSkeySig!) },
    platform,
    noiseKey: clientStatic,
    refs
  }
  for (const r of refs) s.pendingQr.set(r, conn)
  conn.send(
    node('iq', { from: SERVER_JID, type: 'set', id: genId(), xmlns: 'md', t: tstr() }, [
      node('pair-device', {}, refs.map((r) => node('ref', {}, Buffer.from(r))))
    ])
  )
}

async function login(conn: Connection, clientStatic: Buffer, p: proto.ClientPayload, bootstrap: Bootstrapper): Promise<void> {
  const s = conn.server
  const phone = String(p.username)
  const deviceId = Number(p.device ?? 0)
  const dev = /^[0-9]+$/.test(phone) ? getDevice(s.db, phone, deviceId) : undefined
  if (!dev || !dev.noiseKey.equals(clientStatic)) {
    s.log.debug({ phone, deviceId }, 'login refused: unknown device or wrong key')
    refuse(conn, 401)
    return
  }
  const addr = { phone, deviceId }
  const key = deviceKey(addr)
  s.logins.set(key, (s.logins.get(key) ?? 0) + 1)
  if (s.faults.isNetworkDown(key)) {
    // The device's network is down: its connection dies before anything is said (Baileys sees 428).
    conn.drop()
    return
  }
  if (s.faults.session.takeStalledLogin(key)) {
    // Stuck handshake: the server never answers the login (no success, no failure); the client waits.
    s.log.debug({ phone, deviceId }, 'login left hanging (fault)')
    return
  }
  const ban = dev.kind === 'companion' ? banOf(s.db, phone) : undefined
  if (ban) {
    // As the real server refuses a banned or locked account: <failure reason="403" location="..."/> and hang up.
    refuse(conn, ban)
    return
  }
  const previous = s.conns.get(key)
  if (previous && previous !== conn) {
    // Same device logged in again elsewhere: the old stream is replaced (clients see 440).
    s.conns.delete(key)
    previous.streamError({}, [node('conflict', { type: 'replaced' })])
  }
  conn.device = addr
  s.conns.set(key, conn)
  s.delivery.live.set(key, conn)
  const acc = getAccount(s.db, phone)!
  conn.send(
    node('success', {
      t: tstr(),
      props: '1',
      abprops: '1',
      location: 'sandbox',
      creation: String(dev.createdAt),
      lid: lidJid(acc.lid, deviceId)
    })
  )
  const count = await s.delivery.flush(addr, conn)
  conn.send(node('ib', {}, [node('offline', { count: String(count) })]))
  if (dev.kind === 'companion' && !dev.bootstrapped) {
    setBootstrapped(s.db, phone, deviceId)
    bootstrap(s, phone, deviceId)
  }
  s.events.emit('online', addr)
}

/** Answers a login with `<failure reason=code>` (Baileys closes with that status code) and hangs up. */
export function refuse(conn: Connection, code: number): void {
  conn.send(node('failure', { reason: String(code), location: 'sandbox' }))
  setTimeout(() => conn.close('login refused'), 50).unref()
}

export function handleClosed(conn: Connection): void {
  const s = conn.server
  s.connections.delete(conn)
  s.spendQrRefs(conn)
  for (const [phone, pending] of s.pendingLinkCode) if (pending.conn === conn) s.pendingLinkCode.delete(phone)
  s.presence.unsubscribeEverywhere(conn)
  const addr = conn.device
  if (!addr) return
  const key = deviceKey(addr)
  if (s.conns.get(key) !== conn) return
  s.conns.delete(key)
  s.delivery.live.delete(key)
  const anyOnline = listDevices(s.db, addr.phone).some((d) => s.conns.get(deviceKey({ phone: addr.phone, deviceId: d.deviceId }))?.online)
  if (!anyOnline && s.presence.isAvailable(addr.phone)) s.presence.set(addr.phone, false)
  s.events.emit('offline', addr)
  // Stanzas sent live to a connection that was closing stay queued: whoever wakes on queued stanzas must hear of them.
  if (s.delivery.onQueuedOffline && queueDepth(s.db, addr.phone, addr.deviceId) > 0) s.delivery.onQueuedOffline(addr)
}
