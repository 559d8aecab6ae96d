// SQLite rows of campaigns (migration 0340): lists and their contacts and rejects, campaigns, recipients, opt-outs.
// Plain statements typed by their rows (db/statements.ts); the service decides what happens (state rules, transactions that span the send queue).
import type { Db } from '../db/connection.js'
import { columnStmt, stmt, typedStmt } from '../db/statements.js'
import type {
  Campaign, CampaignRecipient, ContactList, ListContact, OptOut, OptOutSettings, Page, RecipientFilter, RecipientState, RejectedRow
} from './campaign-types.js'
import { DEFAULT_OPT_OUT_SETTINGS } from './campaign-types.js'

// ---------------------------------------------------------------- lists

interface ListRow {
  id: string; account_id: string; name: string; contact_count: number; rejected_count: number; merged_count: number
  variables: string; default_country: string | null; created_at: number
}

const toList = (r: ListRow): ContactList => ({
  id: r.id, accountId: r.account_id, name: r.name, createdAt: r.created_at, contactCount: r.contact_count, rejectedCount: r.rejected_count,
  mergedCount: r.merged_count, variables: JSON.parse(r.variables) as string[], defaultCountry: r.default_country
})

export function insertList(db: Db, list: ContactList, contacts: Iterable<ListContact>, rejected: readonly RejectedRow[]): void {
  db.transaction(() => {
    db.prepare(`INSERT INTO campaign_lists (id, account_id, name, contact_count, rejected_count, merged_count, variables, default_country, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(list.id, list.accountId, list.name, list.contactCount, list.rejectedCount, list.mergedCount, JSON.stringify(list.variables), list.defaultCountry, list.createdAt)
    const c = db.prepare('INSERT INTO campaign_list_contacts (list_id, phone, vars, line) VALUES (?, ?, ?, ?)')
    for (const x of contacts) c.run(list.id, x.phone, JSON.stringify(x.vars), x.line)
    const r = db.prepare('INSERT OR IGNORE INTO campaign_list_rejects (list_id, line, reason, message, value) VALUES (?, ?, ?, ?, ?)')
    for (const x of rejected) r.run(list.id, x.line, x.reason, x.message, x.value)
  })()
}

export function getList(db: Db, accountId: string, id: string): ContactList | undefined {
  const r = typedStmt<ListRow>(db, 'SELECT * FROM campaign_lists WHERE id = ? AND account_id = ?').get(id, accountId)
  return r && toList(r)
}

export const listLists = (db: Db, accountId: string): ContactList[] =>
  (typedStmt<ListRow>(db, 'SELECT * FROM campaign_lists WHERE account_id = ? ORDER BY created_at DESC, id').all(accountId)).map(toList)

export function deleteList(db: Db, id: string): void {
  db.prepare('DELETE FROM campaign_lists WHERE id = ?').run(id)
}

interface ContactRow { phone: string; vars: string; line: number }
const toContact = (r: ContactRow): ListContact => ({ phone: r.phone, vars: JSON.parse(r.vars) as Record<string, string>, line: r.line })

export function listContacts(db: Db, listId: string, offset: number, limit: number): ListContact[] {
  return (typedStmt<ContactRow>(db, 'SELECT phone, vars, line FROM campaign_list_contacts WHERE list_id = ? ORDER BY line LIMIT ? OFFSET ?').all(listId, limit, offset)).map(toContact)
}

export function* iterateContacts(db: Db, listId: string): Generator<ListContact> {
  for (const r of db.prepare<unknown[], ContactRow>('SELECT phone, vars, line FROM campaign_list_contacts WHERE list_id = ? ORDER BY line').iterate(listId)) yield toContact(r)
}

export function contactsByPhone(db: Db, listId: string, phones: readonly string[]): ListContact[] {
  const q = typedStmt<ContactRow>(db, 'SELECT phone, vars, line FROM campaign_list_contacts WHERE list_id = ? AND phone = ?')
  return phones.map((p) => q.get(listId, p)).filter((r): r is ContactRow => !!r).map(toContact)
}

// ---------------------------------------------------------------- campaigns

interface CampaignRow {
  id: string; account_id: string; name: string; state: string; list_id: string; instance_ids: string; template: string; footer: string | null
  schedule: string; pacing: string; autopilot: string; consent: string | null; pause_reason: string | null; waiting_until: number | null
  created_at: number; updated_at: number; started_at: number | null; finished_at: number | null
}

const toCampaign = (r: CampaignRow): Campaign => ({
  id: r.id, accountId: r.account_id, name: r.name, state: r.state as Campaign['state'], listId: r.list_id,
  instanceIds: JSON.parse(r.instance_ids) as string[], template: JSON.parse(r.template) as Campaign['template'], footer: r.footer,
  schedule: JSON.parse(r.schedule) as Campaign['schedule'], pacing: JSON.parse(r.pacing) as Campaign['pacing'],
  autopilot: JSON.parse(r.autopilot) as Campaign['autopilot'], consent: r.consent ? (JSON.parse(r.consent) as Campaign['consent']) : null,
  pauseReason: r.pause_reason ? (JSON.parse(r.pause_reason) as Campaign['pauseReason']) : null, waitingUntil: r.waiting_until,
  createdAt: r.created_at, updatedAt: r.updated_at, startedAt: r.started_at, finishedAt: r.finished_at
})

const campaignParams = (c: Campaign) => ({
  id: c.id, account_id: c.accountId, name: c.name, state: c.state, list_id: c.listId, instance_ids: JSON.stringify(c.instanceIds),
  template: JSON.stringify(c.template), footer: c.footer, schedule: JSON.stringify(c.schedule), pacing: JSON.stringify(c.pacing),
  autopilot: JSON.stringify(c.autopilot), consent: c.consent ? JSON.stringify(c.consent) : null, pause_reason: c.pauseReason ? JSON.stringify(c.pauseReason) : null,
  waiting_until: c.waitingUntil, created_at: c.createdAt, updated_at: c.updatedAt, started_at: c.startedAt, finished_at: c.finishedAt
})

export function saveCampaign(db: Db, c: Campaign): void {
  db.prepare(`INSERT INTO campaigns (id, account_id, name, state, list_id, instance_ids, template, footer, schedule, pacing, autopilot, consent, pause_reason, waiting_until, created_at, updated_at, started_at, finished_at)
    VALUES (@id, @account_id, @name, @state, @list_id, @instance_ids, @template, @footer, @schedule, @pacing, @autopilot, @consent, @pause_reason, @waiting_until, @created_at, @updated_at, @started_at, @finished_at)
    ON CONFLICT (id) DO UPDATE SET name = excluded.name, state = excluded.state, list_id = excluded.list_id, instance_ids = excluded.instance_ids,
      template = excluded.template, footer = excluded.footer, schedule = excluded.schedule, pacing = excluded.pacing, autopilot = excluded.autopilot,
      consent = excluded.consent, pause_reason = excluded.pause_reason, waiting_until = excluded.waiting_until, updated_at = excluded.updated_at,
      started_at = excluded.started_at, finished_at = excluded.finished_at`).run(campaignParams(c))
}

export function getCampaign(db: Db, id: string): Campaign | undefined {
  const r = typedStmt<CampaignRow>(db, 'SELECT * FROM campaigns WHERE id = ?').get(id)
  return r && toCampaign(r)
}

export const listCampaigns = (db: Db, accountId: string): Campaign[] =>
  (typedStmt<CampaignRow>(db, 'SELECT * FROM campaigns WHERE account_id = ? ORDER BY created_at DESC, id').all(accountId)).map(toCampaign)

export const activeCampaigns = (db: Db): Campaign[] =>
  (typedStmt<CampaignRow>(db, "SELECT * FROM campaigns WHERE state IN ('scheduled', 'running', 'paused') ORDER BY created_at").all()).map(toCampaign)

export function deleteCampaign(db: Db, id: string): void {
  db.prepare('DELETE FROM campaigns WHERE id = ?').run(id)
}

// ---------------------------------------------------------------- recipients

interface RecipientRow {
  campaign_id: string; seq: number; phone: string; vars: string; state: string; reason: string | null; instance_id: string
  message_id: string | null; on_whatsapp: number | null; updated_at: number; sent_at: number | null
}

export const toRecipient = (r: RecipientRow): CampaignRecipient => ({
  campaignId: r.campaign_id, phone: r.phone, vars: JSON.parse(r.vars) as Record<string, string>, state: r.state as RecipientState, reason: r.reason,
  instanceId: r.instance_id, messageId: r.message_id, onWhatsApp: r.on_whatsapp === null ? null : r.on_whatsapp === 1, updatedAt: r.updated_at, sentAt: r.sent_at
})

/** The recipients of a draft from its list (replacing any), each assigned to an instance by `assign`. */
export function fillRecipients(db: Db, campaignId: string, listId: string, assign: (phone: string) => string, now: number): number {
  return db.transaction(() => {
    db.prepare('DELETE FROM campaign_recipients WHERE campaign_id = ?').run(campaignId)
    const ins = db.prepare(`INSERT INTO campaign_recipients (campaign_id, seq, phone, vars, state, instance_id, updated_at) VALUES (?, ?, ?, ?, 'pending', ?, ?)`)
    const page = typedStmt<ContactRow>(db, 'SELECT phone, vars, line FROM campaign_list_contacts WHERE list_id = ? AND line > ? ORDER BY line LIMIT 5000')
    let seq = 0
    // Pages, not an iterator: better-sqlite3 allows no write while a statement iterates.
    for (let after = 0; ;) {
      const rows = page.all(listId, after)
      if (!rows.length) break
      for (const c of rows) ins.run(campaignId, ++seq, c.phone, c.vars, assign(c.phone), now)
      after = rows.at(-1)!.line
    }
    return seq
  })()
}

export function reassignRecipients(db: Db, campaignId: string, assign: (phone: string) => string): void {
  const rows = typedStmt<{ seq: number; phone: string }>(db, "SELECT seq, phone FROM campaign_recipients WHERE campaign_id = ? AND state = 'pending'").all(campaignId)
  const upd = db.prepare('UPDATE campaign_recipients SET instance_id = ? WHERE campaign_id = ? AND seq = ?')
  db.transaction(() => rows.forEach((r) => upd.run(assign(r.phone), campaignId, r.seq)))()
}

export type PendingRecipient = CampaignRecipient & { seq: number }

/** The next recipient to send for one instance of a campaign. */
export function nextPending(db: Db, campaignId: string, instanceId: string): PendingRecipient | undefined {
  const r = typedStmt<RecipientRow>(db, "SELECT * FROM campaign_recipients WHERE campaign_id = ? AND instance_id = ? AND state = 'pending' ORDER BY seq LIMIT 1").get(campaignId, instanceId)
  return r && { ...toRecipient(r), seq: r.seq }
}

/** The lane's pending recipient after `seq` whose number is not checked yet (the check made ahead of its turn). */
export function nextUnchecked(db: Db, campaignId: string, instanceId: string, afterSeq: number): PendingRecipient | undefined {
  const r = typedStmt<RecipientRow>(db, "SELECT * FROM campaign_recipients WHERE campaign_id = ? AND instance_id = ? AND state = 'pending' AND seq > ? ORDER BY seq LIMIT 1").get(campaignId, instanceId, afterSeq)
  return r && r.on_whatsapp === null ? { ...toRecipient(r), seq: r.seq } : undefined
}

export function uncheckedPending(db: Db, campaignId: string, limit: number): Array<CampaignRecipient & { seq: number }> {
  return (typedStmt<RecipientRow>(db, "SELECT * FROM campaign_recipients WHERE campaign_id = ? AND state = 'pending' AND on_whatsapp IS NULL ORDER BY seq LIMIT ?").all(campaignId, limit)).map((r) => ({ ...toRecipient(r), seq: r.seq }))
}

// The statements run for every recipient go through the connection's statement cache (stmt), not db.prepare.

/** pending -> queued with its message id: only from pending (false = someone else took it). */
export function claimRecipient(db: Db, campaignId: string, seq: number, messageId: string, now: number): boolean {
  return stmt(db, "UPDATE campaign_recipients SET state = 'queued', message_id = ?, updated_at = ? WHERE campaign_id = ? AND seq = ? AND state = 'pending'").run(messageId, now, campaignId, seq).changes === 1
}

export function setRecipientState(db: Db, campaignId: string, seq: number, state: RecipientState, reason: string | null, now: number, from?: readonly RecipientState[]): boolean {
  const guard = from ? ` AND state IN (${from.map(() => '?').join(', ')})` : ''
  // A receipt may overtake the runner's own "sent": every state past queued stamps when it was sent.
  const sent = state === 'sent' || state === 'delivered' || state === 'read' ? ', sent_at = COALESCE(sent_at, @now)' : ''
  return stmt(db, `UPDATE campaign_recipients SET state = ?, reason = ?, updated_at = ?${sent.replace('@now', '?')} WHERE campaign_id = ? AND seq = ?${guard}`)
    .run(state, reason, now, ...(sent ? [now] : []), campaignId, seq, ...(from ?? [])).changes === 1
}

/** A claimed recipient whose send never went (refused before the queue, purged by a restart): pending again. */
export function unclaim(db: Db, campaignId: string, seq: number, now: number): void {
  stmt(db, "UPDATE campaign_recipients SET state = 'pending', message_id = NULL, updated_at = ? WHERE campaign_id = ? AND seq = ? AND state = 'queued'").run(now, campaignId, seq)
}

/** Refused by the network (463/475: nothing was delivered): pending again, to be sent after the pause. */
export function requeueRefused(db: Db, campaignId: string, seq: number, code: string, now: number): void {
  stmt(db, "UPDATE campaign_recipients SET state = 'pending', message_id = NULL, reason = ?, updated_at = ? WHERE campaign_id = ? AND seq = ? AND state = 'queued'").run(`retry_after_${code}`, now, campaignId, seq)
}

export function setOnWhatsApp(db: Db, campaignId: string, seq: number, exists: boolean, now: number): void {
  stmt(db, 'UPDATE campaign_recipients SET on_whatsapp = ?, updated_at = ? WHERE campaign_id = ? AND seq = ?').run(exists ? 1 : 0, now, campaignId, seq)
  if (!exists) setRecipientState(db, campaignId, seq, 'skipped', 'not_on_whatsapp', now, ['pending'])
}

export function recipientByMessage(db: Db, instanceId: string, messageId: string): (CampaignRecipient & { seq: number }) | undefined {
  const r = typedStmt<RecipientRow>(db, 'SELECT * FROM campaign_recipients WHERE instance_id = ? AND message_id = ?').get(instanceId, messageId)
  return r && { ...toRecipient(r), seq: r.seq }
}

/** Recipients of this account's campaigns with this phone that were messaged (newest first). */
export function messagedRecipients(db: Db, accountId: string, phone: string): Array<CampaignRecipient & { seq: number }> {
  return (typedStmt<RecipientRow>(db, `SELECT r.* FROM campaign_recipients r JOIN campaigns c ON c.id = r.campaign_id
    WHERE r.phone = ? AND c.account_id = ? AND r.state IN ('sent', 'delivered', 'read', 'replied', 'queued') ORDER BY r.updated_at DESC`).all(phone, accountId))
    .map((r) => ({ ...toRecipient(r), seq: r.seq }))
}

export function queuedRecipients(db: Db, campaignId: string): Array<CampaignRecipient & { seq: number }> {
  return (typedStmt<RecipientRow>(db, "SELECT * FROM campaign_recipients WHERE campaign_id = ? AND state = 'queued'").all(campaignId)).map((r) => ({ ...toRecipient(r), seq: r.seq }))
}

/** Answered from the campaign_recipients_states covering index (migration 0621): no row read, no sort. */
export const COUNT_BY_STATE_SQL = 'SELECT state, reason, COUNT(*) AS n FROM campaign_recipients WHERE campaign_id = ? GROUP BY state, reason'

export function countByState(db: Db, campaignId: string): Array<{ state: string; reason: string | null; n: number }> {
  return typedStmt<{ state: string; reason: string | null; n: number }>(db, COUNT_BY_STATE_SQL).all(campaignId)
}

/** Read after every recipient: walks (campaign_id, updated_at, seq) back from the newest (migration 0610). */
export const LAST_OUTCOMES_SQL = `SELECT state, reason FROM campaign_recipients WHERE campaign_id = ? AND (message_id IS NOT NULL OR state = 'failed') AND state NOT IN ('queued', 'pending')
    ORDER BY updated_at DESC, seq DESC LIMIT ?`

/** The outcomes of the last `n` sends (for the autopilot's rates). */
export function lastOutcomes(db: Db, campaignId: string, n: number): Array<{ state: string; reason: string | null }> {
  return typedStmt<{ state: string; reason: string | null }>(db, LAST_OUTCOMES_SQL).all(campaignId, n)
}

export function sentToday(db: Db, campaignId: string, instanceId: string, since: number): number {
  return columnStmt<number>(db, 'SELECT COUNT(*) AS n FROM campaign_recipients WHERE campaign_id = ? AND instance_id = ? AND sent_at >= ?').get(campaignId, instanceId, since) ?? 0
}

/** Recipients by the answer of their number check: on_whatsapp 1, 0, or null (not checked yet). */
export function countByNumberCheck(db: Db, campaignId: string): Array<{ w: number | null; n: number }> {
  return typedStmt<{ w: number | null; n: number }>(db, 'SELECT on_whatsapp AS w, COUNT(*) AS n FROM campaign_recipients WHERE campaign_id = ? GROUP BY on_whatsapp').all(campaignId)
}

/** Recipients of the campaign whose number opted out of this account's campaigns. */
export function countOptedOutRecipients(db: Db, accountId: string, campaignId: string): number {
  return columnStmt<number>(db, 'SELECT COUNT(*) FROM campaign_recipients r JOIN campaign_opt_outs o ON o.phone = r.phone AND o.account_id = ? WHERE r.campaign_id = ?').get(accountId, campaignId) ?? 0
}

export function countPending(db: Db, campaignId: string): number {
  return columnStmt<number>(db, "SELECT COUNT(*) FROM campaign_recipients WHERE campaign_id = ? AND state = 'pending'").get(campaignId) ?? 0
}

/** Every pending recipient of the campaign is skipped with `reason` (a cancel). */
export function skipPendingRecipients(db: Db, campaignId: string, reason: string, now: number): void {
  db.prepare("UPDATE campaign_recipients SET state = 'skipped', reason = ?, updated_at = ? WHERE campaign_id = ? AND state = 'pending'").run(reason, now, campaignId)
}

/** Grouped by the very expression of the campaign_recipients_sent_hour index (migration 0621): a walk, no sort. */
export const SENDS_PER_HOUR_SQL = `SELECT (sent_at / 3600000) * 3600000 AS hour, COUNT(*) AS count FROM campaign_recipients
    WHERE campaign_id = ? AND sent_at IS NOT NULL GROUP BY sent_at / 3600000 ORDER BY sent_at / 3600000`

export function sendsPerHour(db: Db, campaignId: string): Array<{ hour: number; count: number }> {
  return typedStmt<{ hour: number; count: number }>(db, SENDS_PER_HOUR_SQL).all(campaignId)
}

export function remainingPerInstance(db: Db, campaignId: string): Map<string, number> {
  const rows = typedStmt<{ instance_id: string; n: number }>(db, "SELECT instance_id, COUNT(*) AS n FROM campaign_recipients WHERE campaign_id = ? AND state = 'pending' GROUP BY instance_id").all(campaignId)
  return new Map(rows.map((r) => [r.instance_id, r.n]))
}

export function pageRecipients(db: Db, campaignId: string, f: RecipientFilter): Page<CampaignRecipient> {
  const where = ['campaign_id = ?']
  const args: unknown[] = [campaignId]
  if (f.states?.length) {
    where.push(`state IN (${f.states.map(() => '?').join(', ')})`)
    args.push(...f.states)
  }
  if (f.search) {
    where.push("phone LIKE ? ESCAPE '\\'")
    args.push(`%${f.search.replace(/\D/g, '')}%`)
  }
  const offset = Math.max(0, f.offset ?? 0)
  const limit = Math.min(500, Math.max(1, f.limit ?? 50))
  const total = db.prepare<unknown[], number>(`SELECT COUNT(*) AS n FROM campaign_recipients WHERE ${where.join(' AND ')}`).pluck().get(...args) ?? 0
  const items = (db.prepare<unknown[], RecipientRow>(`SELECT * FROM campaign_recipients WHERE ${where.join(' AND ')} ORDER BY seq LIMIT ? OFFSET ?`).all(...args, limit, offset)).map(toRecipient)
  return { items, total, offset, limit }
}

export function* iterateRecipients(db: Db, campaignId: string): Generator<CampaignRecipient> {
  for (const r of db.prepare<unknown[], RecipientRow>('SELECT * FROM campaign_recipients WHERE campaign_id = ? ORDER BY seq').iterate(campaignId)) yield toRecipient(r)
}

// ---------------------------------------------------------------- opt-outs

interface OptOutRow { phone: string; source: string; keyword: string | null; campaign_id: string | null; created_at: number }
const toOptOut = (r: OptOutRow): OptOut => ({ phone: r.phone, source: r.source as OptOut['source'], keyword: r.keyword, campaignId: r.campaign_id, createdAt: r.created_at })

export function addOptOut(db: Db, accountId: string, o: OptOut): boolean {
  return db.prepare('INSERT OR IGNORE INTO campaign_opt_outs (account_id, phone, source, keyword, campaign_id, created_at) VALUES (?, ?, ?, ?, ?, ?)')
    .run(accountId, o.phone, o.source, o.keyword, o.campaignId, o.createdAt).changes === 1
}

export const removeOptOut = (db: Db, accountId: string, phone: string): boolean =>
  db.prepare('DELETE FROM campaign_opt_outs WHERE account_id = ? AND phone = ?').run(accountId, phone).changes === 1

export const isOptedOut = (db: Db, accountId: string, phone: string): boolean =>
  !!stmt(db, 'SELECT 1 FROM campaign_opt_outs WHERE account_id = ? AND phone = ?').get(accountId, phone)

export function pageOptOuts(db: Db, accountId: string, q: { offset?: number; limit?: number; search?: string }): Page<OptOut> {
  const search = q.search ? `%${q.search.replace(/\D/g, '')}%` : '%'
  const offset = Math.max(0, q.offset ?? 0)
  const limit = Math.min(1000, Math.max(1, q.limit ?? 100))
  const total = columnStmt<number>(db, 'SELECT COUNT(*) AS n FROM campaign_opt_outs WHERE account_id = ? AND phone LIKE ?').get(accountId, search) ?? 0
  const items = (typedStmt<OptOutRow>(db, 'SELECT * FROM campaign_opt_outs WHERE account_id = ? AND phone LIKE ? ORDER BY created_at DESC, phone LIMIT ? OFFSET ?').all(accountId, search, limit, offset)).map(toOptOut)
  return { items, total, offset, limit }
}

export function getOptOutSettings(db: Db, accountId: string): OptOutSettings {
  const r = typedStmt<{ settings: string }>(db, 'SELECT settings FROM campaign_opt_out_settings WHERE account_id = ?').get(accountId)
  return { ...DEFAULT_OPT_OUT_SETTINGS, ...(r ? (JSON.parse(r.settings) as Partial<OptOutSettings>) : {}) }
}

export function saveOptOutSettings(db: Db, accountId: string, s: OptOutSettings): void {
  db.prepare('INSERT INTO campaign_opt_out_settings (account_id, settings) VALUES (?, ?) ON CONFLICT (account_id) DO UPDATE SET settings = excluded.settings').run(accountId, JSON.stringify(s))
}

/**
 * A number opted out: its messaged recipients in this account's campaigns become opted_out, its pending ones are
 * skipped (opted_out). Returns the campaigns touched.
 */
export function optOutRecipients(db: Db, accountId: string, phone: string, now: number): string[] {
  const ids = typedStmt<{ id: string }>(db, `SELECT DISTINCT r.campaign_id AS id FROM campaign_recipients r JOIN campaigns c ON c.id = r.campaign_id
    WHERE r.phone = ? AND c.account_id = ? AND r.state IN ('pending', 'sent', 'delivered', 'read', 'replied')`).all(phone, accountId)
  const inAccount = 'campaign_id IN (SELECT id FROM campaigns WHERE account_id = ?)'
  db.prepare(`UPDATE campaign_recipients SET state = 'opted_out', reason = 'keyword', updated_at = ? WHERE phone = ? AND ${inAccount} AND state IN ('sent', 'delivered', 'read', 'replied')`).run(now, phone, accountId)
  db.prepare(`UPDATE campaign_recipients SET state = 'skipped', reason = 'opted_out', updated_at = ? WHERE phone = ? AND ${inAccount} AND state = 'pending'`).run(now, phone, accountId)
  return ids.map((r) => r.id)
}
