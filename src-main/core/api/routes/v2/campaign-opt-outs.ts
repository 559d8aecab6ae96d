// /v2/campaigns/opt-outs (Switchboard extension): the account's suppression list (list, add, remove, import a
// CSV or a list of numbers) and its settings (extra keywords, built-in keywords on/off, the confirmation text).
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import type { OptOutSettings as Settings } from '../../../campaigns/campaign-types.js'
import { coreErrors } from '../../../domain/core-errors.js'
import type { ApiDeps } from '../../api-deps.js'
import { integerParam } from '../../params/read-params.js'
import { authAccount } from '../../plugins/auth.js'
import { stringParam } from '../../request-params.js'
import { OptOut, OptOutSettings, Page } from '../../schemas/campaigns.js'
import { accountQuery, CREDENTIALS_NOTE } from '../../schemas/common.js'
import { CAMPAIGN_TAGS, campaignErrorSchemas, listSourceOf } from './campaign-lists.js'

export async function campaignOptOutRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const { campaigns } = deps.services
  const config = { auth: 'account' as const }
  const doc = (summary: string, description: string) => ({ tags: CAMPAIGN_TAGS, summary, description: `${description} ${CREDENTIALS_NOTE}` })

  app.get('/v2/campaigns/opt-outs', {
    config,
    schema: { ...doc('List opt-outs', 'The account\'s suppression list, newest first: numbers that never receive a campaign message. search (digits), offset, limit (<= 1000).'), querystring: accountQuery({ search: Type.Optional(Type.String()), offset: Type.Optional(Type.Integer({ minimum: 0 })), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })) }), response: { 200: Page(OptOut), ...campaignErrorSchemas } }
  }, async (request) => {
    const search = stringParam(request.input, 'search')
    return campaigns.optOuts(authAccount(request).account.id, { ...(search ? { search } : {}), offset: integerParam(request.input, 'offset', 0, { min: 0, max: 10_000_000 }), limit: integerParam(request.input, 'limit', 100, { min: 1, max: 1000 }) })
  })

  app.post('/v2/campaigns/opt-outs', {
    config,
    schema: { ...doc('Add opt-outs', '{"phones": ["+5215512345678", ...]} (with country code).'), querystring: accountQuery(), body: Type.Object({ phones: Type.Array(Type.String(), { minItems: 1, maxItems: 10_000 }) }, { additionalProperties: true }), response: { 200: Type.Object({ added: Type.Integer(), rejected: Type.Array(Type.Object({ value: Type.String(), message: Type.String() })) }), ...campaignErrorSchemas } }
  }, async (request) => campaigns.addOptOuts(authAccount(request).account.id, (request.body as { phones: string[] }).phones, 'api'))

  app.post('/v2/campaigns/opt-outs/import', {
    config,
    bodyLimit: 64 * 1024 * 1024,
    schema: { ...doc('Import opt-outs', 'A CSV (multipart `file` or `csv` text; the phone column found as for lists), or one number per line; defaultCountry for numbers without their country code.'), querystring: accountQuery({ defaultCountry: Type.Optional(Type.String()) }), response: { 200: Type.Object({ added: Type.Integer(), rejected: Type.Integer() }), ...campaignErrorSchemas } }
  }, async (request) => campaigns.importOptOuts(authAccount(request).account.id, listSourceOf(request.input), stringParam(request.input, 'defaultCountry')))

  app.get('/v2/campaigns/opt-outs/settings', {
    config, schema: { ...doc('Opt-out settings', 'Keywords and the confirmation.'), querystring: accountQuery(), response: { 200: OptOutSettings, ...campaignErrorSchemas } }
  }, async (request) => campaigns.optOutSettings(authAccount(request).account.id))

  app.patch('/v2/campaigns/opt-outs/settings', {
    config,
    schema: { ...doc('Change opt-out settings', '{keywords?, builtIn?, confirmation? (null = no confirmation)}.'), querystring: accountQuery(), body: Type.Partial(OptOutSettings), response: { 200: OptOutSettings, ...campaignErrorSchemas } }
  }, async (request) => campaigns.setOptOutSettings(authAccount(request).account.id, request.body as Partial<Settings>))

  app.delete('/v2/campaigns/opt-outs/:phone', {
    config, schema: { ...doc('Remove an opt-out', 'The number may receive campaign messages again. 404 not_found when it was not on the list.'), params: Type.Object({ phone: Type.String() }), querystring: accountQuery(), response: { 200: Type.Object({ success: Type.Literal(true) }), ...campaignErrorSchemas } }
  }, async (request) => {
    const { phone } = request.params as { phone: string }
    if (!campaigns.removeOptOut(authAccount(request).account.id, phone)) throw coreErrors.notFound(`The opt-out of ${phone}`)
    return { success: true as const }
  })
}
