// The campaign store's per-recipient reads stay cheap at 10,000 recipients: the autopilot's last outcomes, read after
// every recipient, are answered from an index walk (no sort of the whole campaign), newest first; its stats (counts
// by state, sends per hour: every poll of the campaign and every progress event) read indexes only, with no sort.
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../db/connection.js'
import { migrate } from '../db/migrate.js'
import { appMigrations } from '../db/migrations/index.js'
import { COUNT_BY_STATE_SQL, countByState, LAST_OUTCOMES_SQL, lastOutcomes, SENDS_PER_HOUR_SQL, sendsPerHour } from './campaign-repo.js'

describe('campaign recipients: last outcomes', () => {
  const db = openDatabase(':memory:')
  migrate(db, appMigrations)
  db.pragma('foreign_keys = OFF') // recipient rows alone (no campaign, list or account rows needed for these reads)
  const ins = db.prepare(`INSERT INTO campaign_recipients (campaign_id, seq, phone, vars, state, reason, instance_id, message_id, updated_at) VALUES (?, ?, ?, '{}', ?, ?, 'i', ?, ?)`)
  db.transaction(() => {
    for (let seq = 0; seq < 10_000; seq++) {
      const settled = seq < 6_000
      const state = !settled ? 'pending' : seq % 10 === 0 || seq === 5_998 ? 'failed' : 'sent'
      ins.run('c', seq, String(15550000000 + seq), state, state === 'failed' ? 'send_failed' : null, settled ? `M${seq}` : null, settled ? 1_000 + Math.floor(seq / 3) : 0)
    }
    ins.run('c', 10_000, '15559999999', 'queued', null, 'MQ', 99_999) // the newest row: queued, not an outcome yet
    ins.run('other', 0, '15550000000', 'sent', null, 'MO', 99_999)
  })()

  it('is an index walk from the newest row, with no sort of the campaign', () => {
    const plan = (db.prepare(`EXPLAIN QUERY PLAN ${LAST_OUTCOMES_SQL}`).all('c', 50) as { detail: string }[]).map((r) => r.detail).join(' | ')
    expect(plan).toMatch(/USING (COVERING )?INDEX campaign_recipients_recent \(campaign_id=\?\)/)
    expect(plan).not.toMatch(/TEMP B-TREE/)
  })

  it('answers the newest outcomes of this campaign first, ties by seq', () => {
    const got = lastOutcomes(db, 'c', 4)
    // seq 5999, 5998 (failed), 5997 share updated_at 2999, then 5996 (2998): the queued and other campaign's rows are not outcomes.
    const sent = { state: 'sent', reason: null }
    expect(got).toEqual([sent, { state: 'failed', reason: 'send_failed' }, sent, sent])
    const window = lastOutcomes(db, 'c', 50)
    expect(window).toHaveLength(50)
    expect(window.filter((o) => o.state === 'failed')).toHaveLength(6) // 5998, 5990, 5980, 5970, 5960, 5950
  })
})

describe('campaign recipients: stats', () => {
  const db = openDatabase(':memory:')
  migrate(db, appMigrations)
  db.pragma('foreign_keys = OFF')
  const HOUR = 3_600_000
  const t0 = 1_700_000_000_000 - (1_700_000_000_000 % HOUR)
  const ins = db.prepare(`INSERT INTO campaign_recipients (campaign_id, seq, phone, vars, state, reason, instance_id, updated_at, sent_at) VALUES (?, ?, ?, '{}', ?, ?, 'i', 0, ?)`)
  db.transaction(() => {
    for (let seq = 0; seq < 3_000; seq++) {
      // 0-999 pending, 1000-1099 skipped not_on_whatsapp, 1100-2999 sent: 1,000 in the first hour, 900 in the third.
      const state = seq < 1_000 ? 'pending' : seq < 1_100 ? 'skipped' : 'sent'
      const sentAt = state !== 'sent' ? null : seq < 2_100 ? t0 + seq : t0 + 2 * HOUR + seq
      ins.run('c', seq, String(15550000000 + seq), state, state === 'skipped' ? 'not_on_whatsapp' : null, sentAt)
    }
    ins.run('other', 0, '15550000000', 'sent', null, t0)
  })()
  const plan = (sql: string) => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all('c') as { detail: string }[]).map((r) => r.detail).join(' | ')

  it('counts by state from a covering index, with no sort', () => {
    expect(plan(COUNT_BY_STATE_SQL)).toMatch(/USING COVERING INDEX campaign_recipients_states \(campaign_id=\?\)/)
    expect(plan(COUNT_BY_STATE_SQL)).not.toMatch(/TEMP B-TREE/)
    expect(countByState(db, 'c')).toEqual([
      { state: 'pending', reason: null, n: 1_000 },
      { state: 'sent', reason: null, n: 1_900 },
      { state: 'skipped', reason: 'not_on_whatsapp', n: 100 }
    ])
  })

  it('counts sends per hour along the hour index, with no sort', () => {
    expect(plan(SENDS_PER_HOUR_SQL)).toMatch(/INDEX campaign_recipients_sent_hour \(campaign_id=\?\)/)
    expect(plan(SENDS_PER_HOUR_SQL)).not.toMatch(/TEMP B-TREE/)
    expect(sendsPerHour(db, 'c')).toEqual([{ hour: t0, count: 1_000 }, { hour: t0 + 2 * HOUR, count: 900 }])
  })
})
