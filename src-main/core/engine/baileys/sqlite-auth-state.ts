// Baileys AuthenticationState backed by SQLite: creds + Signal keys as BufferJSON text. Every keys.set batch
// is written in one transaction together with the current creds snapshot, and saveCreds writes the creds
// alone; nothing is kept in memory but writes waiting for the store, and write errors propagate to Baileys. The one
// exception to "one transaction": a batch of pre-keys only (812 at pairing, 0.2-0.6 s in one transaction on a loaded
// machine) goes in runs of PRE_KEYS_PER_TURN with a turn of the loop between them; pre-keys not yet uploaded are
// referenced by nothing, and a run that fails still fails the batch, as Baileys expects.
// Key writes (Baileys awaits them) ask for the store first (writeWhenFree): while the history ingest thread is inside a
// transaction they wait without blocking the event loop, and resolve once committed. Every write goes through one
// queue, so a write made later never commits before one made earlier (saveCreds, synchronous, commits what is queued
// ahead of it in its own transaction), and reads see queued values.
import { BufferJSON, initAuthCreds, proto, type AuthenticationCreds, type AuthenticationState, type SignalDataSet, type SignalDataTypeMap } from '@whiskeysockets/baileys'
import { writeWhenFree, type Db } from '../../db/connection.js'
import { clearAuthState, readCreds, readKeys, writeAuthState, type KeyWrite } from '../../db/repositories/auth-state-repo.js'

export interface SqliteAuthState {
  state: AuthenticationState
  /** Persist the creds document (wire to Baileys' `creds.update`). */
  saveCreds: () => void
  /** After a logout/wipe: any later write from the retired socket throws instead of resurrecting the pairing. */
  revoke: () => void
  /** Writes Signal keys; resolves once they are committed (durable-signal-keys.ts writes through it). */
  commit: (data: SignalDataSet) => Promise<void>
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

const revive = <T extends keyof SignalDataTypeMap>(type: T, text: string): SignalDataTypeMap[T] => {
  const value = deserialize<SignalDataTypeMap[T]>(text)
  // Baileys expects the protobuf class here, not the plain object JSON gives back.
  return type === 'app-state-sync-key' && value ? (proto.Message.AppStateSyncKeyData.fromObject(value as object) as unknown as SignalDataTypeMap[T]) : value
}

const keyWrites = (data: SignalDataSet): KeyWrite[] => {
  const writes: KeyWrite[] = []
  for (const type of Object.keys(data) as (keyof SignalDataSet)[]) {
    const entries = data[type]
    if (!entries) continue
    for (const [id, value] of Object.entries(entries)) writes.push({ type, id, value: value ? serialize(value) : null })
  }
  return writes
}

/** A write not committed yet; `settle` is the waiting keys.set's (a synchronous write has none: it throws). */
interface QueuedWrite {
  writes: KeyWrite[]
  settle?: (err?: unknown) => void
}

export function useSqliteAuthState(db: Db, instanceId: string, now: () => number = Date.now): SqliteAuthState {
  const creds = loadStoredCreds(db, instanceId) ?? initAuthCreds()
  let revoked = false
  const queue: QueuedWrite[] = []
  /** Everything queued, in order, in one transaction with the creds as they are now. */
  const flush = () => {
    if (!queue.length) return
    const batch = queue.splice(0)
    try {
      if (revoked) throw new AuthStateRevokedError(instanceId)
      writeAuthState(db, instanceId, batch.flatMap((q) => q.writes), serialize(creds), now())
    } catch (err) {
      for (const q of batch) q.settle?.(err)
      throw err
    }
    for (const q of batch) q.settle?.()
  }
  const commit = (data: SignalDataSet) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ writes: keyWrites(data), settle: (err) => (err === undefined ? resolve() : reject(err)) })
      // Each write of a failed batch is told (settle).
      writeWhenFree(db, flush).catch(() => undefined)
    })
  return {
    commit,
    state: {
      creds,
      keys: {
        get: async <T extends keyof SignalDataTypeMap>(type: T, ids: string[]) => {
          const out: { [id: string]: SignalDataTypeMap[T] } = {}
          for (const [id, text] of readKeys(db, instanceId, type, ids)) out[id] = revive(type, text)
          // Queued writes are newer than the rows.
          if (queue.length) {
            const wanted = new Set(ids)
            for (const w of queue.flatMap((q) => q.writes)) {
              if (w.type !== type || !wanted.has(w.id)) continue
              if (w.value === null) delete out[w.id]
              else out[w.id] = revive(type, w.value)
            }
          }
          return out
        },
        set: async (data: SignalDataSet) => {
          const preKeys = data['pre-key']
          const ids = preKeys ? Object.keys(preKeys) : []
          if (!preKeys || ids.length <= PRE_KEYS_PER_TURN || Object.keys(data).some((type) => type !== 'pre-key' && data[type as keyof SignalDataSet])) return commit(data)
          for (let i = 0; i < ids.length; i += PRE_KEYS_PER_TURN) {
            if (i) await nextTurn()
            await commit({ 'pre-key': Object.fromEntries(ids.slice(i, i + PRE_KEYS_PER_TURN).map((id) => [id, preKeys[id] ?? null])) })
          }
        },
        clear: async () => {
          // Queued writes come before the clear: written then deleted is the same as never written.
          for (const q of queue.splice(0)) q.settle?.()
          clearAuthState(db, instanceId)
        }
      }
    },
    saveCreds: () => {
      queue.push({ writes: [] })
      flush()
    },
    revoke: () => {
      revoked = true
    }
  }
}
