// The runner's lane on a real store with stand-in ports: the next recipient's number check is asked while the
// current one sends (off the lane's path), never for an opted-out number, and its answer decides at its turn (a
// number not on WhatsApp is skipped, never sent). The end-to-end path with real Baileys is campaigns.sandbox.test.ts.
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../db/connection.js'
import { migrate } from '../db/migrate.js'
import { appMigrations } from '../db/migrations/index.js'
import { systemClock } from '../rate-limit/clock.js'
import type { Campaign } from './campaign-types.js'
import { CampaignRunner } from './campaign-runner.js'
import * as repo from './campaign-repo.js'
import type { CampaignPorts } from './ports.js'

const ACCOUNT = 'acc'
const CID = 'cmp_runner'
const PHONES = { a: '15550000001', optedOut: '15550000002', notOnWa: '15550000003', d: '15550000004', e: '15550000005' }

function campaign(now: number): Campaign {
  return {
    id: CID, accountId: ACCOUNT, name: 'Runner', state: 'running', listId: 'lst', instanceIds: ['i1'], template: { text: 'Hi {{name}}' }, footer: null,
    schedule: { startAt: null, timeZone: 'UTC', window: null }, pacing: { minDelayMs: 0, maxDelayMs: 0, dailyCapPerNumber: null, warmup: false },
    autopilot: { window: 50, maxFailureRate: 1, maxOptOutRate: 1, minSample: 10 }, consent: { confirmedAt: now, text: 'ok' }, pauseReason: null,
    waitingUntil: null, createdAt: now, updatedAt: now, startedAt: now, finishedAt: null
  }
}

describe('campaign runner lane', () => {
  it('checks the next number while the current one sends, skips opted-out (unchecked) and not-on-WhatsApp numbers', async () => {
    const db = openDatabase(':memory:')
    migrate(db, appMigrations)
    db.pragma('foreign_keys = OFF') // campaign and recipient rows alone (no account, instance or list rows needed here)
    const now = Date.now()
    repo.saveCampaign(db, campaign(now))
    const ins = db.prepare(`INSERT INTO campaign_recipients (campaign_id, seq, phone, vars, state, instance_id, updated_at) VALUES (?, ?, ?, '{"name":"N"}', 'pending', 'i1', ?)`)
    Object.values(PHONES).forEach((phone, seq) => ins.run(CID, seq, phone, now))
    db.prepare(`INSERT INTO campaign_opt_outs (account_id, phone, source, keyword, campaign_id, created_at) VALUES (?, ?, 'manual', NULL, NULL, ?)`).run(ACCOUNT, PHONES.optedOut, now)

    const log: string[] = []
    const sends: string[] = []
    let n = 0
    const ports: CampaignPorts = {
      send: {
        async send(_instanceId, m, claim) {
          claim(`M${++n}`)
          sends.push(m.phone)
          log.push(`send ${m.phone}`)
          await new Promise((r) => setTimeout(r, 30))
          log.push(`sent ${m.phone}`)
        },
        fate: () => ({ status: 'sent', errorCode: null }),
        newContactsPaused: () => undefined,
        waitingSends: () => 0,
        policyOf: () => ({ spacingMs: 0, dailyCap: null })
      },
      instances: { statusOf: () => 'WORKING', accountOf: () => ACCOUNT, pairedAt: () => null, label: (id) => id },
      checks: {
        async exists(_instanceId, phone) {
          log.push(`check ${phone}`)
          await new Promise((r) => setTimeout(r, 5))
          return phone !== PHONES.notOnWa
        }
      },
      inbound: { incoming: () => undefined },
      publish: () => undefined
    }
    let done!: () => void
    const finished = new Promise<void>((r) => (done = r))
    const runner = new CampaignRunner({
      db, clock: systemClock, logger: pino({ level: 'silent' }), ports,
      hooks: { pause: () => undefined, waiting: () => undefined, progressed: () => undefined, laneDone: () => done() }
    })
    runner.sync(CID)
    await finished
    runner.close()

    // The opted-out number is never checked; C and D are checked at their turn (the recipient before each sent
    // nothing); E's check is asked as D's send starts, not after it is over.
    const { a, notOnWa, d, e } = PHONES
    expect(log).toEqual([`check ${a}`, `send ${a}`, `sent ${a}`, `check ${notOnWa}`, `check ${d}`, `check ${e}`, `send ${d}`, `sent ${d}`, `send ${e}`, `sent ${e}`])
    expect(sends).toEqual([PHONES.a, PHONES.d, PHONES.e])
    const states = db.prepare('SELECT phone, state, reason FROM campaign_recipients WHERE campaign_id = ? ORDER BY seq').all(CID)
    expect(states).toEqual([
      { phone: PHONES.a, state: 'sent', reason: null },
      { phone: PHONES.optedOut, state: 'skipped', reason: 'opted_out' },
      { phone: PHONES.notOnWa, state: 'skipped', reason: 'not_on_whatsapp' },
      { phone: PHONES.d, state: 'sent', reason: null },
      { phone: PHONES.e, state: 'sent', reason: null }
    ])
    db.close()
  })
})
