// Baileys AuthenticationState backed by SQLite: creds + Signal keys as BufferJSON text. Every keys.set batch
// is written in one transaction together with the current creds snapshot, and saveCreds writes the creds
// alone; nothing is cached in memory and write errors propagate to Baileys. The one exception to "one transaction":
// a batch of pre-keys only (812 at pairing, 0.2-0.6 s in one transaction on a loaded machine) goes in runs of
// PRE_KEYS_PER_TURN with a turn of the loop between them; pre-keys not yet uploaded are referenced by nothing, and
// a run that fails still fails the batch, as Baileys expects.
import { BufferJSON, initAuthCreds, proto, type AuthenticationCreds, type AuthenticationState, type SignalDataSet, type SignalDataTypeMap } from '@whiskeysockets/baileys'
import type { Db } from '../../db/connection.js'
import { clearAuthState, readCreds, readKeys, writeAuthState, type KeyWrite } from '../../db/repositories/auth-state-repo.js'

export interface SqliteAuthState {
  state: AuthenticationState
  /** Persist the creds document (wire to Baileys' `creds.update`). */
  saveCreds: () => void
  /** After a logout/wipe: any later write from the retired socket throws instead of resurrecting the pairing. */
  revoke: () => void
  /** Writes Signal keys at once, committed before it returns (durable-signal-keys.ts writes through it). */
  writeNow: (data: SignalDataSet) => void
}

export class AuthStateRevokedError extends Error {
  constructor(instanceId: string) {
    super(`auth state of ${instanceId} was revoked (logged out or deleted); write refused`)
  }
}

/** Pre-keys written per turn of the event loop when a batch holds only pre-keys. */
export const PRE_KEYS_PER_TURN = 50

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

const serialize = (value: unknown): string => JSON.stringify(value, BufferJSON.replacer)
const deserialize = <T>(text: string): T => JSON.parse(text, BufferJSON.reviver) as T

export function loadStoredCreds(db: Db, instanceId: string): AuthenticationCreds | undefined {
  const text = readCreds(db, instanceId)
  return text === undefined ? undefined : deserialize<AuthenticationCreds>(text)
}

/** Paired means the phone accepted the link (pair-success stored `me` and the account signature). */
export function isPaired(creds: AuthenticationCreds | undefined): boolean {
  return !!creds?.me?.id && !!creds.account
}

export function useSqliteAuthState(db: Db, instanceId: string, now: () => number = Date.now): SqliteAuthState {
  const creds = loadStoredCreds(db, instanceId) ?? initAuthCreds()
  let revoked = false
  const write = (keys: KeyWrite[]) => {
    if (revoked) throw new AuthStateRevokedError(instanceId)
    writeAuthState(db, instanceId, keys, serialize(creds), now())
  }
  const writeNow = (data: SignalDataSet) => {
    const writes: KeyWrite[] = []
    for (const type of Object.keys(data) as (keyof SignalDataSet)[]) {
      const entries = data[type]
      if (!entries) continue
      for (const [id, value] of Object.entries(entries)) writes.push({ type, id, value: value ? serialize(value) : null })
    }
    write(writes)
  }
  return {
    writeNow,
    state: {
      creds,
      keys: {
        get: async <T extends keyof SignalDataTypeMap>(type: T, ids: string[]) => {
          const out: { [id: string]: SignalDataTypeMap[T] } = {}
          for (const [id, text] of readKeys(db, instanceId, type, ids)) {
            let value = deserialize<SignalDataTypeMap[T]>(text)
            // Baileys expects the protobuf class here, not the plain object JSON gives back.
            if (type === 'app-state-sync-key' && value) {
              value = proto.Message.AppStateSyncKeyData.fromObject(value as object) as unknown as SignalDataTypeMap[T]
            }
            out[id] = value
          }
          return out
        },
        set: async (data: SignalDataSet) => {
          const preKeys = data['pre-key']
          const ids = preKeys ? Object.keys(preKeys) : []
          if (!preKeys || ids.length <= PRE_KEYS_PER_TURN || Object.keys(data).some((type) => type !== 'pre-key' && data[type as keyof SignalDataSet])) return writeNow(data)
          for (let i = 0; i < ids.length; i += PRE_KEYS_PER_TURN) {
            if (i) await nextTurn()
            writeNow({ 'pre-key': Object.fromEntries(ids.slice(i, i + PRE_KEYS_PER_TURN).map((id) => [id, preKeys[id] ?? null])) })
          }
        },
        clear: async () => clearAuthState(db, instanceId)
      }
    },
    saveCreds: () => write([]),
    revoke: () => {
      revoked = true
    }
  }
}
