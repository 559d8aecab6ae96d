// The campaigns service as its front doors see it (CoreServices.campaigns): the /v2/campaigns routes and the UI
// bridge's Campaigns view call only this. Every call names the acting API account; a list, campaign or instance
// of another account is campaign_not_found / list_not_found / instance ownership 404, like the rest of /v2.
// Errors are CampaignError (code -> HTTP in one place: campaign_not_found 404, invalid_* / unknown_variable 422,
// invalid_state 409, consent_required 422).
import type {
  AudienceReport,
  Campaign,
  CampaignDraft,
  CampaignEstimate,
  CampaignEvent,
  CampaignRecipient,
  CampaignStats,
  ContactList,
  ListContact,
  ListImportInput,
  ListImportReport,
  OptOut,
  OptOutSettings,
  Page,
  RecipientFilter,
  Template,
  TemplatePreview
} from './campaign-types.js'

export interface CampaignService {
  // ------------------------------------------------------------ lists
  /** Parses (streams) a CSV or JSON rows, normalises phones with the default country, merges duplicates, reports every rejected row. 422 invalid_csv / missing_phone_column. */
  importList(accountId: string, input: ListImportInput): Promise<ListImportReport>
  lists(accountId: string): ContactList[]
  list(accountId: string, listId: string): ContactList
  listContacts(accountId: string, listId: string, page: { offset?: number; limit?: number }): Page<ListContact>
  /** CSV (header: phone, then the variables), as chunks. */
  exportList(accountId: string, listId: string): AsyncIterable<string>
  deleteList(accountId: string, listId: string): void

  // ------------------------------------------------------------ templates
  /**
   * Renders the template for the given list's contacts (the first `limit`, default 3, or those `phones`). An
   * unknown variable is 422 unknown_variable naming it; so is a broken spintax.
   */
  preview(accountId: string, input: { listId: string; template: Template; footer?: string | null; phones?: string[]; limit?: number }): TemplatePreview[]

  // ------------------------------------------------------------ campaigns
  createDraft(accountId: string, draft: CampaignDraft): Campaign
  /** Only drafts (and paused campaigns: template, schedule, pacing, autopilot) can change; else 409 invalid_state. */
  updateDraft(accountId: string, campaignId: string, patch: Partial<CampaignDraft>): Campaign
  campaigns(accountId: string): Campaign[]
  campaign(accountId: string, campaignId: string): Campaign
  /** Deletes a draft, completed or cancelled campaign (409 while scheduled/running/paused). */
  deleteCampaign(accountId: string, campaignId: string): void
  /**
   * Checks the campaign's numbers on WhatsApp through the instances' number-check path (the policy's
   * check_req_per_minute / check_daily_cap); each answer is stored on the recipient. Numbers not on WhatsApp are
   * skipped and never messaged. Resolves when every number was checked or the check cap stopped it. Asking again
   * while a check runs follows that same run (one run per campaign, whoever asked: UI, API).
   */
  checkAudience(accountId: string, campaignId: string): Promise<AudienceReport>
  /**
   * The audience check's progress now, read from the store (each answer is stored as it comes, so a reload or a
   * restart sees what was checked): counts so far, and whether a check runs now.
   */
  audience(accountId: string, campaignId: string): AudienceReport
  estimate(accountId: string, campaignId: string): CampaignEstimate
  /** Requires consent.confirmed === true ("these people agreed to hear from us"); draft -> scheduled | running. */
  start(accountId: string, campaignId: string, consent: { confirmed: boolean; text?: string }): Campaign
  pause(accountId: string, campaignId: string): Campaign
  resume(accountId: string, campaignId: string): Campaign
  cancel(accountId: string, campaignId: string): Campaign
  /** A new draft with the same list, template, schedule, pacing and autopilot (no consent, no recipients' fates). */
  duplicate(accountId: string, campaignId: string, name?: string): Campaign

  // ------------------------------------------------------------ reporting
  stats(accountId: string, campaignId: string): CampaignStats
  recipients(accountId: string, campaignId: string, filter: RecipientFilter): Page<CampaignRecipient>
  /** CSV of every recipient: phone, state, reason, instance, message id, sent at, and the variables. */
  exportRecipients(accountId: string, campaignId: string): AsyncIterable<string>

  // ------------------------------------------------------------ opt-outs (one suppression list per account)
  optOuts(accountId: string, page: { offset?: number; limit?: number; search?: string }): Page<OptOut>
  addOptOuts(accountId: string, phones: string[], source?: 'manual' | 'api'): { added: number; rejected: Array<{ value: string; message: string }> }
  removeOptOut(accountId: string, phone: string): boolean
  /** A CSV (or a text with one number per line); the phone column found like importList's. */
  importOptOuts(accountId: string, source: ListImportInput['source'], defaultCountry?: string): Promise<{ added: number; rejected: number }>
  optOutSettings(accountId: string): OptOutSettings
  setOptOutSettings(accountId: string, settings: Partial<OptOutSettings>): OptOutSettings

  // ------------------------------------------------------------ live updates
  /** campaign status changes (with pause reasons), throttled progress, and opt-outs; returns the unsubscribe function. */
  subscribe(listener: (event: CampaignEvent) => void): () => void
}
