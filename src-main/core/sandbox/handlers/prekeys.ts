// xmlns="encrypt": pre-key count, upload, digest, signed pre-key rotation and key-bundle fetch (which consumes
// one-time pre-keys and warns a device running low).
import { encodeBigEndian, type BinaryNode } from '@whiskeysockets/baileys'
import type { Connection } from '../server/connection.js'
import {
  addPreKeys, countPreKeys, getAccount, getAccountByLid, getDevice, listPreKeyIds, setRegistration, setSignedPreKey, takePreKey
} from '../store/accounts-repo.js'
import { child, childBytes, childrenOf, genId, node, tstr, u32 } from '../wire/nodes.js'
import { parseJid, S_WA, SERVER_JID } from '../wire/jid.js'
import { UNHANDLED, type IqOutcome } from '../server/inventory.js'

const KEY_BUNDLE_TYPE = Buffer.from([5])
/** Below this many one-time pre-keys the server asks the device to upload more. */
export const LOW_PREKEY_COUNT = 5

export function handleEncrypt(conn: Connection, iq: BinaryNode, first: BinaryNode | undefined): IqOutcome {
  const s = conn.server
  const me = conn.device!
  switch (first?.tag) {
    case 'count':
      return conn.result(iq, [node('count', { value: String(countPreKeys(s.db, me.phone, me.deviceId)) })])
    case 'digest': {
      const dev = getDevice(s.db, me.phone, me.deviceId)!
      return conn.result(iq, [
        node('digest', {}, [
          node('registration', {}, encodeBigEndian(dev.regId)),
          node('type', {}, KEY_BUNDLE_TYPE),
          node('identity', {}, dev.identityKey),
          node('skey', {}, [node('id', {}, encodeBigEndian(dev.signedPreKey.id, 3))]),
          node('list', {}, listPreKeyIds(s.db, me.phone, me.deviceId).map((id) => node('id', {}, encodeBigEndian(id, 3))))
        ])
      ])
    }
    case 'rotate': {
      const skey = child(first, 'skey')
      const spk = readSignedPreKey(skey)
      if (!spk) return conn.error(iq, 400, 'bad-request')
      setSignedPreKey(s.db, me.phone, me.deviceId, spk)
      return conn.result(iq)
    }
    case 'key':
      return fetchBundles(conn, iq, first)
    case 'registration':
      // The upload: <registration/><type/><identity/><list/><skey/> as siblings.
      return iq.attrs.type === 'set' ? upload(conn, iq) : UNHANDLED
    default:
      return UNHANDLED
  }
}

function readSignedPreKey(skey: BinaryNode | undefined) {
  const id = childBytes(skey, 'id')
  const pub = childBytes(skey, 'value')
  const sig = childBytes(skey, 'signature')
  if (!id || !pub || !sig || pub.length !== 32 || sig.length !== 64) return undefined
  return { id: u32(id), pub, sig }
}

function upload(conn: Connection, iq: BinaryNode): void {
  const s = conn.server
  const me = conn.device!
  const keys: { id: number; pub: Buffer }[] = []
  for (const k of childrenOf(child(iq, 'list'), 'key')) {
    const id = childBytes(k, 'id')
    const pub = childBytes(k, 'value')
    if (!id || !pub || pub.length !== 32) return conn.error(iq, 400, 'bad-request')
    keys.push({ id: u32(id), pub })
  }
  const spk = child(iq, 'skey') ? readSignedPreKey(child(iq, 'skey')) : undefined
  if (child(iq, 'skey') && !spk) return conn.error(iq, 400, 'bad-request')
  s.db.transaction(() => {
    addPreKeys(s.db, me.phone, me.deviceId, keys)
    if (spk) setSignedPreKey(s.db, me.phone, me.deviceId, spk)
    const reg = childBytes(iq, 'registration')
    const identity = childBytes(iq, 'identity')
    const dev = getDevice(s.db, me.phone, me.deviceId)!
    if (reg && reg.length === 4) setRegistration(s.db, me.phone, me.deviceId, u32(reg), identity?.length === 32 ? identity : dev.identityKey)
  })()
  conn.result(iq)
}

function fetchBundles(conn: Connection, iq: BinaryNode, keyNode: BinaryNode): void {
  const s = conn.server
  const users = childrenOf(keyNode, 'user').map((u) => {
    const jid = u.attrs.jid ?? ''
    const p = parseJid(jid)
    const acc = !p ? undefined : p.server === 'lid' ? getAccountByLid(s.db, p.user) : p.server === S_WA ? getAccount(s.db, p.user) : undefined
    const dev = acc && p ? getDevice(s.db, acc.phone, p.device) : undefined
    if (!acc || !dev) return node('user', { jid }, [node('error', { code: '404', text: 'item-not-found' })])
    const content: BinaryNode[] = [
      node('registration', {}, encodeBigEndian(dev.regId)),
      node('type', {}, KEY_BUNDLE_TYPE),
      node('identity', {}, dev.identityKey),
      node('skey', {}, [
        node('id', {}, encodeBigEndian(dev.signedPreKey.id, 3)),
        node('value', {}, dev.signedPreKey.pub),
        node('signature', {}, dev.signedPreKey.sig)
      ])
    ]
    const pk = takePreKey(s.db, acc.phone, dev.deviceId)
    if (pk) {
      content.push(node('key', {}, [node('id', {}, encodeBigEndian(pk.id, 3)), node('value', {}, pk.pub)]))
      const left = countPreKeys(s.db, acc.phone, dev.deviceId)
      if (left < LOW_PREKEY_COUNT) {
        s.delivery.deliver(
          { phone: acc.phone, deviceId: dev.deviceId },
          node('notification', { from: SERVER_JID, type: 'encrypt', id: genId(), t: tstr() }, [node('count', { value: String(left) })])
        )
      }
    }
    return node('user', { jid }, content)
  })
  conn.result(iq, [node('list', {}, users)])
}
