// Live channels and the credential each was opened with (issue 21 item 1): event streams (SSE, WebSocket), MCP
// exchanges, UI bridge connections. A channel closes within a second once its credential no longer authenticates:
// rotated, revoked, its account removed, from any path. One signal for all: this process's credential changes call
// recheck() at once; the writes of another process (the `accounts` CLI on the same data dir) show in SQLite's
// PRAGMA data_version, looked at every POLL_MS while channels are open. A credential is anything that can say
// whether it still authenticates (access tokens, UI links minted with one, a scoped key).
import type { Logger } from 'pino'
import type { Db } from '../db/connection.js'
import { columnStmt, stmt } from '../db/statements.js'
import type { Credential } from '../domain/credentials.js'

export type { Credential } from '../domain/credentials.js'

/** Why a channel was closed: its credential stopped authenticating. */
export const CREDENTIAL_REVOKED = 'credential_revoked'

/** How often the database is looked at for another process's commit while channels are open. */
export const POLL_MS = 250

interface Held {
  credential: Credential
  close: () => void
}

export interface LiveChannelsDeps {
  db: Db
  logger: Logger
  pollMs?: number
}

export class LiveChannels {
  private readonly held = new Set<Held>()
  private timer: NodeJS.Timeout | undefined
  private stamp = ''

  constructor(private readonly deps: LiveChannelsDeps) {}

  /** A channel opened with `credential`: `close` is called once, when it stops authenticating. Returns the release. */
  hold(credential: Credential, close: () => void): () => void {
    const entry: Held = { credential, close }
    // Revoked between the request's auth and now: closed at once.
    if (!this.valid(entry)) {
      close()
      return () => {}
    }
    this.held.add(entry)
    this.startPolling()
    return () => {
      this.held.delete(entry)
      if (!this.held.size) this.stopPolling()
    }
  }

  /** Credentials may have changed (this process wrote them): every open channel is checked now. */
  recheck(): void {
    for (const entry of [...this.held]) {
      if (this.valid(entry)) continue
      this.held.delete(entry)
      this.deps.logger.info({ kind: entry.credential.kind }, 'live channel closed: its credential was rotated, revoked or removed')
      try {
        entry.close()
      } catch (err) {
        this.deps.logger.warn({ err }, 'closing a live channel failed')
      }
    }
    if (!this.held.size) this.stopPolling()
  }

  /**
   * Looks for a credential change at once (another process's commit shows in data_version): a channel calls this
   * before each event it writes, so a rotation committed just before an event never lets that event through.
   */
  notice(): void {
    if (this.held.size && this.deps.db.open && this.changed()) this.recheck()
  }

  get size(): number {
    return this.held.size
  }

  close(): void {
    this.stopPolling()
    this.held.clear()
  }

  private valid(entry: Held): boolean {
    try {
      return entry.credential.stillValid()
    } catch (err) {
      this.deps.logger.warn({ err, kind: entry.credential.kind }, 'credential check failed; the channel is closed')
      return false
    }
  }

  /** Any commit (another connection's: data_version; this one's: total_changes) since the last look. */
  private changed(): boolean {
    const { db } = this.deps
    const stamp = `${columnStmt<number>(db, 'PRAGMA data_version').get() ?? 0}/${columnStmt<number>(db, 'SELECT total_changes()').get() ?? 0}`
    if (stamp === this.stamp) return false
    this.stamp = stamp
    return true
  }

  private startPolling(): void {
    if (this.timer) return
    this.changed()
    this.timer = setInterval(() => {
      if (this.deps.db.open && this.changed()) this.recheck()
    }, this.deps.pollMs ?? POLL_MS)
    this.timer.unref()
  }

  private stopPolling(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = undefined
  }
}
