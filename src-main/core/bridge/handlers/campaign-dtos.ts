// The campaign service's domain types -> the Campaigns view's DTOs (src-preload/contract/campaigns-dto.ts), and
// the view's inputs -> the service's (seconds <-> ms, the footer beside the template). Pure mapping.
import type { AudienceDto, CampaignDto, CampaignSummaryDto, ContactListDto, OptOutDto, OptOutSettingsDto, PacingDto, RecipientDto, ScheduleDto, TemplateDto } from '../../../../src-preload/contract/campaigns-dto.js'
import type { AudienceReport, Campaign, CampaignEstimate, CampaignRecipient, CampaignStats, ContactList, ListImportReport, OptOut, OptOutSettings, Pacing, Schedule, Template, TemplateMedia } from '../../campaigns/campaign-types.js'
import { BUILT_IN_OPT_OUT_KEYWORDS } from '../../campaigns/opt-out-keywords.js'

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

export function templateDto(c: Campaign): TemplateDto {
  const m = c.template.media
  const file = m && !m.url && m.data ? { filename: m.filename ?? 'file', mimetype: m.mimetype ?? 'application/octet-stream', bytes: Buffer.byteLength(m.data, 'base64') } : null
  return { text: c.template.text, footer: c.footer, mediaUrl: m?.url ?? null, mediaFile: file }
}

/**
 * The view's template -> the service's: a URL, or an uploaded file (base64); a file sent back without its bytes
 * keeps the campaign's stored one (`stored`), so the view never has to hold or resend the bytes.
 */
export function templateInput(t: TemplateDto, stored?: TemplateMedia | null): { template: Template; footer: string | null } {
  const file = t.mediaFile
  const media: TemplateMedia | null = t.mediaUrl
    ? { url: t.mediaUrl }
    : file?.data
      ? { data: file.data, mimetype: file.mimetype, filename: file.filename }
      : file && stored?.data
        ? stored
        : null
  return { template: { text: t.text, media }, footer: t.footer?.trim() ? t.footer : null }
}

export const optOutSettingsDto = (s: OptOutSettings): OptOutSettingsDto => ({
  keywords: [...s.keywords],
  builtIn: s.builtIn,
  builtInKeywords: Object.fromEntries(Object.entries(BUILT_IN_OPT_OUT_KEYWORDS).map(([lang, words]) => [lang, [...words]])),
  confirmation: s.confirmation
})

export const audienceDto = (a: AudienceReport): AudienceDto => ({
  campaignId: a.campaignId,
  total: a.total,
  checked: a.checked,
  onWhatsApp: a.onWhatsApp,
  notOnWhatsApp: a.notOnWhatsApp,
  optedOut: a.optedOut,
  unchecked: a.unchecked,
  checking: a.checking
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
    estimate: estimate ? { recipients: estimate.remaining, durationMs: estimate.durationMs, endsAt: estimate.endsAt, text: estimate.text, limitedBy: estimate.limitedBy, timeZone: estimate.timeZone } : null
  }
}

export const recipientDto = (r: CampaignRecipient): RecipientDto => ({ phone: r.phone, state: r.state, reason: r.reason, instanceId: r.instanceId || null, updatedAt: r.updatedAt })

export const optOutDto = (o: OptOut): OptOutDto => ({ phone: o.phone, source: o.source, at: o.createdAt })
