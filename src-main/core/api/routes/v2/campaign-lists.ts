// /v2/campaigns/lists and /v2/campaigns/preview (Switchboard extension): contact lists from a CSV upload
// (multipart `file`, streamed from its temp file) or JSON rows / CSV text, read, export (CSV) and delete; the
// template preview for real rows. Wire <-> CampaignService only.
import { Readable } from 'node:stream'
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import type { ColumnMapping, ListSource } from '../../../campaigns/campaign-types.js'
import { coreErrors } from '../../../domain/core-errors.js'
import { streamUpload } from '../../../messaging/send/uploads.js'
import type { ApiDeps } from '../../api-deps.js'
import { integerParam } from '../../params/read-params.js'
import { authAccount } from '../../plugins/auth.js'
import { isPlainObject, stringParam, type Params } from '../../request-params.js'
import { ContactList, ListImportAnswer, Page, Template } from '../../schemas/campaigns.js'
import { accountQuery, CREDENTIALS_NOTE, ErrorBody, Nullable, standardErrors } from '../../schemas/common.js'

export const CAMPAIGN_TAGS = ['Switchboard extensions']
export const campaignErrorSchemas = { ...standardErrors, 409: ErrorBody, 413: ErrorBody }
/** CSV uploads up to 64 MiB (about a million rows). */
const LIST_BODY_LIMIT = 64 * 1024 * 1024
const REPORT_LIMIT = 1000

const listParams = Type.Object({ listId: Type.String() })

/** A JSON value that may come as JSON text (multipart fields are strings). */
function jsonish(input: Params, name: string): unknown {
  const v = input[name]
  if (typeof v !== 'string') return v
  try {
    return JSON.parse(v)
  } catch {
    throw coreErrors.invalidParam(name, 'expected JSON')
  }
}

function mappingOf(input: Params): ColumnMapping | undefined {
  const m = jsonish(input, 'mapping')
  if (m === undefined || m === null) return undefined
  if (!isPlainObject(m) || typeof m.phone !== 'string') throw coreErrors.invalidParam('mapping', 'expected {"phone": "<column>", "variables": [...] or {"Column": "variable"}}')
  const vars = m.variables
  if (vars !== undefined && !Array.isArray(vars) && !isPlainObject(vars)) throw coreErrors.invalidParam('mapping.variables', 'expected an array of columns or an object column -> variable')
  return { phone: m.phone, ...(vars !== undefined ? { variables: vars as ColumnMapping['variables'] } : {}) }
}

/** The list's source: the multipart `file`, JSON `rows`, or CSV text `csv`. */
export function listSourceOf(input: Params): ListSource {
  const file = input.file
  if (isPlainObject(file)) {
    const stream = typeof file.upload === 'string' ? streamUpload(file.upload) : undefined
    if (!stream) throw coreErrors.invalidParam('file', 'the file part is empty')
    return { kind: 'csv-stream', stream }
  }
  const rows = jsonish(input, 'rows')
  if (rows !== undefined) {
    if (!Array.isArray(rows) || !rows.every(isPlainObject)) throw coreErrors.invalidParam('rows', 'expected an array of objects (one per contact, column -> value)')
    return { kind: 'rows', rows: rows as Array<Record<string, string | number | null>> }
  }
  const csv = stringParam(input, 'csv')
  if (csv !== undefined) return { kind: 'csv', text: csv }
  throw coreErrors.missingParam(['file', 'rows', 'csv'])
}


export async function campaignListRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const { campaigns } = deps.services
  const config = { auth: 'account' as const }

  app.post('/v2/campaigns/lists', {
    config,
    bodyLimit: LIST_BODY_LIMIT,
    schema: {
      tags: CAMPAIGN_TAGS,
      summary: 'Create a contact list',
      description: `From a CSV upload (multipart/form-data \`file\`; UTF-8, comma/semicolon/tab separated, a header row; streamed, so 100k rows are fine), JSON \`rows\` (array of objects) or CSV text \`csv\`. \`name\` is required; \`mapping\` {"phone": "<column>", "variables": ["Name", ...] or {"First name": "name"}} says which column is the phone (default: a column named phone, number, mobile, whatsapp, telefono...) and which become template variables (default: every other column, lowercased with spaces as _). \`defaultCountry\` (ISO code, e.g. MX) completes numbers written without their country code (libphonenumber). Duplicates are merged (later non-empty values win). Every rejected row is reported with its line and reason. 422 invalid_csv (not UTF-8, unreadable) or missing_phone_column. ${CREDENTIALS_NOTE}`,
      querystring: accountQuery({ name: Type.Optional(Type.String()), defaultCountry: Type.Optional(Type.String()) }),
      response: { 201: ListImportAnswer, ...campaignErrorSchemas }
    }
  }, async (request, reply) => {
    const { account } = authAccount(request)
    const name = stringParam(request.input, 'name')
    if (!name) throw coreErrors.missingParam(['name'])
    const country = stringParam(request.input, 'defaultCountry') ?? stringParam(request.input, 'default_country')
    const mapping = mappingOf(request.input)
    const report = await campaigns.importList(account.id, { name, source: listSourceOf(request.input), ...(mapping ? { mapping } : {}), ...(country ? { defaultCountry: country } : {}) })
    reply.code(201)
    return { list: report.list, rejected: report.rejected.slice(0, REPORT_LIMIT), rejectedCount: report.rejected.length, merged: report.merged.slice(0, REPORT_LIMIT), mergedCount: report.merged.length }
  })

  app.get('/v2/campaigns/lists', {
    config,
    schema: { tags: CAMPAIGN_TAGS, summary: 'List contact lists', description: `Newest first. ${CREDENTIALS_NOTE}`, querystring: accountQuery(), response: { 200: Type.Object({ lists: Type.Array(ContactList) }), ...campaignErrorSchemas } }
  }, async (request) => ({ lists: campaigns.lists(authAccount(request).account.id) }))

  app.get('/v2/campaigns/lists/:listId', {
    config,
    schema: {
      tags: CAMPAIGN_TAGS, summary: 'Read a contact list', description: `The list and a page of its contacts (offset, limit up to 1000). ${CREDENTIALS_NOTE}`,
      params: listParams, querystring: accountQuery({ offset: Type.Optional(Type.Integer({ minimum: 0 })), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })) }),
      response: { 200: Type.Object({ list: ContactList, contacts: Page(Type.Object({ phone: Type.String(), vars: Type.Record(Type.String(), Type.String()), line: Type.Integer() })) }), ...campaignErrorSchemas }
    }
  }, async (request) => {
    const { account } = authAccount(request)
    const { listId } = request.params as { listId: string }
    const page = { offset: integerParam(request.input, 'offset', 0, { min: 0, max: 10_000_000 }), limit: integerParam(request.input, 'limit', 100, { min: 1, max: 1000 }) }
    return { list: campaigns.list(account.id, listId), contacts: campaigns.listContacts(account.id, listId, page) }
  })

  app.get('/v2/campaigns/lists/:listId/export', {
    config,
    schema: { tags: CAMPAIGN_TAGS, summary: 'Export a contact list (CSV)', description: `text/csv: phone (+E.164), then the variables. ${CREDENTIALS_NOTE}`, params: listParams, querystring: accountQuery(), response: { 200: Type.String(), ...campaignErrorSchemas } }
  }, async (request, reply) => {
    const { account } = authAccount(request)
    const { listId } = request.params as { listId: string }
    campaigns.list(account.id, listId)
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="list-${listId}.csv"`).send(Readable.from(campaigns.exportList(account.id, listId)))
  })

  app.delete('/v2/campaigns/lists/:listId', {
    config,
    schema: { tags: CAMPAIGN_TAGS, summary: 'Delete a contact list', description: `Campaigns keep their own copy of the recipients. ${CREDENTIALS_NOTE}`, params: listParams, querystring: accountQuery(), response: { 200: Type.Object({ success: Type.Literal(true) }), ...campaignErrorSchemas } }
  }, async (request) => {
    campaigns.deleteList(authAccount(request).account.id, (request.params as { listId: string }).listId)
    return { success: true as const }
  })

  app.post('/v2/campaigns/preview', {
    config,
    schema: {
      tags: CAMPAIGN_TAGS, summary: 'Preview a template',
      description: `Renders the template for contacts of the list: those \`phones\`, or the first \`limit\` (default 3, at most 50). An unknown variable is 422 unknown_variable naming it. ${CREDENTIALS_NOTE}`,
      querystring: accountQuery(),
      body: Type.Object({ listId: Type.String(), template: Template, footer: Type.Optional(Nullable(Type.String())), phones: Type.Optional(Type.Array(Type.String())), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })) }, { additionalProperties: true }),
      response: { 200: Type.Object({ previews: Type.Array(Type.Object({ phone: Type.String(), text: Type.String(), media: Type.Unknown() })) }), ...campaignErrorSchemas }
    }
  }, async (request) => {
    const body = request.body as { listId: string; template: { text: string }; footer?: string | null; phones?: string[]; limit?: number }
    return { previews: campaigns.preview(authAccount(request).account.id, body) }
  })
}
