// Messages the engine could not decrypt. Baileys upserts a CIPHERTEXT stub and sends a retry receipt; the
// sender's phone re-encrypts and resends, and the content usually arrives moments later under the same key.
// The store keeps the stub as a placeholder at once (the chat shows it, nothing is silently lost), the content
// replaces it when it comes (announced then as a new message), and a placeholder still unrecovered after the
// grace period becomes final: message.undecryptable is written. A bad message never holds up the others.
import type { WAMessage } from '@whiskeysockets/baileys'
import type { Db } from '../../db/connection.js'
import { messagePayload, type PayloadContext } from '../events/payloads.js'
import type { UndecryptablePayload } from '../events/schemas.js'
import { deleteMessage, findMessage } from '../store/messages-repo.js'
import { duePlaceholders, isUndecryptableStub, markPlaceholderFinal, placeholderPk, recordPlaceholder, recoverPlaceholder } from '../store/undecryptable-repo.js'
import type { IngestContext } from './context.js'

export { isUndecryptableStub }

/** Default wait for a retry to recover a message before it is declared undecryptable. */
export const DEFAULT_UNDECRYPTABLE_GRACE_MS = 30_000

const reasonOf = (m: WAMessage): string | null => m.messageStubParameters?.[0] ?? null

/**
 * A stub (canonical key): stored as a placeholder when the store has nothing under its key yet. A repeat (the
 * retry failed again) changes nothing; the stub never overwrites content that was decrypted.
 */
export function ingestStub(ctx: IngestContext, m: WAMessage, store: () => { pk: number; inserted: boolean }): void {
  const chatId = m.key.remoteJid!
  if (findMessage(ctx.db, ctx.instanceId, chatId, m.key.id!)) return
  const res = store()
  if (!res.inserted) return
  recordPlaceholder(ctx.db, ctx.instanceId, res.pk, reasonOf(m), ctx.now)
  ctx.publish('message.stored', { chatId, id: m.key.id!, fromMe: !!m.key.fromMe, inserted: true })
}

/**
 * When the store holds a placeholder under this message's key, the content arrived: a storable message replaces
 * it (returns true: announce it as new); anything else (a vote, a reaction...) is handled elsewhere, and the
 * placeholder goes.
 */
export function settlePlaceholder(ctx: IngestContext, m: WAMessage, storable: boolean): boolean {
  const pk = placeholderPk(ctx.db, ctx.instanceId, m.key.remoteJid!, m.key.id!)
  if (pk === undefined) return false
  if (!storable) {
    deleteMessage(ctx.db, pk)
    return false
  }
  recoverPlaceholder(ctx.db, pk, m, ctx.now)
  return true
}

/** message.undecryptable's payload: the placeholder as a WAHA message, plus why and since when. */
export function undecryptablePayload(m: WAMessage, reason: string | null, firstAt: number, ctx: PayloadContext): UndecryptablePayload {
  return { ...messagePayload(m, ctx), type: 'ciphertext', body: '', reason, firstFailedAt: Math.floor(firstAt / 1000) }
}

export interface FinalizeDeps {
  db: Db
  /** Writes the outbox row of one instance's event (in the caller's transaction); false when the instance is gone. */
  emit: (instanceId: string, payload: (ctx: PayloadContext) => UndecryptablePayload) => boolean
}

/** Marks every placeholder older than the grace period final and writes its message.undecryptable event; returns how many. */
export function finalizeDuePlaceholders(d: FinalizeDeps, now: number, graceMs: number): number {
  let n = 0
  d.db.transaction(() => {
    for (const p of duePlaceholders(d.db, now - graceMs)) {
      d.emit(p.instanceId, (ctx) => undecryptablePayload(p.message, p.reason, p.firstAt, ctx))
      markPlaceholderFinal(d.db, p.pk, now)
      n++
    }
  })()
  return n
}
