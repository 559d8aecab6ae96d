// Profile picture URLs with the v2 API's 24-hour cache (table profile_picture_cache, migration 0260).
// Absent pictures are cached as null too, so a contact without one does not cost a network query per call.
import { engineErrorStatus } from '../../engine/engine-errors.js'
import type { SessionPort } from '../../engine/session-port.js'
import { jidNormalizedUser } from '../../engine/wa-wire.js'
import type { Db } from '../../db/connection.js'
import { stmt, columnStmt, typedStmt } from '../../db/statements.js'
import { engineCall } from './errors.js'

export const PICTURE_TTL_MS = 24 * 60 * 60 * 1000

export interface CachedPicture {
  url: string | null
  fetchedAt: number
  /** True when answered from the cache (no network query). */
  cached: boolean
}

export function readCachedPicture(db: Db, instanceId: string, jid: string, now: number): CachedPicture | undefined {
  const row = typedStmt<{ url: string | null; fetched_at: number }>(db, 'SELECT url, fetched_at FROM profile_picture_cache WHERE instance_id = ? AND jid = ?').get(
    instanceId,
    jidNormalizedUser(jid)
  )
  if (!row || now - row.fetched_at >= PICTURE_TTL_MS) return undefined
  return { url: row.url, fetchedAt: row.fetched_at, cached: true }
}

export function storePicture(db: Db, instanceId: string, jid: string, url: string | null, now: number): void {
  stmt(
    db,
    `INSERT INTO profile_picture_cache (instance_id, jid, url, fetched_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (instance_id, jid) DO UPDATE SET url = excluded.url, fetched_at = excluded.fetched_at`
  ).run(instanceId, jidNormalizedUser(jid), url, now)
}

/** Any cached URL, however old (chat overviews show it without querying the network). */
export const anyCachedPictureUrl = (db: Db, instanceId: string, jid: string): string | null =>
  (columnStmt<string | null>(db, 'SELECT url FROM profile_picture_cache WHERE instance_id = ? AND jid = ?').get(instanceId, jidNormalizedUser(jid))) ?? null

/** Boom statuses meaning "no picture to show" rather than a failure: not found, not authorized (privacy). */
const NO_PICTURE = new Set([401, 404])

export interface PictureLookup {
  db: Db
  instanceId: string
  /** Opens the live socket only when the cache cannot answer (a stopped instance still answers cached URLs). */
  socket: () => SessionPort
  now: number
}

export async function profilePicture(l: PictureLookup, jid: string, refresh: boolean): Promise<CachedPicture> {
  if (!refresh) {
    const hit = readCachedPicture(l.db, l.instanceId, jid, l.now)
    if (hit) return hit
  }
  const socket = l.socket()
  const url = await engineCall('the profile picture query', async () => {
    try {
      return (await socket.pictureUrl(jid, 15_000)) ?? null
    } catch (e) {
      const status = engineErrorStatus(e)
      if (status !== undefined && NO_PICTURE.has(status)) return null
      throw e
    }
  })
  storePicture(l.db, l.instanceId, jid, url, l.now)
  return { url, fetchedAt: l.now, cached: false }
}
