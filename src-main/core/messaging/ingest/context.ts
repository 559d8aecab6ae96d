// What every ingestion handler gets for one engine batch of one instance: the database (inside the batch's
// transaction), the instance's identity, the payload context, emit() which writes the outbox row in that same
// transaction, and publish() which queues a domain event for after the commit (dropped with a rolled-back
// savepoint, like the rows it describes). Also key canonicalization, which learns LID<->PN pairs on the way.
import { isLidUser, isPnUser, type WAMessageKey } from '@whiskeysockets/baileys'
import type { Db } from '../../db/connection.js'
import type { IngestEventMap } from '../../domain/events.js'
import { lidMappedPayload, type PayloadContext } from '../events/payloads.js'
import type { EmittedEvent, LidMappedPayload, PayloadOf } from '../events/schemas.js'
import { canonicalJid, recordLidMappings } from '../store/jids.js'
import { rekeyChat } from '../store/rekey.js'
import { mergeLidContact } from '../store/contacts-repo.js'

export interface IngestContext {
  db: Db
  instanceId: string
  /** ms, the batch's time. */
  now: number
  /** Own user JID (<n>@s.whatsapp.net), '' before pairing. */
  me: string
  meLid: string | null
  payload: PayloadContext
  emit<E extends EmittedEvent>(event: E, payload: PayloadOf<E>): void
  /** Queues a domain event (the instance id is added); the ingestor publishes the queue once the batch committed. */
  publish<K extends keyof IngestEventMap>(name: K, payload: Omit<IngestEventMap[K], 'instanceId'>): void
  /** The queue publish() fills, in order; savepoint() cuts it back when its part rolls back. */
  readonly published: PendingEvent[]
  /** Logs a failure of one item (message, update) that was rolled back on its own. */
  report(err: unknown, what: string): void
}

/** A domain event queued for publication after the commit (publish() pairs each name with its payload type). */
export interface PendingEvent<K extends keyof IngestEventMap = keyof IngestEventMap> {
  name: K
  payload: IngestEventMap[K]
}

/** Runs `fn` in a savepoint; when it throws, the domain events it queued are dropped with its rows, and it rethrows. */
export function savepoint(ctx: IngestContext, fn: () => void): void {
  const mark = ctx.published.length
  try {
    ctx.db.transaction(fn)()
  } catch (err) {
    ctx.published.length = mark
    throw err
  }
}

/**
 * Runs `fn` for one item in its own savepoint: an item the mapper cannot handle is logged and rolled back
 * alone (its store rows, outbox rows and domain events together), the rest of the batch goes on.
 */
export function isolated(ctx: IngestContext, what: string, fn: () => void): void {
  try {
    savepoint(ctx, fn)
  } catch (err) {
    ctx.report(err, what)
  }
}

export const nowSeconds = (ctx: IngestContext): number => Math.floor(ctx.now / 1000)

/** Numbers that may arrive as protobuf Longs. */
export function toNum(v: unknown): number {
  if (typeof v === 'number') return v
  if (typeof v === 'bigint') return Number(v)
  if (v && typeof (v as { toNumber?: unknown }).toNumber === 'function') return (v as { toNumber(): number }).toNumber()
  if (typeof v === 'string' && v.trim() !== '') return Number(v)
  return 0
}

/** Where a LID<->PN pair came from; `history` (history sync) is stored quietly, the others emit lid.mapped. */
export type MappingSource = LidMappedPayload['source'] | 'history'

/**
 * The one LID<->PN graph of the instance: records the pairs and, for each new one, merges anything stored under
 * the LID into the phone number's rows (one chat per person) in the batch's transaction, then emits the
 * lid.mapped webhook and queues the lid.mapped domain event (not for history sync: thousands at pairing).
 */
export function learnMappings(ctx: IngestContext, pairs: readonly { lid?: string | null; pn?: string | null }[], source: MappingSource): void {
  const fresh = pairs.filter((p) => p.lid && p.pn && isLidUser(p.lid) && isPnUser(p.pn))
  if (!fresh.length) return
  for (const change of recordLidMappings(ctx.db, ctx.instanceId, fresh, ctx.now)) {
    const { lid, pn } = change
    const merge = rekeyChat(ctx.db, ctx.instanceId, lid, pn, ctx.now)
    mergeLidContact(ctx.db, ctx.instanceId, lid, pn, ctx.now)
    if (source === 'history') continue
    ctx.emit('lid.mapped', lidMappedPayload(change, merge, source, nowSeconds(ctx)))
    ctx.publish('lid.mapped', { lid, pn, mergedChat: merge.mergedChat })
  }
}

/** The key with canonical chat and participant (PN form when known); the other spellings kept in *Alt. */
export function canonicalKey(ctx: IngestContext, key: WAMessageKey, source: MappingSource = 'message'): WAMessageKey {
  learnMappings(ctx, [
    { lid: key.remoteJid, pn: key.remoteJidAlt },
    { lid: key.remoteJidAlt, pn: key.remoteJid },
    { lid: key.participant, pn: key.participantAlt },
    { lid: key.participantAlt, pn: key.participant }
  ], source)
  const remoteJid = canonicalJid(ctx.db, ctx.instanceId, key.remoteJid, key.remoteJidAlt)
  const out: WAMessageKey = { ...key, remoteJid }
  if (key.remoteJid && remoteJid !== key.remoteJid) out.remoteJidAlt = key.remoteJid
  if (key.participant) {
    const participant = canonicalJid(ctx.db, ctx.instanceId, key.participant, key.participantAlt)
    out.participant = participant
    if (participant !== key.participant) out.participantAlt = key.participant
  }
  return out
}

/** Who wrote a message with this (canonical) key. */
export const authorOf = (ctx: IngestContext, key: WAMessageKey): string =>
  key.fromMe ? ctx.me : (key.participant || key.remoteJid || '')
