// Per-instance webhook configs: upsert by URL (set), partial update, delete, list, replace-all.
// Deleting a webhook cascades to its pending deliveries and attempts (the events themselves stay listed).
import type { Db } from '../db/connection.js'
import { WebhookNotFoundError, WebhookValidationError } from './errors.js'
import { columnStmt, stmt, typedStmt } from '../db/statements.js'
import { RowCache } from '../db/repositories/row-cache.js'
import { DEFAULT_RETRIES, normalizeFields, normalizeWebhookUrl, type WebhookFields, type WebhookInput, type WebhookRetries } from './webhook-input.js'

export interface WebhookConfig {
  id: number
  instanceId: string
  url: string
  name: string | null
  events: string[]
  isActive: boolean
  retries: WebhookRetries
  hmac: string | null
  /** Why the worker disabled it (e.g. "http_410"); cleared when the user re-activates it. */
  disabledReason: string | null
  disabledAt: number | null
  createdAt: number
  updatedAt: number
}

/** The shape the v2 API shows (snake_case, as the user sent it). */
export interface WebhookWire {
  url: string
  name: string | null
  events: string[]
  is_active: boolean
  retries: WebhookRetries
  hmac: string | null
  disabled_reason: string | null
}

interface Row {
  id: number
  instance_id: string
  url: string
  name: string | null
  events: string
  is_active: number
  retry_delay_s: number
  retry_attempts: number
  hmac: string | null
  disabled_reason: string | null
  disabled_at: number | null
  created_at: number
  updated_at: number
}

const fromRow = (r: Row): WebhookConfig => ({
  id: r.id,
  instanceId: r.instance_id,
  url: r.url,
  name: r.name,
  events: JSON.parse(r.events) as string[],
  isActive: r.is_active === 1,
  retries: { delay: r.retry_delay_s, attempts: r.retry_attempts },
  hmac: r.hmac,
  disabledReason: r.disabled_reason,
  disabledAt: r.disabled_at,
  createdAt: r.created_at,
  updatedAt: r.updated_at
})

export const toWebhookWire = (w: WebhookConfig): WebhookWire => ({
  url: w.url,
  name: w.name,
  events: w.events,
  is_active: w.isActive,
  retries: { ...w.retries },
  hmac: w.hmac,
  disabled_reason: w.disabledReason
})

/** Read on every /v2/session/info and start/stop answer (config.webhooks); emptied by any write (row-cache.ts). */
const listCache = new RowCache<readonly WebhookConfig[]>(1024)

const frozen = (w: WebhookConfig): WebhookConfig => {
  Object.freeze(w.events)
  Object.freeze(w.retries)
  return Object.freeze(w)
}

export function listWebhooks(db: Db, instanceId: string): readonly WebhookConfig[] {
  return listCache.get(db, instanceId, () => (typedStmt<Row>(db, 'SELECT * FROM webhooks WHERE instance_id = ? ORDER BY position, id').all(instanceId)).map((r) => frozen(fromRow(r))))!
}

export function getWebhook(db: Db, instanceId: string, url: string): WebhookConfig | null {
  const row = typedStmt<Row>(db, 'SELECT * FROM webhooks WHERE instance_id = ? AND url = ?').get(instanceId, normalizeWebhookUrl(url))
  return row ? fromRow(row) : null
}

export function getWebhookById(db: Db, id: number): WebhookConfig | null {
  const row = typedStmt<Row>(db, 'SELECT * FROM webhooks WHERE id = ?').get(id)
  return row ? fromRow(row) : null
}

function insert(db: Db, instanceId: string, url: string, f: WebhookFields, position: number, now: number): void {
  if (!f.events) throw new WebhookValidationError('missing_param', 'events is required for a new webhook', { missing: ['events'], field: 'events' })
  stmt(
    db,
    `INSERT INTO webhooks (instance_id, url, name, events, is_active, retry_delay_s, retry_attempts, hmac, position, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
  ).run(
    instanceId,
    url,
    f.name ?? null,
    JSON.stringify(f.events),
    f.isActive === false ? 0 : 1,
    f.retries?.delay ?? DEFAULT_RETRIES.delay,
    f.retries?.attempts ?? DEFAULT_RETRIES.attempts,
    f.hmac ?? null,
    position,
    now,
    now
  )
}

function patch(db: Db, current: WebhookConfig, f: WebhookFields, now: number, position?: number): void {
  const isActive = f.isActive ?? current.isActive
  // Re-activating by hand clears the worker's "disabled because 410" mark.
  const reactivated = f.isActive === true
  stmt(
    db,
    `UPDATE webhooks SET name = ?, events = ?, is_active = ?, retry_delay_s = ?, retry_attempts = ?, hmac = ?,
       disabled_reason = ?, disabled_at = ?, position = ?, updated_at = ? WHERE id = ?`
  ).run(
    f.name !== undefined ? f.name : current.name,
    JSON.stringify(f.events ?? current.events),
    isActive ? 1 : 0,
    f.retries?.delay ?? current.retries.delay,
    f.retries?.attempts ?? current.retries.attempts,
    f.hmac !== undefined ? f.hmac : current.hmac,
    reactivated ? null : current.disabledReason,
    reactivated ? null : current.disabledAt,
    position ?? columnStmt<number>(db, 'SELECT position FROM webhooks WHERE id = ?').get(current.id) ?? null,
    now,
    current.id
  )
}

const nextPosition = (db: Db, instanceId: string): number =>
  columnStmt<number>(db, 'SELECT COALESCE(MAX(position), -1) + 1 FROM webhooks WHERE instance_id = ?').get(instanceId) ?? 0

/** /v2/webhook/set: update the webhook with this URL in place, or append a new one. */
export function setWebhook(db: Db, instanceId: string, input: WebhookInput, now = Date.now()): WebhookConfig {
  const url = normalizeWebhookUrl(input.url)
  const fields = normalizeFields(input)
  return db.transaction(() => {
    const current = getWebhook(db, instanceId, url)
    if (current) patch(db, current, fields, now)
    else insert(db, instanceId, url, fields, nextPosition(db, instanceId), now)
    return getWebhook(db, instanceId, url)!
  })()
}

/** /v2/webhook/update: the URL must exist; omitted fields stay unchanged. */
export function updateWebhook(db: Db, instanceId: string, input: WebhookInput, now = Date.now()): WebhookConfig {
  const url = normalizeWebhookUrl(input.url)
  const fields = normalizeFields(input)
  return db.transaction(() => {
    const current = getWebhook(db, instanceId, url)
    if (!current) throw new WebhookNotFoundError('webhook_not_found', `no webhook with url ${url} on this instance`, { field: 'url' })
    patch(db, current, fields, now)
    return getWebhook(db, instanceId, url)!
  })()
}

/** /v2/webhook/delete: true when a webhook was removed. */
export function deleteWebhook(db: Db, instanceId: string, url: string): boolean {
  return stmt(db, 'DELETE FROM webhooks WHERE instance_id = ? AND url = ?').run(instanceId, normalizeWebhookUrl(url)).changes > 0
}

/**
 * POST /v2/session/webhook: the list becomes exactly `inputs` (in that order). URLs that stay keep their row,
 * so their queued deliveries survive; within each entry omitted fields keep their value (hmac is not lost by
 * a client that only knows url/events/is_active). A URL given twice: the later entry wins.
 */
export function replaceWebhooks(db: Db, instanceId: string, inputs: readonly WebhookInput[], now = Date.now()): readonly WebhookConfig[] {
  const wanted = new Map<string, WebhookFields>()
  inputs.forEach((input, i) => {
    try {
      const url = normalizeWebhookUrl(input.url)
      wanted.delete(url)
      wanted.set(url, normalizeFields(input))
    } catch (e) {
      if (e instanceof WebhookValidationError) {
        throw new WebhookValidationError(e.code, `webhooks[${i}]: ${e.message}`, { ...e.details, index: i })
      }
      throw e
    }
  })
  return db.transaction(() => {
    const existing = new Map(listWebhooks(db, instanceId).map((w) => [w.url, w]))
    for (const [url, w] of existing) if (!wanted.has(url)) stmt(db, 'DELETE FROM webhooks WHERE id = ?').run(w.id)
    let position = 0
    for (const [url, fields] of wanted) {
      const current = existing.get(url)
      if (current) patch(db, current, fields, now, position)
      else insert(db, instanceId, url, fields, position, now)
      position++
    }
    return listWebhooks(db, instanceId)
  })()
}

/** Used by the delivery worker on HTTP 410 Gone. Pending deliveries stay queued (held) until re-activation. */
export function disableWebhook(db: Db, webhookId: number, reason: string, now = Date.now()): void {
  stmt(db, 'UPDATE webhooks SET is_active = 0, disabled_reason = ?, disabled_at = ?, updated_at = ? WHERE id = ?').run(reason, now, now, webhookId)
}

/** Whether an active webhook of the instance subscribes to `event` (by name or "*"), e.g. to skip building costly payloads. */
export function isSubscribed(db: Db, instanceId: string, event: string): boolean {
  return !!stmt(
    db,
    `SELECT 1 FROM webhooks w WHERE w.instance_id = ? AND w.is_active = 1
       AND EXISTS (SELECT 1 FROM json_each(w.events) e WHERE e.value = '*' OR e.value = ?) LIMIT 1`
  ).get(instanceId, event)
}
