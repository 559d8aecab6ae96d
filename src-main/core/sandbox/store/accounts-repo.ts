// Accounts (one per simulated phone number), their devices and the devices' one-time pre-keys.
import type { Db } from '../../db/connection.js'
import type { KeyPair } from '../transport/cert-authority.js'
import { columnStmt, oneRow, stmt, typedStmt } from '../../db/statements.js'

export interface SignedPreKey {
  id: number
  pub: Buffer
  sig: Buffer
}

export interface Account {
  phone: string
  lid: string
  pushName: string
  identity: KeyPair
  rawId: number
  keyIndex: number
  nextDeviceId: number
  statusText: string
  statusT: number
  appStateKey: { keyId: Buffer; keyData: Buffer; t: number }
  privacy: Record<string, string>
  lastSeen: number | null
  createdAt: number
}

export type DeviceKind = 'phone' | 'companion'

export interface Device {
  phone: string
  deviceId: number
  kind: DeviceKind
  noiseKey: Buffer
  regId: number
  identityKey: Buffer
  signedPreKey: SignedPreKey
  keyIndex: number
  platform: string | null
  signedIdentity: Buffer | null
  bootstrapped: boolean
  createdAt: number
}

interface AccountDbRow {
  phone: string
  lid: string
  push_name: string
  identity_pub: Buffer
  identity_priv: Buffer
  raw_id: number
  key_index: number
  next_device_id: number
  status_text: string
  status_t: number
  app_state_key_id: Buffer
  app_state_key_data: Buffer
  app_state_key_t: number
  privacy: string
  last_seen: number | null
  created_at: number
}

interface DeviceDbRow {
  phone: string
  device_id: number
  kind: DeviceKind
  noise_key: Buffer
  reg_id: number
  identity_key: Buffer
  spk_id: number
  spk_pub: Buffer
  spk_sig: Buffer
  key_index: number
  platform: string | null
  signed_identity: Buffer | null
  bootstrapped: number
  created_at: number
}

const toAccount = (r: AccountDbRow): Account => ({
  phone: r.phone,
  lid: r.lid,
  pushName: r.push_name,
  identity: { public: r.identity_pub, private: r.identity_priv },
  rawId: r.raw_id,
  keyIndex: r.key_index,
  nextDeviceId: r.next_device_id,
  statusText: r.status_text,
  statusT: r.status_t,
  appStateKey: { keyId: r.app_state_key_id, keyData: r.app_state_key_data, t: r.app_state_key_t },
  privacy: JSON.parse(r.privacy) as Record<string, string>,
  lastSeen: r.last_seen,
  createdAt: r.created_at
})

const toDevice = (r: DeviceDbRow): Device => ({
  phone: r.phone,
  deviceId: r.device_id,
  kind: r.kind,
  noiseKey: r.noise_key,
  regId: r.reg_id,
  identityKey: r.identity_key,
  signedPreKey: { id: r.spk_id, pub: r.spk_pub, sig: r.spk_sig },
  keyIndex: r.key_index,
  platform: r.platform,
  signedIdentity: r.signed_identity,
  bootstrapped: !!r.bootstrapped,
  createdAt: r.created_at
})

export function insertAccount(db: Db, a: Account): void {
  stmt(
    db,
    `INSERT INTO accounts (phone, lid, push_name, identity_pub, identity_priv, raw_id, key_index, next_device_id, status_text, status_t,
      app_state_key_id, app_state_key_data, app_state_key_t, privacy, last_seen, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
  ).run(
    a.phone, a.lid, a.pushName, a.identity.public, a.identity.private, a.rawId, a.keyIndex, a.nextDeviceId, a.statusText, a.statusT,
    a.appStateKey.keyId, a.appStateKey.keyData, a.appStateKey.t, JSON.stringify(a.privacy), a.lastSeen, a.createdAt
  )
}

export function getAccount(db: Db, phone: string): Account | undefined {
  return oneRow(db, 'SELECT * FROM accounts WHERE phone = ?', phone, toAccount)
}

export function getAccountByLid(db: Db, lid: string): Account | undefined {
  return oneRow(db, 'SELECT * FROM accounts WHERE lid = ?', lid, toAccount)
}

export function listAccounts(db: Db): Account[] {
  return (typedStmt<AccountDbRow>(db, 'SELECT * FROM accounts ORDER BY created_at, phone').all()).map(toAccount)
}

export function setPushName(db: Db, phone: string, name: string): void {
  stmt(db, 'UPDATE accounts SET push_name = ? WHERE phone = ?').run(name, phone)
}

export function setStatusText(db: Db, phone: string, text: string, t: number): void {
  stmt(db, 'UPDATE accounts SET status_text = ?, status_t = ? WHERE phone = ?').run(text, t, phone)
}

export function setPrivacy(db: Db, phone: string, privacy: Record<string, string>): void {
  stmt(db, 'UPDATE accounts SET privacy = ? WHERE phone = ?').run(JSON.stringify(privacy), phone)
}

export function setLastSeen(db: Db, phone: string, t: number): void {
  stmt(db, 'UPDATE accounts SET last_seen = ? WHERE phone = ?').run(t, phone)
}

/** Reserve the next companion device id and key index of an account (both only ever grow). */
export function reserveDeviceSlot(db: Db, phone: string): { deviceId: number; keyIndex: number } {
  const r = typedStmt<{ d: number; k: number }>(
    db,
    'UPDATE accounts SET next_device_id = next_device_id + 1, key_index = key_index + 1 WHERE phone = ? RETURNING next_device_id - 1 AS d, key_index AS k'
  ).get(phone)
  if (!r) throw new Error(`no account ${phone}`)
  return { deviceId: r.d, keyIndex: r.k }
}

export function insertDevice(db: Db, d: Device): void {
  stmt(
    db,
    `INSERT INTO devices (phone, device_id, kind, noise_key, reg_id, identity_key, spk_id, spk_pub, spk_sig, key_index, platform,
      signed_identity, bootstrapped, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
  ).run(
    d.phone, d.deviceId, d.kind, d.noiseKey, d.regId, d.identityKey, d.signedPreKey.id, d.signedPreKey.pub, d.signedPreKey.sig,
    d.keyIndex, d.platform, d.signedIdentity, d.bootstrapped ? 1 : 0, d.createdAt
  )
}

export function getDevice(db: Db, phone: string, deviceId: number): Device | undefined {
  const r = typedStmt<DeviceDbRow>(db, 'SELECT * FROM devices WHERE phone = ? AND device_id = ?').get(phone, deviceId)
  return r && toDevice(r)
}

export function listDevices(db: Db, phone: string): Device[] {
  return (typedStmt<DeviceDbRow>(db, 'SELECT * FROM devices WHERE phone = ? ORDER BY device_id').all(phone)).map(toDevice)
}

export function deleteDevice(db: Db, phone: string, deviceId: number): boolean {
  return stmt(db, 'DELETE FROM devices WHERE phone = ? AND device_id = ?').run(phone, deviceId).changes > 0
}

export function setBootstrapped(db: Db, phone: string, deviceId: number): void {
  stmt(db, 'UPDATE devices SET bootstrapped = 1 WHERE phone = ? AND device_id = ?').run(phone, deviceId)
}

export function setSignedPreKey(db: Db, phone: string, deviceId: number, spk: SignedPreKey): void {
  stmt(db, 'UPDATE devices SET spk_id = ?, spk_pub = ?, spk_sig = ? WHERE phone = ? AND device_id = ?').run(spk.id, spk.pub, spk.sig, phone, deviceId)
}

export function setRegistration(db: Db, phone: string, deviceId: number, regId: number, identityKey: Buffer): void {
  stmt(db, 'UPDATE devices SET reg_id = ?, identity_key = ? WHERE phone = ? AND device_id = ?').run(regId, identityKey, phone, deviceId)
}

export function addPreKeys(db: Db, phone: string, deviceId: number, keys: { id: number; pub: Buffer }[]): void {
  const ins = stmt(db, 'INSERT OR REPLACE INTO prekeys (phone, device_id, key_id, pub) VALUES (?, ?, ?, ?)')
  db.transaction(() => {
    for (const k of keys) ins.run(phone, deviceId, k.id, k.pub)
  })()
}

export function countPreKeys(db: Db, phone: string, deviceId: number): number {
  return columnStmt<number>(db, 'SELECT count(*) AS n FROM prekeys WHERE phone = ? AND device_id = ?').get(phone, deviceId) ?? 0
}

export function listPreKeyIds(db: Db, phone: string, deviceId: number): number[] {
  return columnStmt<number>(db, 'SELECT key_id FROM prekeys WHERE phone = ? AND device_id = ? ORDER BY key_id').all(phone, deviceId)
}

/** One-time pre-keys are handed out once: the fetch consumes the key. */
export function takePreKey(db: Db, phone: string, deviceId: number): { id: number; pub: Buffer } | undefined {
  const r = typedStmt<{ key_id: number; pub: Buffer }>(
    db,
    `DELETE FROM prekeys WHERE rowid = (SELECT rowid FROM prekeys WHERE phone = ? AND device_id = ? ORDER BY key_id LIMIT 1)
     RETURNING key_id, pub`
  ).get(phone, deviceId)
  return r && { id: r.key_id, pub: r.pub }
}

/** Drops all but the `keep` one-time pre-keys that would be handed out next; returns how many went. */
export function discardPreKeys(db: Db, phone: string, deviceId: number, keep: number): number {
  return stmt(
    db,
    `DELETE FROM prekeys WHERE phone = ? AND device_id = ? AND key_id NOT IN
       (SELECT key_id FROM prekeys WHERE phone = ? AND device_id = ? ORDER BY key_id LIMIT ?)`
  ).run(phone, deviceId, phone, deviceId, keep).changes
}
