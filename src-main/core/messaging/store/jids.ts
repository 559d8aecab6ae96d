// Canonical JIDs of the store: one spelling per chat/person, so a message keyed by LID and its receipt keyed
// by phone number land on the same row. Users: <n>@s.whatsapp.net when the phone number is known (from the
// key's *Alt field or the LID map), else <n>@lid; device suffixes dropped. Groups, channels, broadcasts as is.
import { isLidUser, isPnUser, jidNormalizedUser } from '../../engine/wa-wire.js'
import type { Db } from '../../db/connection.js'
import { columnStmt, stmt } from '../../db/statements.js'

/** The PN of a LID from the instance's mapping table, if known. */
export function pnForLid(db: Db, instanceId: string, lid: string): string | undefined {
  return columnStmt<string>(db, 'SELECT pn FROM store_lid_map WHERE instance_id = ? AND lid = ?').get(instanceId, jidNormalizedUser(lid))
}

/** The LID of a PN from the instance's mapping table, if known. */
export function lidForPn(db: Db, instanceId: string, pn: string): string | undefined {
  return columnStmt<string>(db, 'SELECT lid FROM store_lid_map WHERE instance_id = ? AND pn = ? ORDER BY updated_at DESC LIMIT 1').get(instanceId, jidNormalizedUser(pn))
}

/**
 * Canonical form of `jid` for this instance. `alt` is Baileys' alternative id of the same party
 * (key.remoteJidAlt / participantAlt): a PN alt wins over a LID.
 */
export function canonicalJid(db: Db, instanceId: string, jid: string | null | undefined, alt?: string | null): string {
  if (!jid) return alt ? canonicalJid(db, instanceId, alt) : ''
  const normalized = jidNormalizedUser(jid) || jid
  if (!isLidUser(normalized)) return normalized
  if (alt && isPnUser(alt)) return jidNormalizedUser(alt)
  return pnForLid(db, instanceId, normalized) ?? normalized
}

/** A LID<->PN pair the store learned or changed (previous: the PN the LID was mapped to before, if any). */
export interface LidMappingChange {
  lid: string
  pn: string
  previous: string | null
}

/**
 * Records LID<->PN pairs (from message keys, sender_pn/participant_pn, contacts, chats, group participants,
 * history sync, lid-mapping.update and number checks); returns the pairs that were new or changed.
 */
export function recordLidMappings(
  db: Db,
  instanceId: string,
  pairs: readonly { lid?: string | null; pn?: string | null }[],
  now = Date.now()
): LidMappingChange[] {
  const changed: LidMappingChange[] = []
  for (const p of pairs) {
    if (!p.lid || !p.pn || !isLidUser(p.lid) || !isPnUser(p.pn)) continue
    const lid = jidNormalizedUser(p.lid)
    const pn = jidNormalizedUser(p.pn)
    const previous = pnForLid(db, instanceId, lid) ?? null
    if (previous === pn) continue
    stmt(
      db,
      `INSERT INTO store_lid_map (instance_id, lid, pn, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (instance_id, lid) DO UPDATE SET pn = excluded.pn, updated_at = excluded.updated_at`
    ).run(instanceId, lid, pn, now)
    changed.push({ lid, pn, previous })
  }
  return changed
}

/** Both spellings of a person, as far as the store knows them (null = unknown); other JIDs give nulls. */
export function identityOf(db: Db, instanceId: string, jid: string | null | undefined): { lid: string | null; pn: string | null } {
  const normalized = jid ? jidNormalizedUser(jid) || jid : ''
  if (isLidUser(normalized)) return { lid: normalized, pn: pnForLid(db, instanceId, normalized) ?? null }
  if (isPnUser(normalized)) return { lid: lidForPn(db, instanceId, normalized) ?? null, pn: normalized }
  return { lid: null, pn: null }
}
