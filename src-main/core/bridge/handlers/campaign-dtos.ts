// The campaign service's domain types -> the Campaigns view's DTOs (src-preload/contract/campaigns-dto.ts), and
// the view's inputs -> the service's (seconds <-> ms, the footer beside the template). Pure mapping.
import type { CampaignDto, CampaignSummaryDto, ContactListDto, OptOutDto, PacingDto, RecipientDto, ScheduleDto, TemplateDto } from '../../../../src-preload/contract/campaigns-dto.js'
import type { Campaign, CampaignEstimate, CampaignRecipient, CampaignStats, ContactList, ListImportReport, OptOut, Pacing, Schedule, Template } from '../../campaigns/campaign-types.js'

/** Rejected rows shown in the view (the count says how many more). */
export const REJECTED_SHOWN = 100

export function contactListDto(report: ListImportReport): ContactListDto {
  const { list } = report
  return {
    id: list.id,
    name: list.name,
    contacts: list.contactCount,
    duplicatesMerged: list.mergedCount,
    rejected: report.rejected.slice(0, REJECTED_SHOWN).map((r) => ({ line: r.line, reason: r.message, value: r.value || null })),
    rejectedCount: list.rejectedCount,
    variables: [...list.variables],
    createdAt: list.createdAt
  }
}

export const templateDto = (c: Campaign): TemplateDto => ({ text: c.template.text, footer: c.footer, mediaUrl: c.template.media?.url ?? null })

export const templateInput = (t: TemplateDto): { template: Template; footer: string | null } => ({
  template: { text: t.text, media: t.mediaUrl ? { url: t.mediaUrl } : null },
  footer: t.footer?.trim() ? t.footer : null
})

export const scheduleDto = (s: Schedule): ScheduleDto => ({ startAt: s.startAt, timeZone: s.timeZone, window: s.window ? { days: [...s.window.days], from: s.window.from, to: s.window.to } : null })
export const scheduleInput = (s: ScheduleDto): Schedule => ({ startAt: s.startAt, timeZone: s.timeZone, window: s.window ? { days: [...s.window.days], from: s.window.from, to: s.window.to } : null })

export const pacingDto = (p: Pacing): PacingDto => ({
  minDelaySeconds: Math.round(p.minDelayMs / 1000),
  maxDelaySeconds: Math.round(p.maxDelayMs / 1000),
  dailyCapPerNumber: p.dailyCapPerNumber,
  warmUp: p.warmup
})
export const pacingInput = (p: PacingDto): Pacing => ({ minDelayMs: p.minDelaySeconds * 1000, maxDelayMs: p.maxDelaySeconds * 1000, dailyCapPerNumber: p.dailyCapPerNumber, warmup: p.warmUp })

export function campaignSummaryDto(c: Campaign, stats: CampaignStats): CampaignSummaryDto {
  return {
    id: c.id,
    name: c.name,
    status: c.state,
    pause: c.state === 'paused' && c.pauseReason ? { code: c.pauseReason.code, text: c.pauseReason.message, since: c.pauseReason.since, autoResume: c.pauseReason.autoResume } : null,
    total: stats.total,
    counts: { ...stats.counts },
    instanceIds: [...c.instanceIds],
    createdAt: c.createdAt,
    startedAt: c.startedAt,
    finishedAt: c.finishedAt,
    nextWindowAt: c.waitingUntil
  }
}

export function campaignDto(c: Campaign, stats: CampaignStats, list: ContactList | null, estimate: CampaignEstimate | null): CampaignDto {
  return {
    ...campaignSummaryDto(c, stats),
    listId: c.listId,
    listName: list?.name ?? c.listId,
    listVariables: list ? [...list.variables] : [],
    template: templateDto(c),
    schedule: scheduleDto(c.schedule),
    pacing: pacingDto(c.pacing),
    sendsPerHour: stats.sendsPerHour.map((b) => ({ hour: b.hour, sent: b.count })),
    estimate: estimate ? { recipients: estimate.remaining, durationMs: estimate.durationMs, endsAt: estimate.endsAt, text: estimate.text, limitedBy: estimate.limitedBy } : null
  }
}

export const recipientDto = (r: CampaignRecipient): RecipientDto => ({ phone: r.phone, state: r.state, reason: r.reason, instanceId: r.instanceId || null, updatedAt: r.updatedAt })

export const optOutDto = (o: OptOut): OptOutDto => ({ phone: o.phone, source: o.source, at: o.createdAt })
