// Baileys auth state of a simulated person's own device (device 0), kept in the sandbox database, and the
// minting of that device's credentials: the phone's identity key doubles as the device's Signal identity.
import { randomBytes } from 'node:crypto'
import {
  BufferJSON, Curve, generateRegistrationId, proto, signedKeyPair,
  type AuthenticationCreds, type KeyPair, type AuthenticationState, type SignalDataTypeMap, type SignalDataSet
} from '@whiskeysockets/baileys'
import type { Db } from '../../db/connection.js'
import type { Account } from '../store/accounts-repo.js'
import { getPersonKeys, loadPersonCreds, savePersonCreds, writePersonKeys } from '../store/person-repo.js'
import { lidJid, pnJid } from '../wire/jid.js'
import { nowSeconds } from '../wire/nodes.js'

const encode = (v: unknown): string => JSON.stringify(v, BufferJSON.replacer)
const decode = <T>(s: string): T => JSON.parse(s, BufferJSON.reviver) as T

/**
 * Baileys' initAuthCreds() without the identity key and signed pre-key it makes (the phone brings its own): that
 * signature is ~15 ms of pure-JS curve math, a fifth of a phone's creation. Same fields (a test holds it to that).
 */
export function freshCredsWithout(): Omit<AuthenticationCreds, 'signedIdentityKey' | 'signedPreKey'> {
  return {
    noiseKey: Curve.generateKeyPair(),
    pairingEphemeralKeyPair: Curve.generateKeyPair(),
    registrationId: generateRegistrationId(),
    advSecretKey: randomBytes(32).toString('base64'),
    processedHistoryMessages: [],
    nextPreKeyId: 1,
    firstUnuploadedPreKeyId: 1,
    accountSyncCounter: 0,
    accountSettings: { unarchiveChats: false },
    registered: false,
    pairingCode: undefined,
    lastPropHash: undefined,
    routingInfo: undefined,
    additionalData: undefined
  }
}

/**
 * The device's signed identity (creds.account), which Baileys puts in every pre-key message it sends. Two of a phone's
 * three signatures (~30 ms each in pure JS): phones in bulk get it at their first send instead (ensureDeviceIdentity),
 * since most of them only ever receive.
 */
export function mintDeviceIdentity(acc: Account): NonNullable<AuthenticationCreds['account']> {
  const identity = acc.identity
  const details = Buffer.from(proto.ADVDeviceIdentity.encode({ rawId: acc.rawId, timestamp: nowSeconds(), keyIndex: 0, accountType: 0, deviceType: 0 }).finish())
  return {
    details,
    accountSignatureKey: identity.public,
    accountSignature: Curve.sign(identity.private, Buffer.concat([Buffer.from([6, 0]), details, identity.public])),
    deviceSignature: Curve.sign(identity.private, Buffer.concat([Buffer.from([6, 1]), details, identity.public, identity.public]))
  }
}

/** Credentials for device 0 of a new account, ready to log in without pairing (deviceIdentity false: minted at first send). */
export function mintPersonCreds(acc: Account, opts: { deviceIdentity: boolean } = { deviceIdentity: true }): AuthenticationCreds {
  const identity = { public: acc.identity.public, private: acc.identity.private }
  const creds: AuthenticationCreds = { ...freshCredsWithout(), signedIdentityKey: identity, signedPreKey: signedKeyPair(identity, 1) }
  if (opts.deviceIdentity) creds.account = mintDeviceIdentity(acc)
  // Explicit ":0" so Baileys knows which device it is and leaves itself out of its own fan-out.
  creds.me = { id: `${acc.phone}:0@s.whatsapp.net`, lid: `${acc.lid}:0@lid`, name: acc.pushName }
  creds.registered = true
  creds.platform = 'android'
  // The phone is the source of history; it never waits for a history sync from anyone.
  creds.accountSyncCounter = 1
  creds.myAppStateKeyId = acc.appStateKey.keyId.toString('base64')
  return creds
}

/** `count` one-time pre-keys for a new device, numbered from creds.nextPreKeyId; moves creds past them (as an upload does). */
export function mintPersonPreKeys(creds: AuthenticationCreds, count: number): { keyId: number; keyPair: KeyPair }[] {
  const keys = Array.from({ length: count }, (_, i) => ({ keyId: creds.nextPreKeyId + i, keyPair: Curve.generateKeyPair() }))
  creds.nextPreKeyId += count
  creds.firstUnuploadedPreKeyId = creds.nextPreKeyId
  return keys
}

/** The private halves, where Baileys keeps them ('pre-key' in the person's key store). */
export function storeMintedPreKeys(db: Db, phone: string, keys: { keyId: number; keyPair: KeyPair }[]): void {
  writePersonKeys(db, phone, keys.map((k) => ({ type: 'pre-key', id: String(k.keyId), value: encode(k.keyPair) })))
}

export function appStateKeyEntry(acc: Account): { id: string; value: proto.Message.IAppStateSyncKeyData } {
  return {
    id: acc.appStateKey.keyId.toString('base64'),
    value: { keyData: acc.appStateKey.keyData, fingerprint: { rawId: acc.rawId, currentIndex: 0, deviceIndexes: [0] }, timestamp: acc.appStateKey.t }
  }
}

export function storeMintedCreds(db: Db, acc: Account, creds: AuthenticationCreds): void {
  savePersonCreds(db, acc.phone, encode(creds))
  const key = appStateKeyEntry(acc)
  writePersonKeys(db, acc.phone, [{ type: 'app-state-sync-key', id: key.id, value: encode(key.value) }])
}

export function personJids(acc: Account): { pn: string; lid: string } {
  return { pn: pnJid(acc.phone), lid: lidJid(acc.lid) }
}

/** SQLite-backed auth state; every key write batch is one transaction, and write errors propagate. */
export function personAuthState(db: Db, phone: string): { state: AuthenticationState; saveCreds: () => void } {
  const raw = loadPersonCreds(db, phone)
  if (!raw) throw new Error(`no credentials for simulated person ${phone}`)
  const creds = decode<AuthenticationCreds>(raw)
  return {
    state: {
      creds,
      keys: {
        get: async <T extends keyof SignalDataTypeMap>(type: T, ids: string[]) => {
          const found = getPersonKeys(db, phone, type, ids)
          const out: { [id: string]: SignalDataTypeMap[T] } = {}
          for (const [id, value] of found) {
            let v = decode<SignalDataTypeMap[T]>(value)
            if (type === 'app-state-sync-key' && v) v = proto.Message.AppStateSyncKeyData.fromObject(v as object) as unknown as SignalDataTypeMap[T]
            out[id] = v
          }
          return out
        },
        set: async (data: SignalDataSet) => {
          const writes: { type: string; id: string; value: string | undefined }[] = []
          for (const type of Object.keys(data) as (keyof SignalDataTypeMap)[]) {
            const entries = data[type] ?? {}
            for (const [id, value] of Object.entries(entries)) writes.push({ type, id, value: value ? encode(value) : undefined })
          }
          writePersonKeys(db, phone, writes)
        }
      }
    },
    saveCreds: () => savePersonCreds(db, phone, encode(creds))
  }
}
