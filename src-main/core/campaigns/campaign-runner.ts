// Runs campaigns: one lane per (running campaign, instance) sends that instance's recipients one at a time —
// window, instance WORKING, network limits, daily cap and warm-up, waiting sends first, opt-outs and the number
// check, then the send with the recipient claimed in the transaction that enqueues it (at most once: the message
// id is recorded before it can go), its outcome, the autopilot, the random delay. The next recipient's number check
// is asked while this one sends (one check ahead, through the same policy), so its round trip is off the lane's path.
import type { Logger } from 'pino'
import type { Db } from '../db/connection.js'
import { isDomainError } from '../domain/errors.js'
import type { Clock } from '../rate-limit/clock.js'
import type { Campaign, PauseReason } from './campaign-types.js'
import * as repo from './campaign-repo.js'
import type { CampaignPorts } from './ports.js'
import { inWindow, nextOpening, wallTime } from './schedule.js'
import { renderTemplate } from './template.js'
import { judgeRates } from './autopilot.js'

/** How often a send in the queue is looked at until it settles. */
const SETTLE_POLL_MS = 200
/** The longest a lane sleeps before it looks at its campaign again. */
const MAX_NAP_MS = 30_000
/** Warm-up ramp: a number paired `d` days ago may send 20 * 2^d campaign messages that day. */
const WARMUP_BASE = 20
const DAY = 24 * 60 * 60_000
/** Refusals that pass by themselves: the recipient stays pending. */
const TRANSIENT = new Set(['session_status_mismatch', 'rate_limited', 'account_protection', 'concurrency_limit', 'queue_full', 'queue_purged', 'send_failed', 'engine_request_failed'])

export interface RunnerHooks {
  /** Pause the campaign with a reason (the service writes, emits campaign.status). */
  pause(campaignId: string, reason: Omit<PauseReason, 'since'>): void
  /** Running but waiting for its window / start time / the next day (null = not waiting). */
  waiting(campaignId: string, until: number | null): void
  /** A recipient settled: throttled campaign.progress. */
  progressed(campaignId: string): void
  /** A lane found nothing left: the service completes the campaign when no recipient is pending or queued. */
  laneDone(campaignId: string): void
}

export interface RunnerDeps {
  db: Db
  clock: Clock
  logger: Logger
  ports: CampaignPorts
  hooks: RunnerHooks
  random?: () => number
}

class Lane {
  stopped = false
  /** The number check of the lane's next recipient, asked while the current one sends (its answer written when it comes). */
  ahead: { seq: number; exists: Promise<boolean> } | undefined
  private wake: (() => void) | null = null
  constructor(readonly campaignId: string, readonly instanceId: string) {}

  stop(): void {
    this.stopped = true
    this.wake?.()
  }

  /** Ends a nap early (something it waits for may have changed). */
  wakeUp(): void {
    this.wake?.()
  }

  nap(clock: Clock, ms: number): Promise<void> {
    if (this.stopped) return Promise.resolve()
    return new Promise((resolve) => {
      const cancel = clock.setTimer(() => done(), Math.min(MAX_NAP_MS, Math.max(0, ms)))
      const done = () => {
        cancel()
        this.wake = null
        resolve()
      }
      this.wake = done
    })
  }
}

export class CampaignRunner {
  private readonly lanes = new Map<string, Lane>()
  private readonly random: () => number
  private closed = false

  constructor(private readonly deps: RunnerDeps) {
    this.random = deps.random ?? Math.random
  }

  /** Starts the lanes of a running campaign (idempotent) or stops them when it no longer runs. */
  sync(campaignId: string): void {
    const c = repo.getCampaign(this.deps.db, campaignId)
    const running = !!c && c.state === 'running' && !this.closed
    for (const [key, lane] of this.lanes) {
      if (lane.campaignId !== campaignId) continue
      if (!running || !c.instanceIds.includes(lane.instanceId)) {
        lane.stop()
        this.lanes.delete(key)
      }
    }
    if (!running) return
    for (const instanceId of c.instanceIds) {
      const key = `${campaignId} ${instanceId}`
      if (this.lanes.has(key)) continue
      const lane = new Lane(campaignId, instanceId)
      this.lanes.set(key, lane)
      void this.run(lane)
        .catch((err: unknown) => this.deps.logger.error({ err, campaignId, instanceId }, 'campaign lane failed'))
        .finally(() => {
          if (this.lanes.get(key) === lane) this.lanes.delete(key)
        })
    }
  }

  /** Wakes the lanes of an instance (it is WORKING again, its limit lifted, a reply was sent). */
  poke(instanceId?: string): void {
    for (const lane of this.lanes.values()) if (!instanceId || lane.instanceId === instanceId) lane.wakeUp()
  }

  running(campaignId: string): boolean {
    for (const l of this.lanes.values()) if (l.campaignId === campaignId) return true
    return false
  }

  close(): void {
    this.closed = true
    for (const lane of this.lanes.values()) lane.stop()
    this.lanes.clear()
  }

  private campaignOf(lane: Lane): Campaign | undefined {
    const c = repo.getCampaign(this.deps.db, lane.campaignId)
    return c && c.state === 'running' && !lane.stopped ? c : undefined
  }

  private async run(lane: Lane): Promise<void> {
    const { clock, ports, hooks, db } = this.deps
    for (;;) {
      const c = this.campaignOf(lane)
      if (!c) return
      const now = clock.now()
      // Start time and window: wait (the campaign says until when) and look again.
      const opensAt = c.schedule.startAt !== null && now < c.schedule.startAt ? c.schedule.startAt : inWindow(c.schedule.window, now, c.schedule.timeZone) ? now : nextOpening(c.schedule.window, now, c.schedule.timeZone)
      if (opensAt === null || opensAt > now) {
        hooks.waiting(c.id, opensAt)
        await lane.nap(clock, (opensAt ?? now + MAX_NAP_MS) - now)
        continue
      }
      const status = ports.instances.statusOf(lane.instanceId)
      if (status !== 'WORKING') {
        hooks.pause(c.id, { code: 'instance_not_working', message: `${ports.instances.label(lane.instanceId)} is ${status ?? 'deleted'}, not WORKING; the campaign resumes by itself when it is back`, autoResume: true, instanceId: lane.instanceId })
        return
      }
      const limited = ports.send.newContactsPaused(lane.instanceId)
      if (limited) {
        hooks.pause(c.id, deliverabilityReason(ports, lane.instanceId, limited, c.schedule.timeZone))
        return
      }
      const cap = this.dailyCap(c, lane.instanceId, now)
      if (cap !== null && repo.sentToday(db, c.id, lane.instanceId, startOfDay(now, c.schedule.timeZone)) >= cap) {
        const tomorrow = startOfDay(now, c.schedule.timeZone) + DAY
        hooks.waiting(c.id, tomorrow)
        await lane.nap(clock, tomorrow - now)
        continue
      }
      // Sends already waiting on this instance (live conversations' replies) go first.
      if (ports.send.waitingSends(lane.instanceId) > 0) {
        await lane.nap(clock, 500)
        continue
      }
      // (Read with the campaign just now: no second read of it per recipient when it is not marked waiting.)
      if (c.waitingUntil !== null) hooks.waiting(c.id, null)
      const r = repo.nextPending(db, c.id, lane.instanceId)
      if (!r) {
        hooks.laneDone(c.id)
        return
      }
      const sent = await this.sendOne(lane, c, r, () => this.checkAhead(lane, c, r.seq))
      if (sent === 'retry') {
        await lane.nap(clock, 1_000)
        continue
      }
      hooks.progressed(c.id)
      const verdict = judgeRates(repo.lastOutcomes(db, c.id, c.autopilot.window), c.autopilot)
      if (verdict) {
        hooks.pause(c.id, verdict)
        return
      }
      if (sent === 'sent' || sent === 'failed') {
        const { minDelayMs, maxDelayMs } = c.pacing
        await lane.nap(clock, minDelayMs + this.random() * Math.max(0, maxDelayMs - minDelayMs))
      }
    }
  }

  /** The campaign's cap for this instance today: its daily cap, lowered by the warm-up ramp for new numbers. */
  private dailyCap(c: Campaign, instanceId: string, now: number): number | null {
    let cap = c.pacing.dailyCapPerNumber
    if (c.pacing.warmup) {
      const paired = this.deps.ports.instances.pairedAt(instanceId)
      if (paired !== null) {
        const days = Math.max(0, Math.floor((now - paired) / DAY))
        if (days < 7) {
          const ramp = WARMUP_BASE * 2 ** days
          cap = cap === null ? ramp : Math.min(cap, ramp)
        }
      }
    }
    return cap
  }

  /** One number check through the checks port (the policy's check limits), its answer written to the recipient. */
  private async check(c: Campaign, r: repo.PendingRecipient): Promise<boolean> {
    const exists = await this.deps.ports.checks.exists(r.instanceId, r.phone)
    repo.setOnWhatsApp(this.deps.db, c.id, r.seq, exists, this.deps.clock.now())
    return exists
  }

  /**
   * Asks the number check of the lane's next unchecked recipient now, while `afterSeq` sends: a lane then waits on
   * one round trip per recipient (the send's), not two. At most one ahead per lane; an opted-out number is never
   * checked (it is skipped at its turn). An answer that does not come is asked again at the recipient's turn.
   */
  private checkAhead(lane: Lane, c: Campaign, afterSeq: number): void {
    if (lane.stopped || (lane.ahead && lane.ahead.seq > afterSeq)) return
    const next = repo.nextUnchecked(this.deps.db, c.id, lane.instanceId, afterSeq)
    if (!next || repo.isOptedOut(this.deps.db, c.accountId, next.phone)) return
    const exists = this.check(c, next)
    exists.catch(() => undefined) // waited on (and its failure handled) at the recipient's turn, if it still comes
    lane.ahead = { seq: next.seq, exists }
  }

  /** One recipient: skipped, sent (or queued and then settled), failed, or 'retry' (nothing happened to it). */
  private async sendOne(lane: Lane, c: Campaign, r: repo.PendingRecipient, sending: () => void): Promise<'sent' | 'skipped' | 'failed' | 'retry'> {
    const { db, clock, ports } = this.deps
    if (repo.isOptedOut(db, c.accountId, r.phone)) {
      repo.setRecipientState(db, c.id, r.seq, 'skipped', 'opted_out', clock.now(), ['pending'])
      return 'skipped'
    }
    const ahead = lane.ahead?.seq === r.seq ? lane.ahead.exists : undefined
    if (ahead) lane.ahead = undefined
    if (r.onWhatsApp === null || ahead) {
      try {
        if (!(await (ahead ?? this.check(c, r)))) return 'skipped'
      } catch (e) {
        this.deps.logger.debug({ err: e, campaignId: c.id }, 'number check did not answer; trying again')
        return 'retry'
      }
    }
    sending()
    const text = renderTemplate({ text: c.template.text, vars: r.vars, phone: r.phone, footer: c.footer, seed: `${c.id}:${r.phone}` })
    let messageId: string | undefined
    try {
      await ports.send.send(lane.instanceId, { phone: r.phone, text, media: c.template.media ?? null }, (id) => {
        if (!repo.claimRecipient(db, c.id, r.seq, id, clock.now())) throw new Error('recipient already claimed')
        messageId = id
      })
    } catch (e) {
      return this.refused(c, r, messageId, e)
    }
    return this.settle(lane, c, r, messageId!)
  }

  /** The pipeline refused the send (before or after the claim). */
  private refused(c: Campaign, r: repo.PendingRecipient, messageId: string | undefined, e: unknown): 'failed' | 'skipped' | 'retry' {
    const { db, clock, ports } = this.deps
    const code = isDomainError(e) ? e.code : 'send_failed'
    if (messageId) {
      const fate = ports.send.fate(r.instanceId, messageId)
      if (fate?.status === 'failed') return this.outcome(c, r, fate.errorCode ?? code)
      // Claimed, but its row is gone (refused by the queue): it was not sent; pending again.
      if (!fate) repo.unclaim(db, c.id, r.seq, clock.now())
      // Still queued or sending: the tick settles it from its row.
      else return 'retry'
    }
    if (code === 'not_on_whatsapp') {
      repo.setOnWhatsApp(db, c.id, r.seq, false, clock.now())
      return 'skipped'
    }
    if (code === 'daily_cap_reached') {
      this.deps.hooks.pause(c.id, { code: 'daily_cap', message: `${ports.instances.label(r.instanceId)} reached its policy's daily cap; the campaign resumes by itself tomorrow`, autoResume: true, instanceId: r.instanceId })
      return 'retry'
    }
    // Passing causes (not WORKING for a moment, the rate limit, a full queue, a network error): try again. Anything
    // else is about this message (its file cannot be read, the chat is not found): the recipient failed, and the
    // autopilot counts it.
    if (TRANSIENT.has(code)) {
      this.deps.logger.debug({ err: e, campaignId: c.id, code }, 'campaign send refused before sending; trying again')
      return 'retry'
    }
    repo.setRecipientState(db, c.id, r.seq, 'failed', code, clock.now(), ['pending'])
    return 'failed'
  }

  /** Waits for a queued send to leave, then records what became of it. */
  private async settle(lane: Lane, c: Campaign, r: repo.PendingRecipient, messageId: string): Promise<'sent' | 'failed' | 'retry'> {
    const { clock, ports } = this.deps
    for (;;) {
      const fate = ports.send.fate(r.instanceId, messageId)
      if (!fate) return 'retry'
      if (fate.status === 'sent') {
        repo.setRecipientState(this.deps.db, c.id, r.seq, 'sent', null, clock.now(), ['queued'])
        return 'sent'
      }
      if (fate.status === 'failed') return this.outcome(c, r, fate.errorCode ?? 'send_failed')
      if (fate.status === 'purged') {
        // A restart of the instance dropped it (never sent): pending again; the restart hook paused the campaign.
        repo.unclaim(this.deps.db, c.id, r.seq, clock.now())
        return 'retry'
      }
      await lane.nap(clock, SETTLE_POLL_MS)
      // Closed (app shutting down): the send stays in the durable queue; boot recovery settles the recipient.
      if (this.closed) return 'retry'
    }
  }

  /** A failed send: refused by the network (463/475: never delivered) goes back to pending for after the pause. */
  private outcome(c: Campaign, r: repo.PendingRecipient, code: string): 'failed' | 'retry' {
    const { db, clock } = this.deps
    if (code === 'reachout_timelocked' || code === 'message_capped') {
      repo.requeueRefused(db, c.id, r.seq, code, clock.now())
      return 'retry'
    }
    repo.setRecipientState(db, c.id, r.seq, 'failed', code, clock.now(), ['queued'])
    return 'failed'
  }
}

function deliverabilityReason(ports: CampaignPorts, instanceId: string, limited: { until: number; reason: string }, timeZone: string): Omit<PauseReason, 'since'> {
  const what = limited.reason === 'message_cap' ? 'capped new chats (475)' : 'locked new chats (463)'
  const until = new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit' }).format(limited.until)
  return { code: 'deliverability', message: `WhatsApp ${what} on ${ports.instances.label(instanceId)} until ${until}; the campaign resumes by itself then`, autoResume: true, instanceId }
}

/** Local midnight of `at` in the zone (minute precision). */
export function startOfDay(at: number, timeZone: string): number {
  return Math.floor(at / 60_000) * 60_000 - wallTime(at, timeZone).minutes * 60_000
}
