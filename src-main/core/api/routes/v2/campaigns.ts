// /v2/campaigns (Switchboard extension): drafts, the audience check, the estimate, start (with consent), pause,
// resume, cancel, duplicate, stats, the recipient table and its CSV export. Wire <-> CampaignService only; the
// token's account owns every campaign it names (another account's is 404 campaign_not_found).
import { Readable } from 'node:stream'
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import type { CampaignDraft, RecipientState } from '../../../campaigns/campaign-types.js'
import { RECIPIENT_STATES } from '../../../campaigns/campaign-types.js'
import { coreErrors } from '../../../domain/core-errors.js'
import type { ApiDeps } from '../../api-deps.js'
import { integerParam } from '../../params/read-params.js'
import { authAccount } from '../../plugins/auth.js'
import { stringParam } from '../../request-params.js'
import { Campaign, CampaignDraftBody, CampaignPatchBody, Page, Recipient, Stats } from '../../schemas/campaigns.js'
import { accountQuery, CREDENTIALS_NOTE } from '../../schemas/common.js'
import { CAMPAIGN_TAGS, campaignErrorSchemas } from './campaign-lists.js'

const AudienceReport = Type.Object({
  campaignId: Type.String(), total: Type.Integer(), checked: Type.Integer(), onWhatsApp: Type.Integer(), notOnWhatsApp: Type.Integer(), optedOut: Type.Integer(), unchecked: Type.Integer(),
  checking: Type.Boolean({ description: 'A check of this campaign runs now (asking POST again follows it)' })
})
const idParams = Type.Object({ campaignId: Type.String() })
const idOf = (params: unknown) => (params as { campaignId: string }).campaignId

export async function campaignRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const { campaigns } = deps.services
  const config = { auth: 'account' as const }
  const schema = (summary: string, description: string, response: unknown, extra: Record<string, unknown> = {}) => ({
    tags: CAMPAIGN_TAGS, summary, description: `${description} ${CREDENTIALS_NOTE}`, querystring: accountQuery(), response: { 200: response, ...campaignErrorSchemas }, ...extra
  })

  app.post('/v2/campaigns', {
    config,
    schema: {
      ...schema('Create a campaign (draft)', 'A draft with its recipients taken from the list (each assigned to one of instanceIds, always the same one). The template is checked against the list: an unknown variable is 422 unknown_variable. Start it with POST /v2/campaigns/{id}/start.', Campaign, { body: CampaignDraftBody }),
      response: { 201: Campaign, ...campaignErrorSchemas }
    }
  }, async (request, reply) => {
    const c = campaigns.createDraft(authAccount(request).account.id, request.body as CampaignDraft)
    reply.code(201)
    return c
  })

  app.get('/v2/campaigns', { config, schema: schema('List campaigns', 'Newest first, with their stats.', Type.Object({ campaigns: Type.Array(Type.Object({ campaign: Campaign, stats: Stats })) })) }, async (request) => {
    const accountId = authAccount(request).account.id
    return { campaigns: campaigns.campaigns(accountId).map((c) => ({ campaign: c, stats: campaigns.stats(accountId, c.id) })) }
  })

  app.get('/v2/campaigns/:campaignId', { config, schema: schema('Read a campaign', 'The campaign (state, pause reason in words, waitingUntil) and its stats.', Type.Object({ campaign: Campaign, stats: Stats }), { params: idParams }) }, async (request) => {
    const accountId = authAccount(request).account.id
    return { campaign: campaigns.campaign(accountId, idOf(request.params)), stats: campaigns.stats(accountId, idOf(request.params)) }
  })

  app.patch('/v2/campaigns/:campaignId', {
    config,
    schema: schema('Change a campaign', 'Drafts: anything. Paused campaigns: template, footer, schedule, pacing, autopilot (not the list or instances). Else 409 invalid_state.', Campaign, { params: idParams, body: CampaignPatchBody })
  }, async (request) => campaigns.updateDraft(authAccount(request).account.id, idOf(request.params), request.body as Partial<CampaignDraft>))

  app.delete('/v2/campaigns/:campaignId', {
    config, schema: schema('Delete a campaign', 'Drafts, completed and cancelled campaigns (409 invalid_state otherwise: cancel first).', Type.Object({ success: Type.Literal(true) }), { params: idParams })
  }, async (request) => {
    campaigns.deleteCampaign(authAccount(request).account.id, idOf(request.params))
    return { success: true as const }
  })

  app.post('/v2/campaigns/:campaignId/audience-check', {
    config,
    schema: schema('Check the audience on WhatsApp', 'Checks each number not checked yet through check-exists of its instance (counted in the policy\'s check_req_per_minute / check_daily_cap); numbers not on WhatsApp are skipped and never messaged. Answers when done, or when the check cap stopped it (unchecked ones are checked before they are sent).',
      AudienceReport, { params: idParams })
  }, async (request) => campaigns.checkAudience(authAccount(request).account.id, idOf(request.params)))

  app.get('/v2/campaigns/:campaignId/audience-check', {
    config,
    schema: schema('Audience check progress', 'The counts so far (each answer is stored as it comes, so they survive a restart) and whether a check runs now (checking). Starts nothing; POST starts or follows the check.', AudienceReport, { params: idParams })
  }, async (request) => campaigns.audience(authAccount(request).account.id, idOf(request.params)))

  app.get('/v2/campaigns/:campaignId/estimate', {
    config,
    schema: schema('Estimate the duration', 'From the pacing, each instance\'s policy, the daily caps and the window: {remaining, durationMs, endsAt, text: "≈ 3 h 20 min, ends Tue 14:10", limitedBy, timeZone}. text is English; durationMs, endsAt (ms) and timeZone (the schedule\'s, where text names the end) let a client word it in its own language.',
      Type.Object({ remaining: Type.Integer(), durationMs: Type.Number(), endsAt: Type.Number(), text: Type.String(), limitedBy: Type.String(), timeZone: Type.String() }), { params: idParams })
  }, async (request) => campaigns.estimate(authAccount(request).account.id, idOf(request.params)))

  app.post('/v2/campaigns/:campaignId/start', {
    config,
    schema: schema('Start a campaign', 'Needs {"consent": {"confirmed": true, "text"?: "..."}}: these people agreed to hear from you (422 consent_required otherwise). draft -> running, or scheduled when schedule.startAt is ahead.', Campaign, {
      params: idParams,
      body: Type.Object({ consent: Type.Optional(Type.Object({ confirmed: Type.Boolean(), text: Type.Optional(Type.String({ maxLength: 500 })) }, { additionalProperties: true })) }, { additionalProperties: true })
    })
  }, async (request) => {
    const consent = (request.body as { consent?: { confirmed: boolean; text?: string } } | undefined)?.consent ?? { confirmed: false }
    return campaigns.start(authAccount(request).account.id, idOf(request.params), consent)
  })

  for (const action of ['pause', 'resume', 'cancel'] as const) {
    const docs = {
      pause: 'running or scheduled -> paused (reason "manual"). Sends already in the send queue still go.',
      resume: 'paused -> running (or scheduled). The autopilot also resumes by itself when the cause clears (network limit lifted, instance WORKING again, a new day).',
      cancel: 'Ends it: pending recipients are skipped (cancelled).'
    }
    app.post(`/v2/campaigns/:campaignId/${action}`, { config, schema: schema(`${action[0]!.toUpperCase()}${action.slice(1)} a campaign`, docs[action], Campaign, { params: idParams }) }, async (request) => campaigns[action](authAccount(request).account.id, idOf(request.params)))
  }

  app.post('/v2/campaigns/:campaignId/duplicate', {
    config, schema: { ...schema('Duplicate a campaign', 'A new draft with the same list, instances, template, schedule (without startAt), pacing and autopilot; optional name.', Campaign, { params: idParams }), response: { 201: Campaign, ...campaignErrorSchemas } }
  }, async (request, reply) => {
    reply.code(201)
    return campaigns.duplicate(authAccount(request).account.id, idOf(request.params), stringParam(request.input, 'name'))
  })

  app.get('/v2/campaigns/:campaignId/stats', { config, schema: schema('Campaign stats', 'Counts per recipient state, skip and failure reasons, funnel rates, sends per hour, progress.', Stats, { params: idParams }) }, async (request) => campaigns.stats(authAccount(request).account.id, idOf(request.params)))

  app.get('/v2/campaigns/:campaignId/recipients', {
    config,
    schema: {
      ...schema('Campaign recipients', `A page of recipients: state (comma-separated: ${RECIPIENT_STATES.join(', ')}), search (digits of the phone), offset, limit (<= 500).`, Page(Recipient), { params: idParams }),
      querystring: accountQuery({ state: Type.Optional(Type.String()), search: Type.Optional(Type.String()), offset: Type.Optional(Type.Integer({ minimum: 0 })), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })) })
    }
  }, async (request) => {
    const raw = stringParam(request.input, 'state')
    const states = raw ? raw.split(',').map((s) => s.trim()).filter(Boolean) : undefined
    const bad = states?.find((s) => !RECIPIENT_STATES.includes(s as RecipientState))
    if (bad) throw coreErrors.invalidParam('state', `"${bad}" is not a recipient state (${RECIPIENT_STATES.join(', ')})`)
    const search = stringParam(request.input, 'search')
    return campaigns.recipients(authAccount(request).account.id, idOf(request.params), {
      ...(states ? { states: states as RecipientState[] } : {}), ...(search ? { search } : {}),
      offset: integerParam(request.input, 'offset', 0, { min: 0, max: 10_000_000 }), limit: integerParam(request.input, 'limit', 50, { min: 1, max: 500 })
    })
  })

  app.get('/v2/campaigns/:campaignId/export', {
    config, schema: schema('Export recipients (CSV)', 'text/csv: phone, state, reason, instance_id, message_id, on_whatsapp, sent_at, then the variables.', Type.String(), { params: idParams })
  }, async (request, reply) => {
    const accountId = authAccount(request).account.id
    const id = idOf(request.params)
    campaigns.campaign(accountId, id)
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="campaign-${id}.csv"`).send(Readable.from(campaigns.exportRecipients(accountId, id)))
  })
}
