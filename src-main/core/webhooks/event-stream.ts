// The live event stream (GET /v2/events, SSE or WebSocket): the outbox's events, as the webhooks carry them, to
// clients that cannot receive webhooks. Every subscriber reads webhook_events in id order after its own cursor, for
// the backlog and live alike, so the switch from one to the other can neither skip nor repeat an event.
import type { Db } from '../db/connection.js'
import { columnStmt, stmt, typedStmt } from '../db/statements.js'
import { getOwnedInstance } from '../db/repositories/instances-repo.js'
import { coreErrors } from '../domain/core-errors.js'
import { EventStreamError } from './errors.js'
import { ALL_EVENTS, EVENT_NAME_PATTERN } from './event-names.js'
import { EVENT_ID_PATTERN } from './ulid.js'

/** What a client asks for (already read from its wire parameters). */
export interface EventStreamRequest {
  accountId: string
  /** Only these instances (each must be the account's); undefined or empty: every instance of the account, new ones included. */
  instanceIds?: readonly string[]
  /** Only these kinds; undefined, empty or containing "*": every kind. */
  events?: readonly string[]
  /** Resume after this event id (the last one received); undefined: only events recorded from now on. */
  after?: string
}

/** One event: its id, kind, and the serialized envelope (the exact bytes a webhook POST carries). */
export interface StreamedEvent {
  id: string
  event: string
  body: string
}

export interface EventSink {
  /** Takes one event; false when the client is congested: nothing more comes until resume(). */
  write(event: StreamedEvent): boolean
  /** The service is shutting down: end the connection. */
  end(): void
}

export interface EventSubscription {
  /** The id of the last event handed to the sink (or the starting cursor). */
  readonly cursor: string
  /** The sink can take more. */
  resume(): void
  close(): void
}

/** A validated request: start() begins the stream (separate, so that errors are answered before a WebSocket upgrade). */
export interface PreparedStream {
  start(sink: EventSink): EventSubscription
}

export interface EventStreamDeps {
  db: Db
  /** Calls the listener after anything happened in the core (the bus): a hint to look at the outbox again. */
  onActivity(listener: () => void): () => void
  /** Fallback look at the outbox for producers without a bus event (default 1000 ms), only while someone listens. */
  pollMs?: number
  /** Events handed to one sink per look (default 200); a longer backlog continues on the next turn of the event loop. */
  batchSize?: number
}

/** The smallest id: "everything retained" (ids are evt_ + a time-ordered ULID). */
const BEFORE_ALL = 'evt_'

const SELECT_AFTER = `
SELECT e.id, e.event, e.body FROM webhook_events e JOIN instances i ON i.id = e.instance_id
WHERE e.id > @after AND e.id <= @head AND i.account_id = @accountId
  AND (@instances IS NULL OR e.instance_id IN (SELECT value FROM json_each(@instances)))
  AND (@events IS NULL OR e.event IN (SELECT value FROM json_each(@events)))
  -- webhook.test is a delivery to one webhook on request, not part of the account's event stream.
  AND e.event <> 'webhook.test'
ORDER BY e.id LIMIT @limit`

const HEAD = 'SELECT max(id) FROM webhook_events'

const OWNED_EVENT = 'SELECT 1 FROM webhook_events e JOIN instances i ON i.id = e.instance_id WHERE e.id = ? AND i.account_id = ?'

interface Subscriber {
  sink: EventSink
  /** Last event handed to the sink. */
  cursor: string
  /** Every id up to here was looked at (>= cursor: events of other instances or kinds are skipped once). */
  scanned: string
  paused: boolean
  closed: boolean
  params: { accountId: string; instances: string | null; events: string | null }
}

export class EventStreamService {
  private readonly subscribers = new Set<Subscriber>()
  private readonly batchSize: number
  private readonly pollMs: number
  private offActivity: (() => void) | undefined
  private poll: NodeJS.Timeout | undefined
  private scheduled = false

  constructor(private readonly deps: EventStreamDeps) {
    this.batchSize = deps.batchSize ?? 200
    this.pollMs = deps.pollMs ?? 1000
  }

  /** Number of open streams (tests, diagnostics). */
  get size(): number {
    return this.subscribers.size
  }

  /** Checks the request (ownership of every instance, kinds, the cursor) and fixes where the stream starts. */
  prepare(req: EventStreamRequest): PreparedStream {
    const { db } = this.deps
    const instances = [...new Set((req.instanceIds ?? []).map((id) => id.trim().toUpperCase()).filter(Boolean))]
    for (const id of instances) if (!getOwnedInstance(db, req.accountId, id)) throw coreErrors.invalidSession()
    const kinds = [...new Set((req.events ?? []).map((e) => e.trim()).filter(Boolean))]
    for (const e of kinds) if (!EVENT_NAME_PATTERN.test(e)) throw coreErrors.invalidParam('events', `invalid event name: ${JSON.stringify(e.slice(0, 64))}`)
    let start: string
    if (req.after === undefined) {
      // Live only: everything already recorded is behind the cursor.
      start = columnStmt<string | null>(db, HEAD).get() ?? BEFORE_ALL
    } else {
      const after = req.after.trim()
      if (!EVENT_ID_PATTERN.test(after)) throw coreErrors.invalidParam('after', 'not an event id (evt_ followed by 26 characters)')
      // The cursor must still be in the outbox: otherwise events after it may have been pruned, and resuming would
      // hide the gap. The client learns it and chooses (resume from now, or re-read what it needs).
      if (!stmt(db, OWNED_EVENT).get(after, req.accountId)) throw EventStreamError.cursorExpired(after)
      start = after
    }
    const params = {
      accountId: req.accountId,
      instances: instances.length ? JSON.stringify(instances) : null,
      events: kinds.length && !kinds.includes(ALL_EVENTS) ? JSON.stringify(kinds) : null
    }
    return { start: (sink) => this.subscribe(sink, start, params) }
  }

  /** Ends every stream (shutdown). */
  close(): void {
    for (const s of [...this.subscribers]) {
      this.remove(s)
      s.sink.end()
    }
  }

  private subscribe(sink: EventSink, start: string, params: Subscriber['params']): EventSubscription {
    const s: Subscriber = { sink, cursor: start, scanned: start, paused: false, closed: false, params }
    this.subscribers.add(s)
    this.listen()
    this.schedule() // the backlog after the cursor
    return {
      get cursor() {
        return s.cursor
      },
      resume: () => {
        if (s.closed || !s.paused) return
        s.paused = false
        this.schedule()
      },
      close: () => this.remove(s)
    }
  }

  private remove(s: Subscriber): void {
    s.closed = true
    this.subscribers.delete(s)
    if (this.subscribers.size === 0) {
      this.offActivity?.()
      this.offActivity = undefined
      if (this.poll) clearInterval(this.poll)
      this.poll = undefined
    }
  }

  /** The bus and the poll only while someone listens. */
  private listen(): void {
    if (this.offActivity) return
    this.offActivity = this.deps.onActivity(() => this.schedule())
    this.poll = setInterval(() => this.schedule(), this.pollMs)
    this.poll.unref()
  }

  /**
   * Looks at the outbox on a later turn of the event loop: producers call the bus inside or right after their
   * transaction, and better-sqlite3 commits synchronously, so by then every event the hint was about is committed.
   */
  private schedule(): void {
    if (this.scheduled) return
    this.scheduled = true
    setImmediate(() => {
      this.scheduled = false
      this.pump()
    })
  }

  private pump(): void {
    const head = columnStmt<string | null>(this.deps.db, HEAD).get() ?? null
    if (head === null) return
    let more = false
    for (const s of [...this.subscribers]) {
      if (s.paused || s.closed || s.scanned >= head) continue
      const rows = typedStmt<StreamedEvent>(this.deps.db, SELECT_AFTER).all({ ...s.params, after: s.scanned, head, limit: this.batchSize })
      // A short page read everything up to head (ids are only written in increasing order, see ulid.ts);
      // a full one continues after its last row.
      s.scanned = rows.length < this.batchSize ? head : rows[rows.length - 1]!.id
      for (const row of rows) {
        if (s.closed) break
        s.cursor = row.id
        if (!s.sink.write(row)) {
          s.paused = true
          // Re-read from the last event handed over once the sink drains.
          s.scanned = row.id
          break
        }
      }
      if (!s.paused && !s.closed && s.scanned < head) more = true
    }
    if (more) this.schedule()
  }
}
