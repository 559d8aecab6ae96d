// Media that expired on the server (the `media_expired` fault): the media host answers 403, 404 or 410 for the
// blobs of a message (found by the direct paths the people's phones recorded) or for everything uploaded
// before a moment, as WhatsApp's CDN does for old media. A re-upload gets a new path and is served again.
import type { Db } from '../../db/connection.js'
import { columnStmt } from '../../db/statements.js'

export type ExpiredStatus = 403 | 404 | 410

export class MediaExpiry {
  private readonly paths = new Map<string, ExpiredStatus>()
  private before: { at: number; status: ExpiredStatus } | undefined

  /** Expires the media of a message id (every copy the sandbox's phones recorded); returns how many paths. */
  expireMessage(db: Db, messageId: string, status: ExpiredStatus): number {
    const rows = columnStmt<string>(db, 'SELECT content FROM person_messages WHERE id = ?').all(messageId)
    let n = 0
    for (const raw of rows) {
      for (const path of directPathsOf(JSON.parse(raw) as unknown)) {
        this.paths.set(path, status)
        n++
      }
    }
    return n
  }

  /** Expires everything uploaded more than `ms` ago (fixed now: later uploads, re-uploads included, are served). */
  expireOlderThan(ms: number, status: ExpiredStatus, now = Date.now()): void {
    this.before = { at: now - Math.max(0, ms), status }
  }

  /** The status the host answers for a blob instead of its bytes, if it expired. */
  statusOf(path: string, createdAt: number): ExpiredStatus | undefined {
    const own = this.paths.get(path)
    if (own) return own
    if (this.before && createdAt < this.before.at) return this.before.status
    return undefined
  }

  clear(): void {
    this.paths.clear()
    this.before = undefined
  }
}

/** directPath values anywhere in a recorded message's proto JSON. */
function directPathsOf(v: unknown, out: string[] = []): string[] {
  if (!v || typeof v !== 'object') return out
  for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
    if (k === 'directPath' && typeof x === 'string') out.push(x)
    else directPathsOf(x, out)
  }
  return out
}
