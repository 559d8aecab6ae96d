// Campaign errors: one code table; api/error-status.ts maps the codes to HTTP.
import { domainError, type CodedError } from '../domain/errors.js'

export type CampaignErrorCode =
  | 'campaign_not_found'
  | 'list_not_found'
  | 'invalid_csv'
  | 'missing_phone_column'
  | 'unknown_variable'
  | 'invalid_template'
  | 'invalid_campaign'
  | 'invalid_state'
  | 'consent_required'
  | 'empty_list'

export type CampaignError = CodedError<CampaignErrorCode>

const make = domainError<CampaignErrorCode>

export const campaignErrors = {
  campaignNotFound: (id: string) => make('campaign_not_found', `No campaign ${id} in this account`, 'List the campaigns with GET /v2/campaigns'),
  listNotFound: (id: string) => make('list_not_found', `No contact list ${id} in this account`, 'List the contact lists with GET /v2/campaigns/lists'),
  invalidCsv: (message: string, line?: number) => make('invalid_csv', message, 'Upload a UTF-8 CSV (comma, semicolon or tab separated) with a header row', line === undefined ? undefined : { line }),
  missingPhoneColumn: (columns: string[], asked?: string) =>
    make('missing_phone_column', asked ? `The CSV has no column "${asked}" (columns: ${columns.join(', ') || 'none'})` : `No phone column found among: ${columns.join(', ') || 'none'}`, 'Name the phone column with mapping.phone (e.g. "phone")', { columns }),
  unknownVariable: (name: string, known: string[]) =>
    make('unknown_variable', `The template uses {{${name}}}, which the list does not have`, `Use one of: ${[...known, 'phone'].join(', ')}, or give a default: {{${name}|...}}`, { variable: name, known }),
  invalidTemplate: (message: string) => make('invalid_template', message),
  invalidCampaign: (field: string, message: string) => make('invalid_campaign', `${field}: ${message}`, undefined, { field }),
  invalidState: (id: string, state: string, action: string) => make('invalid_state', `Campaign ${id} is ${state}: cannot ${action}`, undefined, { state }),
  consentRequired: () => make('consent_required', 'Confirm that these people agreed to hear from you (consent.confirmed = true) to start', 'Send {"consent": {"confirmed": true}}'),
  emptyList: (id: string) => make('empty_list', `The list ${id} has no contacts`)
}
