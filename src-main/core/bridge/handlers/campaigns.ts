// campaigns.*: the Campaigns view's calls on the campaign service (services.campaigns), as the acting account:
// contact lists from CSV text, previews, the wizard's draft (audience check, estimate, start with consent),
// pause/resume/cancel/duplicate, recipients and their CSV export, and the opt-out list. Mapping in campaign-dtos.ts.
import type { AudienceDto, CampaignDto } from '../../../../src-preload/contract/campaigns-dto.js'
import type { Campaign } from '../../campaigns/campaign-types.js'
import { BridgeError } from '../errors.js'
import type { BridgeContext } from './context.js'
import { audienceDto, campaignDto, campaignSummaryDto, contactListDto, optOutDto, optOutSettingsDto, pacingInput, recipientDto, scheduleInput, templateInput } from './campaign-dtos.js'
import type { HandlersOf } from './types.js'

/** The opt-out list the view shows at once (newest first as the service orders them). */
const OPT_OUTS_SHOWN = 500
/** How long a campaigns.checkAudience call waits for the check before answering "still checking" (the bridge client gives up at 60 s). */
export const AUDIENCE_WAIT_MS = 15_000

async function collect(chunks: AsyncIterable<string>): Promise<string> {
  let text = ''
  for await (const chunk of chunks) text += chunk
  return text
}

export function campaignHandlers({ services, config, owned }: BridgeContext): HandlersOf<'campaigns'> {
  const { campaigns } = services
  const accountId = config.accountId
  const listOf = (listId: string) => {
    try {
      return campaigns.list(accountId, listId)
    } catch {
      // A deleted list: the campaign still shows (by the list's id).
      return null
    }
  }
  const full = (c: Campaign): CampaignDto => {
    const open = c.state === 'draft' || c.state === 'scheduled' || c.state === 'running' || c.state === 'paused'
    return campaignDto(c, campaigns.stats(accountId, c.id), listOf(c.listId), open ? campaigns.estimate(accountId, c.id) : null)
  }
  const byId = (campaignId: string) => full(campaigns.campaign(accountId, campaignId))
  const optOutList = () => campaigns.optOuts(accountId, { limit: OPT_OUTS_SHOWN }).items.map(optOutDto)
  // The service runs one check per campaign (asking again follows it) and keeps its progress in the store.
  const followCheck = async (campaignId: string): Promise<AudienceDto> => {
    const run = campaigns.checkAudience(accountId, campaignId)
    let timer: ReturnType<typeof setTimeout> | undefined
    const waited = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), AUDIENCE_WAIT_MS)))
    try {
      return audienceDto((await Promise.race([run, waited])) ?? campaigns.audience(accountId, campaignId))
    } finally {
      clearTimeout(timer)
    }
  }

  return {
    'campaigns.list': () =>
      campaigns
        .campaigns(accountId)
        .slice()
        .sort((a, b) => b.createdAt - a.createdAt)
        .map((c) => campaignSummaryDto(c, campaigns.stats(accountId, c.id))),
    'campaigns.get': ({ campaignId }) => byId(campaignId),
    'campaigns.createList': async ({ name, csv, phoneColumn, variableColumns, defaultCountry }) =>
      contactListDto(await campaigns.importList(accountId, { name, source: { kind: 'csv', text: csv }, mapping: { phone: phoneColumn, variables: variableColumns }, ...(defaultCountry ? { defaultCountry } : {}) })),
    'campaigns.preview': ({ listId, template, limit }) => {
      const t = templateInput(template)
      return campaigns.preview(accountId, { listId, template: t.template, footer: t.footer, limit: limit ?? 3 }).map((p) => ({ phone: p.phone, variables: {}, text: p.text }))
    },
    'campaigns.saveDraft': ({ campaignId, name, listId, instanceIds, template, schedule, pacing }) => {
      // Every sending instance must be the account's (invalid_session otherwise, as in the API).
      for (const id of instanceIds) owned(id)
      const t = templateInput(template, campaignId ? campaigns.campaign(accountId, campaignId).template.media : null)
      const draft = { name, listId, instanceIds, template: t.template, footer: t.footer, ...(schedule ? { schedule: scheduleInput(schedule) } : {}), ...(pacing ? { pacing: pacingInput(pacing) } : {}) }
      return full(campaignId ? campaigns.updateDraft(accountId, campaignId, draft) : campaigns.createDraft(accountId, draft))
    },
    // Answers within AUDIENCE_WAIT_MS: the counts, or "still checking" (ask again to follow the same run).
    'campaigns.checkAudience': ({ campaignId }) => followCheck(campaigns.campaign(accountId, campaignId).id),
    'campaigns.audience': ({ campaignId }) => audienceDto(campaigns.audience(accountId, campaignId)),
    'campaigns.estimate': ({ campaignId, schedule, pacing }) => {
      campaigns.updateDraft(accountId, campaignId, { schedule: scheduleInput(schedule), pacing: pacingInput(pacing) })
      const e = campaigns.estimate(accountId, campaignId)
      return { recipients: e.remaining, durationMs: e.durationMs, endsAt: e.endsAt, text: e.text, limitedBy: e.limitedBy, timeZone: e.timeZone }
    },
    'campaigns.start': ({ campaignId, name, consent }) => {
      if (campaigns.campaign(accountId, campaignId).name !== name) campaigns.updateDraft(accountId, campaignId, { name })
      return full(campaigns.start(accountId, campaignId, { confirmed: consent, text: 'These people agreed to hear from us on WhatsApp (confirmed in the Switchboard app)' }))
    },
    'campaigns.duplicate': ({ campaignId }) => full(campaigns.duplicate(accountId, campaignId)),
    'campaigns.delete': ({ campaignId }) => {
      campaigns.deleteCampaign(accountId, campaignId)
      return { deleted: true }
    },
    'campaigns.pause': ({ campaignId }) => full(campaigns.pause(accountId, campaignId)),
    'campaigns.resume': ({ campaignId }) => full(campaigns.resume(accountId, campaignId)),
    'campaigns.cancel': ({ campaignId }) => full(campaigns.cancel(accountId, campaignId)),
    'campaigns.recipients': ({ campaignId, state, search, limit, offset }) => {
      const page = campaigns.recipients(accountId, campaignId, { ...(state ? { states: [state] } : {}), ...(search ? { search: search.replace(/\D/g, '') } : {}), limit: limit ?? 50, offset: offset ?? 0 })
      return { campaignId, recipients: page.items.map(recipientDto), total: page.total, hasMore: page.offset + page.items.length < page.total }
    },
    'campaigns.exportRecipients': async ({ campaignId }) => {
      const c = campaigns.campaign(accountId, campaignId)
      const csv = await collect(campaigns.exportRecipients(accountId, campaignId))
      const slug = c.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || c.id
      return { filename: `${slug}-recipients.csv`, csv }
    },
    'campaigns.optOuts': () => optOutList(),
    'campaigns.addOptOut': ({ phone }) => {
      const r = campaigns.addOptOuts(accountId, [phone], 'manual')
      if (!r.added && r.rejected[0]) throw new BridgeError('invalid_phone', r.rejected[0].message, { recommendation: 'Write the number with its country code, e.g. +34 600 000 001' })
      return optOutList()
    },
    'campaigns.removeOptOut': ({ phone }) => {
      campaigns.removeOptOut(accountId, phone.replace(/\D/g, ''))
      return optOutList()
    },
    'campaigns.importOptOuts': async ({ text, defaultCountry }) => {
      const r = await campaigns.importOptOuts(accountId, { kind: 'csv', text }, defaultCountry)
      return { added: r.added, rejected: r.rejected, optOuts: optOutList() }
    },
    'campaigns.optOutSettings': () => optOutSettingsDto(campaigns.optOutSettings(accountId)),
    'campaigns.setOptOutSettings': ({ keywords, builtIn, confirmation }) => optOutSettingsDto(campaigns.setOptOutSettings(accountId, { keywords, builtIn, confirmation }))
  }
}
