// Resolves the message an operation names (a parsed chat + message id) to a Baileys key and, when the store
// has it, the stored message (whose key has the exact chat spelling, participant included).
import type { WAMessageKey } from '../../engine/wa-wire.js'
import type { Db } from '../../db/connection.js'
import type { ParsedMessageId } from '../chat-ids.js'
import { canonicalJid, findMessage, type StoredMessage } from '../store/index.js'

export interface MessageRef {
  key: WAMessageKey
  /** Canonical chat JID of the store. */
  chatJid: string
  stored: StoredMessage | undefined
}

export function resolveMessage(db: Db, instanceId: string, parsed: ParsedMessageId): MessageRef {
  const chatJid = canonicalJid(db, instanceId, parsed.remoteJid)
  const stored = findMessage(db, instanceId, chatJid, parsed.id)
  const key: WAMessageKey = stored?.message.key.id
    ? { ...stored.message.key }
    : { remoteJid: parsed.remoteJid, fromMe: parsed.fromMe, id: parsed.id, ...(parsed.participant ? { participant: parsed.participant } : {}) }
  return { key, chatJid: stored?.chatId ?? chatJid, stored }
}
