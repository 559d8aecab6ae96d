// The simulated phone's side of linking a companion: scanning a QR, typing a pairing code, signing the
// companion's device identity (ADV), and the bootstrap a real phone sends right after (app-state key share and
// its history sync: inline when small, as encrypted media chunks for a seeded account) so Baileys does not wait 20 s.
import { randomBytes } from 'node:crypto'
import {
  Curve, proto, hmacSign, hkdf, aesDecryptCTR, aesEncryptCTR, aesDecryptGCM, derivePairingCodeKey, type BinaryNode
} from '@whiskeysockets/baileys'
import type { SandboxServer, PendingLinkCode } from '../server/context.js'
import type { Connection } from '../server/connection.js'
import { getAccount, insertDevice, listDevices, reserveDeviceSlot } from '../store/accounts-repo.js'
import { child, genId, genMessageId, node, nowSeconds, tstr } from '../wire/nodes.js'
import { lidJid, pnJid, SERVER_JID } from '../wire/jid.js'
import { sandboxErrors } from '../errors.js'
import { sendInitialHistory } from './history-sync.js'

export interface LinkResult {
  jid: string
  lid: string
  deviceId: number
}

/** How long a device waits for its pairing code to be typed on the phone. */
export const PAIRING_CODE_TTL_MS = 5 * 60_000
const CROCKFORD = /^[1-9A-HJ-NP-Z]{8}$/

/** Parses "https://wa.me/settings/linked_devices#ref,noise,identity,adv[,platform]" (or the part after '#'). */
export function parseQr(qr: string): { ref: string; noiseKey: Buffer; identityKey: Buffer; advSecret: Buffer } {
  const data = qr.includes('#') ? qr.slice(qr.indexOf('#') + 1) : qr
  const [ref, noise, identity, adv] = data.trim().split(',')
  if (!ref || !noise || !identity || !adv) throw sandboxErrors.invalidQr('expected "ref,noiseKey,identityKey,advSecret[,platform]"')
  const noiseKey = Buffer.from(noise, 'base64')
  const identityKey = Buffer.from(identity, 'base64')
  const advSecret = Buffer.from(adv, 'base64')
  if (noiseKey.length !== 32 || identityKey.length !== 32 || advSecret.length !== 32) throw sandboxErrors.invalidQr('keys must be 32 bytes, base64')
  return { ref, noiseKey, identityKey, advSecret }
}

export async function scanQr(s: SandboxServer, phone: string, qr: string): Promise<LinkResult> {
  if (!getAccount(s.db, phone)) throw sandboxErrors.phoneNotFound(phone)
  const { ref, noiseKey, identityKey, advSecret } = parseQr(qr)
  const conn = s.pendingQr.get(ref)
  if (!conn) throw s.spentQr.has(ref) ? sandboxErrors.qrExpired() : sandboxErrors.invalidQr('unknown reference')
  if (!conn.registration || !noiseKey.equals(conn.registration.noiseKey)) throw sandboxErrors.invalidQr('the QR does not belong to the device that shows it')
  return linkCompanion(s, phone, conn, identityKey, advSecret)
}

const codeLocks = new WeakMap<PendingLinkCode, Promise<unknown>>()

export async function enterPairingCode(s: SandboxServer, phone: string, rawCode: string): Promise<LinkResult> {
  const acc = getAccount(s.db, phone)
  if (!acc) throw sandboxErrors.phoneNotFound(phone)
  const code = rawCode.replace(/[\s-]/g, '').toUpperCase()
  if (!CROCKFORD.test(code)) throw sandboxErrors.invalidPairingCode()
  // requestPairingCode() resolves before the server has processed companion_hello: wait a moment for it.
  let pending: PendingLinkCode | undefined
  for (let i = 0; i < 100; i++) {
    pending = s.pendingLinkCode.get(phone)
    if (pending && Date.now() - pending.createdAt < PAIRING_CODE_TTL_MS) break
    pending = undefined
    await new Promise((r) => setTimeout(r, 20))
  }
  if (!pending) throw sandboxErrors.noPendingPairing(phone)
  // One attempt at a time per request: each attempt drives one primary_hello/companion_finish round trip.
  const prev = codeLocks.get(pending) ?? Promise.resolve()
  const attempt = prev.catch(() => undefined).then(() => tryCode(s, phone, pending!, code))
  codeLocks.set(pending, attempt)
  return attempt
}

async function tryCode(s: SandboxServer, phone: string, pending: PendingLinkCode, code: string): Promise<LinkResult> {
  const acc = getAccount(s.db, phone)!
  if (pending.conn.closed) throw sandboxErrors.noPendingPairing(phone)
  // 1) unwrap the companion's ephemeral key: salt(32) | iv(16) | AES-CTR(pub, PBKDF2(code, salt)).
  const w = pending.wrappedCompanionEphemeral
  const companionEph = aesDecryptCTR(w.subarray(48, 80), await derivePairingCodeKey(code, w.subarray(0, 32)), w.subarray(32, 48))
  // 2) wrap our own ephemeral the same way and say primary_hello.
  const primaryEph = Curve.generateKeyPair()
  const salt = randomBytes(32)
  const iv = randomBytes(16)
  const wrapped = Buffer.concat([salt, iv, aesEncryptCTR(primaryEph.public, await derivePairingCodeKey(code, salt), iv)])
  const finished = new Promise<{ wrappedKeyBundle: Buffer; companionIdentity: Buffer }>((resolve, reject) => {
    const timer = setTimeout(() => reject(sandboxErrors.linkFailed('the device did not answer the pairing code exchange')), 15_000)
    timer.unref()
    pending.finish = (f) => {
      clearTimeout(timer)
      resolve(f)
    }
  })
  pending.conn.send(
    node('notification', { from: SERVER_JID, type: 'link_code_companion_reg', id: genId(), t: tstr() }, [
      node('link_code_companion_reg', { stage: 'primary_hello' }, [
        node('link_code_pairing_wrapped_primary_ephemeral_pub', {}, wrapped),
        node('primary_identity_pub', {}, acc.identity.public),
        node('link_code_pairing_ref', {}, Buffer.from(pending.ref))
      ])
    ])
  )
  // 3) companion_finish: salt(32) | iv(12) | AES-GCM(companionIdentity | primaryIdentity | random). A wrong code
  // shows up here as a GCM authentication failure.
  const { wrappedKeyBundle, companionIdentity } = await finished
  const shared = Curve.sharedKey(primaryEph.private, companionEph)
  const bundleKey = hkdf(shared, 32, { salt: wrappedKeyBundle.subarray(0, 32), info: 'link_code_pairing_key_bundle_encryption_key' })
  let plain: Buffer
  try {
    plain = Buffer.from(aesDecryptGCM(wrappedKeyBundle.subarray(44), Buffer.from(bundleKey), wrappedKeyBundle.subarray(32, 44), Buffer.alloc(0)))
  } catch {
    throw sandboxErrors.invalidPairingCode()
  }
  if (!plain.subarray(0, 32).equals(companionIdentity) || !plain.subarray(32, 64).equals(acc.identity.public)) {
    throw sandboxErrors.invalidPairingCode()
  }
  const identityShared = Curve.sharedKey(acc.identity.private, companionIdentity)
  const advSecret = Buffer.from(hkdf(Buffer.concat([shared, identityShared, plain.subarray(64, 96)]), 32, { info: 'adv_secret' }))
  s.pendingLinkCode.delete(phone)
  return linkCompanion(s, phone, pending.conn, companionIdentity, advSecret)
}

/** Common tail of both flows: sign the ADV identity, pair-success, verify the companion's signature, 515. */
async function linkCompanion(s: SandboxServer, phone: string, conn: Connection, companionIdentity: Buffer, advSecret: Buffer): Promise<LinkResult> {
  const reg = conn.registration
  if (!reg || conn.closed) throw sandboxErrors.qrExpired()
  if (!companionIdentity.equals(reg.identityKey)) throw sandboxErrors.invalidQr('identity key differs from the registering device')
  s.spendQrRefs(conn)
  conn.registration = undefined
  const acc = getAccount(s.db, phone)!
  const { deviceId, keyIndex } = reserveDeviceSlot(s.db, phone)
  const details = Buffer.from(proto.ADVDeviceIdentity.encode({ rawId: acc.rawId, timestamp: nowSeconds(), keyIndex, accountType: 0, deviceType: 0 }).finish())
  const accountSignature = Curve.sign(acc.identity.private, Buffer.concat([Buffer.from([6, 0]), details, companionIdentity]))
  const signed = Buffer.from(proto.ADVSignedDeviceIdentity.encode({ details, accountSignatureKey: acc.identity.public, accountSignature }).finish())
  const container = proto.ADVSignedDeviceIdentityHMAC.encode({ details: signed, hmac: hmacSign(signed, advSecret) }).finish()
  const jid = pnJid(phone, deviceId)
  const lid = lidJid(acc.lid, deviceId)
  let reply: BinaryNode
  try {
    reply = await conn.query(
      node('iq', { from: SERVER_JID, type: 'set', id: genId(), t: tstr() }, [
        node('pair-success', {}, [
          node('device-identity', {}, container),
          node('platform', { name: 'android' }),
          node('device', { jid, lid })
        ])
      ])
    )
  } catch (e) {
    throw sandboxErrors.linkFailed((e as Error).message)
  }
  const sign = child(child(reply, 'pair-device-sign'), 'device-identity')
  if (!sign?.content || !(sign.content instanceof Uint8Array)) throw sandboxErrors.linkFailed('no pair-device-sign in the reply')
  const signedBack = proto.ADVSignedDeviceIdentity.decode(sign.content)
  const message = Buffer.concat([Buffer.from([6, 1]), details, companionIdentity, acc.identity.public])
  if (!signedBack.deviceSignature || !Curve.verify(companionIdentity, message, signedBack.deviceSignature)) {
    conn.close('bad device signature')
    throw sandboxErrors.linkFailed('device signature invalid')
  }
  insertDevice(s.db, {
    phone, deviceId, kind: 'companion', noiseKey: reg.noiseKey, regId: reg.regId, identityKey: reg.identityKey, signedPreKey: reg.signedPreKey,
    keyIndex, platform: reg.platform, signedIdentity: Buffer.from(sign.content), bootstrapped: false, createdAt: nowSeconds()
  })
  const added = node('notification', { from: pnJid(phone), type: 'devices', id: genId(), t: tstr() }, [
    node('add', {}, [node('device', { jid, 'key-index': String(keyIndex) })])
  ])
  for (const d of listDevices(s.db, phone)) if (d.deviceId !== deviceId) s.delivery.deliver({ phone, deviceId: d.deviceId }, added)
  // As on the real network: the stream ends with 515 and the companion logs in on a new connection.
  conn.streamError({ code: '515' }, undefined, 100)
  s.events.emit('linked', { phone, deviceId })
  return { jid, lid, deviceId }
}

/** What a real phone sends a new companion: the app-state key, then its history (history-sync.ts). */
export function bootstrapCompanion(s: SandboxServer, phone: string, deviceId: number): void {
  const acc = getAccount(s.db, phone)!
  const peer = (message: proto.IMessage) =>
    s.delivery.deliver(
      { phone, deviceId },
      node('message', { from: pnJid(phone), id: genMessageId(), type: 'text', category: 'peer', t: tstr(), notify: acc.pushName }, [
        node('plaintext', {}, Buffer.from(proto.Message.encode(message).finish()))
      ])
    )
  peer({
    protocolMessage: {
      type: proto.Message.ProtocolMessage.Type.APP_STATE_SYNC_KEY_SHARE,
      appStateSyncKeyShare: {
        keys: [
          {
            keyId: { keyId: acc.appStateKey.keyId },
            keyData: {
              keyData: acc.appStateKey.keyData,
              fingerprint: { rawId: acc.rawId, currentIndex: 0, deviceIndexes: [0] },
              timestamp: acc.appStateKey.t
            }
          }
        ]
      }
    }
  })
  sendInitialHistory(s, phone, peer).catch((e: unknown) => s.log.warn({ err: e, phone, deviceId }, 'sandbox: history sync for the new companion failed'))
}
