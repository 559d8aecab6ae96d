// campaign.status, campaign.progress (throttled: at most one per campaign every PROGRESS_EVERY_MS, the last one
// always delivered) and campaign.opt_out: to the service's subscribers (UI bridge) and, as webhook events and
// /v2/events, to every instance of the campaign (webhooks are configured per instance).
import type { Logger } from 'pino'
import type { Clock } from '../rate-limit/clock.js'
import type { Campaign, CampaignEvent, CampaignStats, OptOut } from './campaign-types.js'
import type { CampaignPublish } from './ports.js'

export const PROGRESS_EVERY_MS = 2_000

export class CampaignEvents {
  private readonly listeners = new Set<(e: CampaignEvent) => void>()
  private readonly lastProgress = new Map<string, number>()
  private readonly pending = new Map<string, () => void>()

  constructor(private readonly deps: { clock: Clock; publish: CampaignPublish; logger: Logger; stats: (campaignId: string) => { campaign: Campaign; stats: CampaignStats } | undefined }) {}

  subscribe(listener: (e: CampaignEvent) => void): () => void {
    this.listeners.add(listener)
    return () => void this.listeners.delete(listener)
  }

  status(campaign: Campaign): void {
    this.fire({ kind: 'status', campaign })
    for (const id of campaign.instanceIds) this.deps.publish(id, 'campaign.status', { campaign })
    // A final state carries the final counts too.
    if (campaign.state === 'completed' || campaign.state === 'cancelled' || campaign.state === 'paused') this.flushProgress(campaign.id)
  }

  optOut(accountId: string, instanceId: string, optOut: OptOut): void {
    this.fire({ kind: 'opt_out', accountId, optOut, instanceId })
    this.deps.publish(instanceId, 'campaign.opt_out', { optOut })
  }

  /** A recipient settled: at most one progress event per campaign per PROGRESS_EVERY_MS (trailing one kept). */
  progress(campaignId: string): void {
    if (this.pending.has(campaignId)) return
    const wait = (this.lastProgress.get(campaignId) ?? 0) + PROGRESS_EVERY_MS - this.deps.clock.now()
    if (wait <= 0) return this.flushProgress(campaignId)
    const cancel = this.deps.clock.setTimer(() => this.flushProgress(campaignId), wait)
    this.pending.set(campaignId, cancel)
  }

  flushProgress(campaignId: string): void {
    this.pending.get(campaignId)?.()
    this.pending.delete(campaignId)
    this.lastProgress.set(campaignId, this.deps.clock.now())
    const s = this.deps.stats(campaignId)
    if (!s) return
    this.fire({ kind: 'progress', accountId: s.campaign.accountId, campaignId, stats: s.stats })
    for (const id of s.campaign.instanceIds) this.deps.publish(id, 'campaign.progress', { campaignId, stats: s.stats })
  }

  close(): void {
    for (const cancel of this.pending.values()) cancel()
    this.pending.clear()
  }

  private fire(e: CampaignEvent): void {
    for (const l of this.listeners) {
      try {
        l(e)
      } catch (err) {
        this.deps.logger.error({ err }, 'campaign event listener failed')
      }
    }
  }
}
