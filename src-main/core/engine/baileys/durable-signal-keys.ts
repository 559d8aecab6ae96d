// Signal state is committed before the ciphertext that advanced it can leave (issue 21 item 3). Baileys runs a send
// in keys.transaction(): session and sender-key writes wait in memory and are committed AFTER sendNode, so a crash
// between the two left the next run with the old counters, and the recipient saw "Key used already" for the next
// messages. The signal repository (the only writer of sessions, sender keys and identities) gets keys whose set()
// also writes through to SQLite (one committed transaction, WAL) and resolves only then, before libsignal hands back
// the ciphertext; the transaction's own commit writes the same values again afterwards.
import { DEFAULT_CONNECTION_CONFIG, type SignalDataSet, type SignalKeyStore, type SignalKeyStoreWithTransaction, type UserFacingSocketConfig } from '@whiskeysockets/baileys'

type MakeSignalRepository = NonNullable<UserFacingSocketConfig['makeSignalRepository']>

/** Keys whose set() resolves once the write is committed, and still fill the transaction's cache (so later reads in it see the write). */
export function writeThroughKeys(keys: SignalKeyStore | SignalKeyStoreWithTransaction, commit: (data: SignalDataSet) => Promise<void>): SignalKeyStore | SignalKeyStoreWithTransaction {
  const store: SignalKeyStore = {
    get: (type, ids) => keys.get(type, ids),
    set: async (data) => {
      await commit(data)
      await keys.set(data)
    },
    ...(keys.clear ? { clear: () => keys.clear!() } : {})
  }
  if (!('transaction' in keys)) return store
  return { ...store, isInTransaction: () => keys.isInTransaction(), transaction: (work, key) => keys.transaction(work, key) }
}

/** The socket option: Baileys' own signal repository over write-through keys. */
export function durableSignalRepository(commit: (data: SignalDataSet) => Promise<void>, base: MakeSignalRepository = DEFAULT_CONNECTION_CONFIG.makeSignalRepository): MakeSignalRepository {
  return (auth, logger, pnToLid) => base({ creds: auth.creds, keys: writeThroughKeys(auth.keys, commit) }, logger, pnToLid)
}
