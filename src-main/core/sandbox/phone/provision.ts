// A new simulated phone: the account (fresh LID, identity key, app-state key, default privacy), its phone as
// device 0, and the person's Baileys creds for that device — validated, then stored in one transaction.
// Optionally with one-time pre-keys already on the server (as a phone registered long ago has): the person's first
// login then finds enough of them and uploads none (Baileys' first upload is 812 keys, ~0.3 s of CPU per phone).
import { randomBytes, randomInt } from 'node:crypto'
import type { Db } from '../../db/connection.js'
import { addPreKeys, getAccount, getAccountByLid, insertAccount, insertDevice, type Account } from '../store/accounts-repo.js'
import { generateKeyPair } from '../transport/cert-authority.js'
import { sandboxErrors } from '../errors.js'
import { phoneDigits } from '../wire/jid.js'
import { nowSeconds } from '../wire/nodes.js'
import { mintPersonCreds, mintPersonPreKeys, storeMintedCreds, storeMintedPreKeys } from './person-auth.js'

const DEFAULT_PRIVACY = { readreceipts: 'all', last: 'all', online: 'all', profile: 'all', status: 'all', groupadd: 'all', calladd: 'all', messages: 'all' }

/** Most one-time pre-keys a phone may be created with (Baileys' own first upload is 812). */
export const MAX_PROVISIONED_PREKEYS = 812

export interface ProvisionInput {
  phoneNumber: string
  name?: string
  /**
   * One-time pre-keys device 0 holds on the server from the start (0 = none: its first login uploads Baileys' 812).
   * More than 5 (the low mark) and the first login uploads none; senders consume them as on the real network, and
   * the server asks for more when they run low.
   */
  preKeys?: number
}

export function provisionPhone(db: Db, input: ProvisionInput): Account {
  const preKeyCount = input.preKeys ?? 0
  if (!Number.isInteger(preKeyCount) || preKeyCount < 0 || preKeyCount > MAX_PROVISIONED_PREKEYS) {
    throw sandboxErrors.invalidRequest(`preKeys must be an integer from 0 to ${MAX_PROVISIONED_PREKEYS}`)
  }
  const phone = phoneDigits(String(input.phoneNumber ?? ''))
  if (!phone || !/^[0-9]+$/.test(String(input.phoneNumber).replace(/^\+/, ''))) throw sandboxErrors.invalidPhoneNumber(String(input.phoneNumber))
  if (getAccount(db, phone)) throw sandboxErrors.phoneExists(phone)
  const acc: Account = {
    phone,
    lid: freshLid(db),
    pushName: (input.name ?? '').trim() || `User ${phone.slice(-4)}`,
    identity: generateKeyPair(),
    rawId: randomInt(1, 2 ** 31 - 1),
    keyIndex: 0,
    nextDeviceId: 1,
    statusText: 'Hey there! I am using WhatsApp.',
    statusT: nowSeconds(),
    appStateKey: { keyId: randomBytes(6), keyData: randomBytes(32), t: Date.now() },
    privacy: { ...DEFAULT_PRIVACY },
    lastSeen: null,
    createdAt: nowSeconds()
  }
  // Phones created with pre-keys (in bulk) mint their signed device identity at their first send, not here.
  const creds = mintPersonCreds(acc, { deviceIdentity: preKeyCount === 0 })
  const preKeys = mintPersonPreKeys(creds, preKeyCount)
  db.transaction(() => {
    insertAccount(db, acc)
    insertDevice(db, {
      phone, deviceId: 0, kind: 'phone', noiseKey: Buffer.from(creds.noiseKey.public), regId: creds.registrationId,
      identityKey: acc.identity.public,
      signedPreKey: { id: creds.signedPreKey.keyId, pub: Buffer.from(creds.signedPreKey.keyPair.public), sig: Buffer.from(creds.signedPreKey.signature) },
      keyIndex: 0, platform: 'android', signedIdentity: null, bootstrapped: true, createdAt: nowSeconds()
    })
    storeMintedCreds(db, acc, creds)
    if (preKeys.length) {
      storeMintedPreKeys(db, acc.phone, preKeys)
      addPreKeys(db, phone, 0, preKeys.map((k) => ({ id: k.keyId, pub: Buffer.from(k.keyPair.public) })))
    }
  })()
  return acc
}

/** A 15-digit LID no account has yet. */
function freshLid(db: Db): string {
  for (;;) {
    const lid = String(randomInt(10 ** 13, 10 ** 14 - 1)) + String(randomInt(0, 10))
    if (!getAccountByLid(db, lid)) return lid
  }
}
