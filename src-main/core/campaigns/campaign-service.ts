// The campaigns service (CoreServices.campaigns): lists, previews, drafts, the audience check, the estimate, the
// state machine (draft -> scheduled -> running <-> paused -> completed | cancelled), reports, opt-outs and events.
// Sending is the runner's (campaign-runner.ts); receipts and replies the tracker's (replies.ts). Boot: recipients
// a crash left `queued` are settled from their outbound rows, running campaigns go on.
import { randomBytes } from 'node:crypto'
import type { Logger } from 'pino'
import type { Db } from '../db/connection.js'
import type { EventSubscriber } from '../domain/event-bus.js'
import type { CoreEventMap } from '../domain/events.js'
import type { Clock } from '../rate-limit/clock.js'
import type { CampaignService } from './campaign-service-api.js'
import * as repo from './campaign-repo.js'
import { CampaignEvents } from './campaign-events.js'
import { CampaignRunner, startOfDay } from './campaign-runner.js'
import {
  DEFAULT_AUTOPILOT, DEFAULT_PACING, RECIPIENT_STATES, type AudienceReport, type Campaign, type CampaignDraft, type CampaignEstimate,
  type CampaignEvent, type CampaignRecipient, type CampaignStats, type ContactList, type ListContact, type ListImportInput, type ListImportReport,
  type OptOut, type OptOutSettings, type Page, type PauseReason, type RecipientFilter, type RecipientState, type Template, type TemplatePreview
} from './campaign-types.js'
import { csvLine } from './csv-out.js'
import { campaignErrors } from './errors.js'
import { estimateCampaign, type InstanceShare } from './estimate.js'
import { parseList } from './list-import.js'
import { isCountry, normalizePhone } from './phones.js'
import type { CampaignPorts } from './ports.js'
import { ReplyTracker } from './replies.js'
import { validateSchedule } from './schedule.js'
import { renderTemplate, validateTemplate } from './template.js'

/** How often paused campaigns are looked at for an automatic resume, scheduled ones for their start, queued recipients for their fate. */
const TICK_MS = 2_000
const ACTIVE: ReadonlyArray<Campaign['state']> = ['scheduled', 'running', 'paused']

export interface CampaignServiceDeps {
  db: Db
  clock: Clock
  logger: Logger
  ports: CampaignPorts
  events: EventSubscriber<CoreEventMap>
  random?: () => number
}

const newId = (prefix: string) => `${prefix}_${randomBytes(9).toString('base64url')}`

export class Campaigns implements CampaignService {
  private readonly runner: CampaignRunner
  private readonly emitter: CampaignEvents
  private readonly replies: ReplyTracker
  private readonly offs: Array<() => void> = []
  private cancelTick: (() => void) | null = null
  /**
   * Audience checks in flight, by campaign: a check runs at the policy's check pace (10 a minute on Strict) and may
   * outlast one request; asking again follows the same run instead of starting a second one. Progress is the store's.
   */
  private readonly checks = new Map<string, Promise<AudienceReport>>()

  constructor(private readonly deps: CampaignServiceDeps) {
    const { db, clock, logger, ports } = deps
    this.emitter = new CampaignEvents({ clock, publish: ports.publish, logger, stats: (id) => this.statsOf(id) })
    this.runner = new CampaignRunner({
      db, clock, logger, ports, random: deps.random,
      hooks: {
        pause: (id, reason) => this.autoPause(id, reason),
        waiting: (id, until) => this.setWaiting(id, until),
        progressed: (id) => this.emitter.progress(id),
        laneDone: (id) => this.completeIfDone(id)
      }
    })
    this.replies = new ReplyTracker({ db, clock, logger, ports, events: this.emitter })
  }

  /** Boot: settle recipients a crash left queued, follow the bus, run what was running. */
  run(): void {
    const { events } = this.deps
    this.offs.push(
      events.on('message.ack', (e) => this.replies.onAck(e)),
      events.on('message.stored', (e) => this.replies.onStored(e)),
      events.on('session.status', (e) => {
        if (e.status === 'WORKING') this.tryAutoResume()
        this.runner.poke(e.instanceId)
      }),
      events.on('deliverability.changed', (e) => {
        if (e.active) this.pauseInstance(e.instanceId, 'deliverability')
        else this.tryAutoResume()
      }),
      events.on('instance.restarted', (e) => this.restarted(e.instanceId))
    )
    this.tick()
  }

  close(): void {
    for (const off of this.offs.splice(0)) off()
    this.cancelTick?.()
    this.runner.close()
    this.emitter.close()
  }

  // ------------------------------------------------------------ lists

  async importList(accountId: string, input: ListImportInput): Promise<ListImportReport> {
    const name = input.name.trim()
    if (!name) throw campaignErrors.invalidCampaign('name', 'the list needs a name')
    const country = input.defaultCountry?.trim().toUpperCase() || null
    if (country && !isCountry(country)) throw campaignErrors.invalidCampaign('defaultCountry', `"${input.defaultCountry}" is not a two-letter country code (e.g. MX)`)
    const parsed = await parseList(input.source, input.mapping, country)
    const list: ContactList = {
      id: newId('lst'), accountId, name, createdAt: this.deps.clock.now(), contactCount: parsed.contacts.size, rejectedCount: parsed.rejected.length,
      mergedCount: parsed.merged.length, variables: parsed.variables, defaultCountry: country
    }
    repo.insertList(this.deps.db, list, parsed.contacts.values(), parsed.rejected)
    return { list, rejected: parsed.rejected, merged: parsed.merged }
  }

  lists(accountId: string): ContactList[] {
    return repo.listLists(this.deps.db, accountId)
  }

  list(accountId: string, listId: string): ContactList {
    const l = repo.getList(this.deps.db, accountId, listId)
    if (!l) throw campaignErrors.listNotFound(listId)
    return l
  }

  listContacts(accountId: string, listId: string, page: { offset?: number; limit?: number }): Page<ListContact> {
    const l = this.list(accountId, listId)
    const offset = Math.max(0, page.offset ?? 0)
    const limit = Math.min(1000, Math.max(1, page.limit ?? 100))
    return { items: repo.listContacts(this.deps.db, listId, offset, limit), total: l.contactCount, offset, limit }
  }

  async *exportList(accountId: string, listId: string): AsyncIterable<string> {
    const l = this.list(accountId, listId)
    yield csvLine(['phone', ...l.variables])
    for (const c of repo.iterateContacts(this.deps.db, listId)) yield csvLine([`+${c.phone}`, ...l.variables.map((v) => c.vars[v] ?? '')])
  }

  deleteList(accountId: string, listId: string): void {
    this.list(accountId, listId)
    repo.deleteList(this.deps.db, listId)
  }

  // ------------------------------------------------------------ templates

  preview(accountId: string, input: { listId: string; template: Template; footer?: string | null; phones?: string[]; limit?: number }): TemplatePreview[] {
    const l = this.list(accountId, input.listId)
    validateTemplate(input.template.text, l.variables)
    const contacts = input.phones?.length
      ? repo.contactsByPhone(this.deps.db, l.id, input.phones.map((p) => normalizePhone(p, l.defaultCountry)).flatMap((n) => (n.ok ? [n.phone] : [])))
      : repo.listContacts(this.deps.db, l.id, 0, Math.min(50, Math.max(1, input.limit ?? 3)))
    return contacts.map((c) => ({
      phone: c.phone,
      text: renderTemplate({ text: input.template.text, vars: c.vars, phone: c.phone, footer: input.footer ?? null, seed: `preview:${c.phone}` }),
      media: input.template.media ?? null
    }))
  }

  // ------------------------------------------------------------ campaigns

  createDraft(accountId: string, draft: CampaignDraft): Campaign {
    const l = this.list(accountId, draft.listId)
    if (!l.contactCount) throw campaignErrors.emptyList(l.id)
    const now = this.deps.clock.now()
    const c: Campaign = {
      id: newId('cmp'), accountId, name: draft.name.trim(), state: 'draft', listId: l.id, instanceIds: [], template: draft.template,
      footer: draft.footer ?? null, schedule: { startAt: null, timeZone: 'UTC', window: null, ...draft.schedule },
      pacing: { ...DEFAULT_PACING, ...draft.pacing }, autopilot: { ...DEFAULT_AUTOPILOT, ...draft.autopilot },
      consent: null, pauseReason: null, waitingUntil: null, createdAt: now, updatedAt: now, startedAt: null, finishedAt: null
    }
    c.instanceIds = this.ownedInstances(accountId, draft.instanceIds)
    this.validate(c, l)
    this.deps.db.transaction(() => {
      repo.saveCampaign(this.deps.db, c)
      repo.fillRecipients(this.deps.db, c.id, l.id, assigner(c.instanceIds), now)
    })()
    return c
  }

  updateDraft(accountId: string, campaignId: string, patch: Partial<CampaignDraft>): Campaign {
    const c = this.campaign(accountId, campaignId)
    if (c.state !== 'draft' && c.state !== 'paused') throw campaignErrors.invalidState(c.id, c.state, 'change it')
    if (c.state === 'paused' && (patch.listId !== undefined || patch.instanceIds !== undefined)) throw campaignErrors.invalidState(c.id, c.state, 'change its list or instances (only drafts can)')
    const next: Campaign = {
      ...c,
      name: patch.name?.trim() ?? c.name,
      listId: patch.listId ?? c.listId,
      instanceIds: patch.instanceIds ? this.ownedInstances(accountId, patch.instanceIds) : c.instanceIds,
      template: patch.template ?? c.template,
      footer: patch.footer !== undefined ? patch.footer : c.footer,
      schedule: { ...c.schedule, ...patch.schedule },
      pacing: { ...c.pacing, ...patch.pacing },
      autopilot: { ...c.autopilot, ...patch.autopilot },
      updatedAt: this.deps.clock.now()
    }
    const l = this.list(accountId, next.listId)
    this.validate(next, l)
    this.deps.db.transaction(() => {
      repo.saveCampaign(this.deps.db, next)
      if (next.listId !== c.listId) repo.fillRecipients(this.deps.db, c.id, l.id, assigner(next.instanceIds), next.updatedAt)
      else if (patch.instanceIds) repo.reassignRecipients(this.deps.db, c.id, assigner(next.instanceIds))
    })()
    return next
  }

  campaigns(accountId: string): Campaign[] {
    return repo.listCampaigns(this.deps.db, accountId)
  }

  campaign(accountId: string, campaignId: string): Campaign {
    const c = repo.getCampaign(this.deps.db, campaignId)
    if (!c || c.accountId !== accountId) throw campaignErrors.campaignNotFound(campaignId)
    return c
  }

  deleteCampaign(accountId: string, campaignId: string): void {
    const c = this.campaign(accountId, campaignId)
    if (ACTIVE.includes(c.state)) throw campaignErrors.invalidState(c.id, c.state, 'delete it (cancel it first)')
    repo.deleteCampaign(this.deps.db, c.id)
  }

  checkAudience(accountId: string, campaignId: string): Promise<AudienceReport> {
    const c = this.campaign(accountId, campaignId)
    const running = this.checks.get(c.id)
    if (running) return running
    const run = this.runAudienceCheck(c)
    this.checks.set(c.id, run)
    const forget = () => void (this.checks.get(c.id) === run && this.checks.delete(c.id))
    run.then(forget, forget)
    return run
  }

  audience(accountId: string, campaignId: string): AudienceReport {
    return this.audienceOf(this.campaign(accountId, campaignId))
  }

  private async runAudienceCheck(c: Campaign): Promise<AudienceReport> {
    const { db, clock, ports } = this.deps
    const stoppedBy = new Set<string>()
    for (;;) {
      const batch = repo.uncheckedPending(db, c.id, 50).filter((r) => !stoppedBy.has(r.instanceId))
      if (!batch.length) break
      for (const r of batch) {
        if (stoppedBy.has(r.instanceId)) continue
        try {
          repo.setOnWhatsApp(db, c.id, r.seq, await ports.checks.exists(r.instanceId, r.phone), clock.now())
        } catch (e) {
          // The check cap or the instance stopped this instance's checks: the rest are checked when they are sent.
          this.deps.logger.info({ err: e, campaignId: c.id, instanceId: r.instanceId }, 'audience check stopped for this instance')
          stoppedBy.add(r.instanceId)
        }
      }
    }
    return { ...this.audienceOf(c), checking: false }
  }

  private audienceOf(c: Campaign): AudienceReport {
    const rows = repo.countByNumberCheck(this.deps.db, c.id)
    const n = (w: number | null) => rows.find((r) => r.w === w)?.n ?? 0
    const optedOut = repo.countOptedOutRecipients(this.deps.db, c.accountId, c.id)
    const total = n(0) + n(1) + n(null)
    return { campaignId: c.id, total, checked: n(0) + n(1), onWhatsApp: n(1), notOnWhatsApp: n(0), optedOut, unchecked: n(null), checking: this.checks.has(c.id) }
  }

  estimate(accountId: string, campaignId: string): CampaignEstimate {
    const c = this.campaign(accountId, campaignId)
    const now = this.deps.clock.now()
    const remaining = repo.remainingPerInstance(this.deps.db, c.id)
    const mean = (c.pacing.minDelayMs + c.pacing.maxDelayMs) / 2
    const shares: InstanceShare[] = c.instanceIds.map((id) => {
      const policy = this.deps.ports.send.policyOf(id)
      const caps = [c.pacing.dailyCapPerNumber, policy.dailyCap].filter((x): x is number => x !== null)
      return {
        remaining: remaining.get(id) ?? 0,
        spacingMs: Math.max(1, mean, policy.spacingMs),
        limitedBy: policy.spacingMs > mean ? 'policy' : 'pacing',
        dailyCap: caps.length ? Math.min(...caps) : null,
        sentToday: repo.sentToday(this.deps.db, c.id, id, startOfDay(now, c.schedule.timeZone))
      }
    })
    return estimateCampaign(shares, c.schedule, now)
  }

  start(accountId: string, campaignId: string, consent: { confirmed: boolean; text?: string }): Campaign {
    const c = this.campaign(accountId, campaignId)
    if (c.state !== 'draft') throw campaignErrors.invalidState(c.id, c.state, 'start it (only drafts start; paused ones resume)')
    if (consent.confirmed !== true) throw campaignErrors.consentRequired()
    this.validate(c, this.list(accountId, c.listId))
    const now = this.deps.clock.now()
    return this.transition(c, {
      state: c.schedule.startAt !== null && c.schedule.startAt > now ? 'scheduled' : 'running',
      consent: { confirmedAt: now, text: consent.text?.trim() || 'These people agreed to hear from us.' },
      startedAt: now
    })
  }

  pause(accountId: string, campaignId: string): Campaign {
    const c = this.campaign(accountId, campaignId)
    if (c.state !== 'running' && c.state !== 'scheduled') throw campaignErrors.invalidState(c.id, c.state, 'pause it')
    return this.transition(c, { state: 'paused', pauseReason: { code: 'manual', message: 'Paused by hand', since: this.deps.clock.now(), autoResume: false } })
  }

  resume(accountId: string, campaignId: string): Campaign {
    const c = this.campaign(accountId, campaignId)
    if (c.state !== 'paused') throw campaignErrors.invalidState(c.id, c.state, 'resume it')
    return this.resumed(c)
  }

  cancel(accountId: string, campaignId: string): Campaign {
    const c = this.campaign(accountId, campaignId)
    if (!ACTIVE.includes(c.state) && c.state !== 'draft') throw campaignErrors.invalidState(c.id, c.state, 'cancel it')
    const now = this.deps.clock.now()
    repo.skipPendingRecipients(this.deps.db, c.id, 'cancelled', now)
    return this.transition(c, { state: 'cancelled', pauseReason: null, waitingUntil: null, finishedAt: now })
  }

  duplicate(accountId: string, campaignId: string, name?: string): Campaign {
    const c = this.campaign(accountId, campaignId)
    return this.createDraft(accountId, { name: name?.trim() || `${c.name} (copy)`, listId: c.listId, instanceIds: c.instanceIds, template: c.template, footer: c.footer, schedule: { ...c.schedule, startAt: null }, pacing: c.pacing, autopilot: c.autopilot })
  }

  // ------------------------------------------------------------ reporting

  stats(accountId: string, campaignId: string): CampaignStats {
    return this.computeStats(this.campaign(accountId, campaignId))
  }

  private statsOf(campaignId: string): { campaign: Campaign; stats: CampaignStats } | undefined {
    const campaign = repo.getCampaign(this.deps.db, campaignId)
    return campaign && { campaign, stats: this.computeStats(campaign) }
  }

  private computeStats(c: Campaign): CampaignStats {
    const counts = Object.fromEntries(RECIPIENT_STATES.map((s) => [s, 0])) as Record<RecipientState, number>
    const skippedBy: Record<string, number> = {}
    const failedBy: Record<string, number> = {}
    let total = 0
    for (const row of repo.countByState(this.deps.db, c.id)) {
      const s = row.state as RecipientState
      counts[s] += row.n
      total += row.n
      if (s === 'skipped') skippedBy[row.reason ?? 'unknown'] = (skippedBy[row.reason ?? 'unknown'] ?? 0) + row.n
      if (s === 'failed') failedBy[row.reason ?? 'unknown'] = (failedBy[row.reason ?? 'unknown'] ?? 0) + row.n
    }
    const sent = counts.sent + counts.delivered + counts.read + counts.replied + counts.opted_out
    const attempted = sent + counts.failed
    const rate = (n: number, of: number) => (of ? n / of : 0)
    return {
      campaignId: c.id, state: c.state, total, counts, skippedBy, failedBy,
      rates: {
        delivered: rate(counts.delivered + counts.read + counts.replied + counts.opted_out, sent),
        read: rate(counts.read + counts.replied, sent),
        replied: rate(counts.replied, sent),
        failed: rate(counts.failed, attempted),
        optedOut: rate(counts.opted_out, sent)
      },
      sendsPerHour: repo.sendsPerHour(this.deps.db, c.id),
      progress: rate(total - counts.pending - counts.queued, total)
    }
  }

  recipients(accountId: string, campaignId: string, filter: RecipientFilter): Page<CampaignRecipient> {
    return repo.pageRecipients(this.deps.db, this.campaign(accountId, campaignId).id, filter)
  }

  async *exportRecipients(accountId: string, campaignId: string): AsyncIterable<string> {
    const c = this.campaign(accountId, campaignId)
    const vars = this.list(accountId, c.listId).variables
    yield csvLine(['phone', 'state', 'reason', 'instance_id', 'message_id', 'on_whatsapp', 'sent_at', ...vars])
    for (const r of repo.iterateRecipients(this.deps.db, c.id)) {
      yield csvLine([`+${r.phone}`, r.state, r.reason, r.instanceId, r.messageId, r.onWhatsApp === null ? '' : String(r.onWhatsApp), r.sentAt ? new Date(r.sentAt).toISOString() : '', ...vars.map((v) => r.vars[v] ?? '')])
    }
  }

  // ------------------------------------------------------------ opt-outs

  optOuts(accountId: string, page: { offset?: number; limit?: number; search?: string }): Page<OptOut> {
    return repo.pageOptOuts(this.deps.db, accountId, page)
  }

  addOptOuts(accountId: string, phones: string[], source: 'manual' | 'api' = 'api'): { added: number; rejected: Array<{ value: string; message: string }> } {
    const now = this.deps.clock.now()
    const rejected: Array<{ value: string; message: string }> = []
    let added = 0
    this.deps.db.transaction(() => {
      for (const p of phones) {
        const n = normalizePhone(p, null)
        if (!n.ok) rejected.push({ value: p, message: n.message })
        else if (repo.addOptOut(this.deps.db, accountId, { phone: n.phone, source, keyword: null, campaignId: null, createdAt: now })) added++
      }
    })()
    return { added, rejected }
  }

  removeOptOut(accountId: string, phone: string): boolean {
    const n = normalizePhone(phone, null)
    return n.ok && repo.removeOptOut(this.deps.db, accountId, n.phone)
  }

  async importOptOuts(accountId: string, source: ListImportInput['source'], defaultCountry?: string): Promise<{ added: number; rejected: number }> {
    // A plain list of numbers (no header) is read as a one-column CSV named phone.
    const withHeader = source.kind === 'csv' && normalizePhone(source.text.split(/\r?\n/, 1)[0] ?? '', defaultCountry).ok ? { kind: 'csv' as const, text: `phone\n${source.text}` } : source
    const parsed = await parseList(withHeader, undefined, defaultCountry?.toUpperCase() ?? null)
    const now = this.deps.clock.now()
    let added = 0
    this.deps.db.transaction(() => {
      for (const c of parsed.contacts.values()) if (repo.addOptOut(this.deps.db, accountId, { phone: c.phone, source: 'import', keyword: null, campaignId: null, createdAt: now })) added++
    })()
    return { added, rejected: parsed.rejected.length }
  }

  optOutSettings(accountId: string): OptOutSettings {
    return repo.getOptOutSettings(this.deps.db, accountId)
  }

  setOptOutSettings(accountId: string, settings: Partial<OptOutSettings>): OptOutSettings {
    const next = { ...repo.getOptOutSettings(this.deps.db, accountId), ...settings }
    next.keywords = next.keywords.map((k) => k.trim()).filter(Boolean).slice(0, 200)
    if (next.confirmation !== null && !next.confirmation.trim()) next.confirmation = null
    repo.saveOptOutSettings(this.deps.db, accountId, next)
    return next
  }

  subscribe(listener: (event: CampaignEvent) => void): () => void {
    return this.emitter.subscribe(listener)
  }

  // ------------------------------------------------------------ state machine

  private transition(c: Campaign, patch: Partial<Campaign>): Campaign {
    const next: Campaign = { ...c, ...patch, updatedAt: this.deps.clock.now() }
    repo.saveCampaign(this.deps.db, next)
    this.emitter.status(next)
    this.runner.sync(next.id)
    return next
  }

  private resumed(c: Campaign): Campaign {
    const now = this.deps.clock.now()
    return this.transition(c, { state: c.schedule.startAt !== null && c.schedule.startAt > now ? 'scheduled' : 'running', pauseReason: null, waitingUntil: null })
  }

  /** The runner (or an event) found a cause: pause with the reason in words, once. */
  private autoPause(campaignId: string, reason: Omit<PauseReason, 'since'>): void {
    const c = repo.getCampaign(this.deps.db, campaignId)
    if (!c || (c.state !== 'running' && c.state !== 'scheduled')) return
    this.deps.logger.info({ campaignId, reason: reason.code }, 'campaign paused by the autopilot')
    this.transition(c, { state: 'paused', pauseReason: { ...reason, since: this.deps.clock.now() }, waitingUntil: null })
  }

  private pauseInstance(instanceId: string, why: 'deliverability'): void {
    const limited = this.deps.ports.send.newContactsPaused(instanceId)
    for (const c of repo.activeCampaigns(this.deps.db)) {
      if (c.state !== 'running' || !c.instanceIds.includes(instanceId)) continue
      const what = limited?.reason === 'message_cap' ? 'capped new chats (475)' : 'locked new chats (463)'
      const until = limited ? ` until ${new Date(limited.until).toISOString().slice(11, 16)} UTC` : ''
      this.autoPause(c.id, { code: why, message: `WhatsApp ${what} on ${this.deps.ports.instances.label(instanceId)}${until}; the campaign resumes by itself then`, autoResume: true, instanceId })
    }
  }

  /** The restart operation purged the instance's queue: its campaigns pause and the dropped recipients wait again (none lost). */
  private restarted(instanceId: string): void {
    for (const c of repo.activeCampaigns(this.deps.db)) {
      if (!c.instanceIds.includes(instanceId)) continue
      this.settleQueued(c.id)
      if (c.state === 'running' || c.state === 'scheduled') {
        this.autoPause(c.id, { code: 'queue_purged', message: `${this.deps.ports.instances.label(instanceId)} was restarted, which empties its send queue; the recipients it held wait again. Resume when ready`, autoResume: false, instanceId })
      }
    }
  }

  /** Paused campaigns whose cause cleared (deliverability lifted, instance WORKING, a new day) resume by themselves. */
  private tryAutoResume(): void {
    const { ports, clock } = this.deps
    const now = clock.now()
    for (const c of repo.activeCampaigns(this.deps.db)) {
      if (c.state !== 'paused' || !c.pauseReason?.autoResume) continue
      const ok = c.instanceIds.every((id) => ports.instances.statusOf(id) === 'WORKING' && !ports.send.newContactsPaused(id))
      const newDay = c.pauseReason.code !== 'daily_cap' || startOfDay(now, c.schedule.timeZone) > c.pauseReason.since
      if (ok && newDay) {
        this.deps.logger.info({ campaignId: c.id, was: c.pauseReason.code }, 'campaign resumed by itself')
        this.resumed(c)
      }
    }
  }

  private setWaiting(campaignId: string, until: number | null): void {
    const c = repo.getCampaign(this.deps.db, campaignId)
    if (!c || c.waitingUntil === until) return
    const next = { ...c, waitingUntil: until, updatedAt: this.deps.clock.now() }
    repo.saveCampaign(this.deps.db, next)
    this.emitter.status(next)
  }

  /** Recipients left `queued` (a previous run, a purge) take their outbound row's fate. */
  private settleQueued(campaignId: string): number {
    const { db, clock, ports } = this.deps
    let open = 0
    for (const r of repo.queuedRecipients(db, campaignId)) {
      const fate = r.messageId ? ports.send.fate(r.instanceId, r.messageId) : undefined
      const now = clock.now()
      if (!fate || fate.status === 'purged') repo.unclaim(db, campaignId, r.seq, now)
      else if (fate.status === 'sent') repo.setRecipientState(db, campaignId, r.seq, 'sent', null, now, ['queued'])
      else if (fate.status === 'failed') {
        if (fate.errorCode === 'reachout_timelocked' || fate.errorCode === 'message_capped') repo.requeueRefused(db, campaignId, r.seq, fate.errorCode, now)
        else repo.setRecipientState(db, campaignId, r.seq, 'failed', fate.errorCode ?? 'send_failed', now, ['queued'])
      } else open++
    }
    return open
  }

  private completeIfDone(campaignId: string): void {
    const c = repo.getCampaign(this.deps.db, campaignId)
    if (!c || c.state !== 'running') return
    const open = this.settleQueued(c.id)
    const pending = repo.countPending(this.deps.db, c.id)
    if (open === 0 && pending === 0) this.transition(c, { state: 'completed', waitingUntil: null, finishedAt: this.deps.clock.now() })
  }

  /** The slow loop: scheduled campaigns start, queued recipients settle, paused ones resume when they can, running ones run. */
  private tick(): void {
    try {
      const now = this.deps.clock.now()
      for (const c of repo.activeCampaigns(this.deps.db)) {
        if (c.state === 'scheduled' && (c.schedule.startAt ?? 0) <= now) this.transition(c, { state: 'running' })
        else if (c.state === 'running') {
          this.settleQueued(c.id)
          if (!this.runner.running(c.id)) {
            this.runner.sync(c.id)
            if (!this.runner.running(c.id)) this.completeIfDone(c.id)
          }
        }
      }
      this.tryAutoResume()
    } catch (err) {
      this.deps.logger.error({ err }, 'campaign tick failed')
    }
    this.cancelTick = this.deps.clock.setTimer(() => this.tick(), TICK_MS)
  }

  // ------------------------------------------------------------ validation

  private ownedInstances(accountId: string, ids: string[]): string[] {
    const unique = [...new Set(ids.map((id) => id.trim().toUpperCase()).filter(Boolean))]
    if (!unique.length) throw campaignErrors.invalidCampaign('instanceIds', 'name at least one instance that sends')
    for (const id of unique) if (this.deps.ports.instances.accountOf(id) !== accountId) throw campaignErrors.invalidCampaign('instanceIds', `no instance ${id} in this account`)
    return unique
  }

  private validate(c: Campaign, l: ContactList): void {
    if (!c.name) throw campaignErrors.invalidCampaign('name', 'the campaign needs a name')
    validateTemplate(c.template.text, l.variables)
    if (c.footer !== null && c.footer.length > 200) throw campaignErrors.invalidCampaign('footer', 'at most 200 characters')
    validateSchedule(c.schedule)
    const p = c.pacing
    if (!(p.minDelayMs >= 0 && p.maxDelayMs >= p.minDelayMs)) throw campaignErrors.invalidCampaign('pacing', 'expected 0 <= minDelayMs <= maxDelayMs')
    if (p.dailyCapPerNumber !== null && !(p.dailyCapPerNumber >= 1)) throw campaignErrors.invalidCampaign('pacing.dailyCapPerNumber', 'expected at least 1, or null')
    const a = c.autopilot
    if (!(a.window >= 1 && a.maxFailureRate >= 0 && a.maxFailureRate <= 1 && a.maxOptOutRate >= 0 && a.maxOptOutRate <= 1 && a.minSample >= 0)) {
      throw campaignErrors.invalidCampaign('autopilot', 'expected window >= 1, rates between 0 and 1, minSample >= 0')
    }
  }
}

/** Sticky recipient -> instance: a hash of the phone picks the instance, so a recipient always hears from the same number. */
export function assigner(instanceIds: readonly string[]): (phone: string) => string {
  return (phone) => {
    let h = 0
    for (let i = 0; i < phone.length; i++) h = (Math.imul(h, 31) + phone.charCodeAt(i)) >>> 0
    return instanceIds[h % instanceIds.length]!
  }
}

