// Public surface of the message store (see README.md): repositories, canonical JIDs, Baileys' getMessage,
// and the per-instance wipe run when an instance is deleted.
import type { proto, WAMessageKey } from '../../engine/wa-wire.js'
import type { Db } from '../../db/connection.js'
import { stmt } from '../../db/statements.js'
import { canonicalJid } from './jids.js'
import { findMessage } from './messages-repo.js'

export * from './jids.js'
export * from './messages-repo.js'
export * from './chats-repo.js'
export * from './contacts-repo.js'
export * from './reactions-repo.js'
export * from './labels-repo.js'
export * from './votes-repo.js'
export * from './groups-repo.js'
export * from './rekey.js'
export * from './retry-counter-cache.js'
export { decodeMessage, decodeRaw, encodeRaw } from './raw-json.js'

const STORE_TABLES = [
  'store_messages',
  'store_chats',
  'store_contacts',
  'store_lid_map',
  'store_reactions',
  'store_labels',
  'store_chat_labels',
  'store_poll_votes',
  'store_event_responses',
  'store_groups'
] as const

/** Instance deleted: every store row of it goes (one transaction). */
export function deleteInstanceStore(db: Db, instanceId: string): void {
  db.transaction(() => {
    for (const t of STORE_TABLES) stmt(db, `DELETE FROM ${t} WHERE instance_id = ?`).run(instanceId)
  })()
}

/**
 * Baileys' `getMessage` for an instance's sockets: answers peers' retry requests and lets Baileys decrypt
 * event responses, from the stored message content (undefined when unknown).
 */
export function storeGetMessage(db: Db, instanceId: string): (key: WAMessageKey) => Promise<proto.IMessage | undefined> {
  return async (key) => {
    if (!key.id) return undefined
    const chat = canonicalJid(db, instanceId, key.remoteJid, key.remoteJidAlt)
    return findMessage(db, instanceId, chat || null, key.id)?.message.message ?? undefined
  }
}
