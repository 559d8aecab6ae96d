// The campaigns.* channels of the bridge (the Campaigns view): contact lists from CSV, template previews of real
// rows, the audience check, the estimate, start with consent, pause/resume/cancel, recipients and their export,
// and the opt-out list. Spread into CHANNELS (channels.ts). PURE: TypeBox builders are plain data.
import { Type } from '@sinclair/typebox'
import { channel } from './channel-def.js'
import type * as C from './campaigns-dto.js'

const strict = { additionalProperties: false } as const

const Empty = Type.Object({}, strict)
const InstanceId = Type.String({ pattern: '^[A-Za-z0-9]{1,32}$' })
const Id = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' })
const ForCampaign = Type.Object({ campaignId: Id }, strict)
const Hhmm = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$|^24:00$' })
const Column = Type.String({ minLength: 1, maxLength: 100 })
const Phone = Type.String({ minLength: 3, maxLength: 32 })
const RecipientStateSchema = Type.Union([
  Type.Literal('pending'),
  Type.Literal('skipped'),
  Type.Literal('queued'),
  Type.Literal('sent'),
  Type.Literal('delivered'),
  Type.Literal('read'),
  Type.Literal('replied'),
  Type.Literal('failed'),
  Type.Literal('opted_out')
])

/** An uploaded file for the template (16 MB at most, base64); without data: keep the file the campaign has. */
export const MEDIA_FILE_MAX_BYTES = 16 * 1024 * 1024
const MediaFileInput = Type.Object(
  {
    filename: Type.String({ minLength: 1, maxLength: 255 }),
    mimetype: Type.String({ minLength: 3, maxLength: 127, pattern: '^[a-z]+/[A-Za-z0-9.+-]+$' }),
    bytes: Type.Integer({ minimum: 1, maximum: MEDIA_FILE_MAX_BYTES }),
    data: Type.Optional(Type.String({ minLength: 4, maxLength: Math.ceil(MEDIA_FILE_MAX_BYTES / 3) * 4, pattern: '^[A-Za-z0-9+/]+={0,2}$' }))
  },
  strict
)
export const TemplateInput = Type.Object(
  {
    text: Type.String({ minLength: 1, maxLength: 4096 }),
    footer: Type.Union([Type.String({ maxLength: 200 }), Type.Null()]),
    mediaUrl: Type.Union([Type.String({ maxLength: 2048 }), Type.Null()]),
    mediaFile: Type.Optional(Type.Union([MediaFileInput, Type.Null()]))
  },
  strict
)
const WindowInput = Type.Object({ days: Type.Array(Type.Integer({ minimum: 0, maximum: 6 }), { minItems: 1, maxItems: 7, uniqueItems: true }), from: Hhmm, to: Hhmm }, strict)
export const ScheduleInput = Type.Object(
  {
    startAt: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
    timeZone: Type.String({ minLength: 1, maxLength: 64 }),
    window: Type.Union([WindowInput, Type.Null()])
  },
  strict
)
export const PacingInput = Type.Object(
  {
    minDelaySeconds: Type.Integer({ minimum: 0, maximum: 3600 }),
    maxDelaySeconds: Type.Integer({ minimum: 0, maximum: 3600 }),
    dailyCapPerNumber: Type.Union([Type.Integer({ minimum: 1, maximum: 100_000 }), Type.Null()]),
    warmUp: Type.Boolean()
  },
  strict
)

export const CAMPAIGN_CHANNELS = {
  'campaigns.list': channel(Empty).returns<C.CampaignSummaryDto[]>(),
  'campaigns.get': channel(ForCampaign).returns<C.CampaignDto>(),
  /** A contact list from a CSV file's text: which column is the phone, which are variables; rejected rows come back with their line. */
  'campaigns.createList': channel(
    Type.Object(
      {
        name: Type.String({ minLength: 1, maxLength: 100 }),
        csv: Type.String({ minLength: 1, maxLength: 16 * 1024 * 1024 }),
        phoneColumn: Column,
        variableColumns: Type.Array(Column, { maxItems: 50 }),
        defaultCountry: Type.Optional(Type.String({ pattern: '^[A-Z]{2}$' }))
      },
      strict
    )
  ).returns<C.ContactListDto>(),
  /** The template as the first recipients of the list would get it (unknown_variable names the variable). */
  'campaigns.preview': channel(Type.Object({ listId: Id, template: TemplateInput, limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 10 })) }, strict)).returns<C.PreviewSampleDto[]>(),
  /** The wizard's campaign: creates the draft (no campaignId) or changes it; only drafts (and paused campaigns) change. */
  'campaigns.saveDraft': channel(
    Type.Object(
      {
        campaignId: Type.Optional(Id),
        name: Type.String({ minLength: 1, maxLength: 100 }),
        listId: Id,
        instanceIds: Type.Array(InstanceId, { minItems: 1, maxItems: 32, uniqueItems: true }),
        template: TemplateInput,
        schedule: Type.Optional(ScheduleInput),
        pacing: Type.Optional(PacingInput)
      },
      strict
    )
  ).returns<C.CampaignDto>(),
  /** Checks the draft's numbers on WhatsApp through its instances, within their policy's check limits (answers cached). */
  'campaigns.checkAudience': channel(ForCampaign).returns<C.AudienceDto>(),
  /** The audience check's progress from the store (no new check): for a view opened while a check runs, or after a restart. */
  'campaigns.audience': channel(ForCampaign).returns<C.AudienceDto>(),
  /** Saves the draft's schedule and pacing and answers how long sending takes with them. */
  'campaigns.estimate': channel(Type.Object({ campaignId: Id, schedule: ScheduleInput, pacing: PacingInput }, strict)).returns<C.EstimateDto>(),
  /** Starts the draft (or schedules it for startAt) under its final name; consent ("these people agreed to hear from us") is required. */
  'campaigns.start': channel(Type.Object({ campaignId: Id, name: Type.String({ minLength: 1, maxLength: 100 }), consent: Type.Literal(true) }, strict)).returns<C.CampaignDto>(),
  /** A new draft with the same list, message, instances, window and pacing (consent is asked again). */
  'campaigns.duplicate': channel(ForCampaign).returns<C.CampaignDto>(),
  /** Deletes a draft, completed or cancelled campaign. */
  'campaigns.delete': channel(ForCampaign).returns<{ deleted: true }>(),
  'campaigns.pause': channel(ForCampaign).returns<C.CampaignDto>(),
  'campaigns.resume': channel(ForCampaign).returns<C.CampaignDto>(),
  'campaigns.cancel': channel(ForCampaign).returns<C.CampaignDto>(),
  'campaigns.recipients': channel(
    Type.Object(
      {
        campaignId: Id,
        state: Type.Optional(RecipientStateSchema),
        search: Type.Optional(Type.String({ maxLength: 32 })),
        limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
        offset: Type.Optional(Type.Integer({ minimum: 0 }))
      },
      strict
    )
  ).returns<C.RecipientsPageDto>(),
  /** Every recipient with state, reason, instance, times and variables, as CSV. */
  'campaigns.exportRecipients': channel(ForCampaign).returns<C.CsvExportDto>(),
  'campaigns.optOuts': channel(Empty).returns<C.OptOutDto[]>(),
  'campaigns.addOptOut': channel(Type.Object({ phone: Phone }, strict)).returns<C.OptOutDto[]>(),
  'campaigns.removeOptOut': channel(Type.Object({ phone: Phone }, strict)).returns<C.OptOutDto[]>(),
  /** A CSV (its phone column found by name) or pasted numbers, one a line; unparseable lines are counted as rejected. */
  'campaigns.importOptOuts': channel(
    Type.Object({ text: Type.String({ minLength: 1, maxLength: 20 * 1024 * 1024 }), defaultCountry: Type.Optional(Type.String({ pattern: '^[A-Z]{2}$' })) }, strict)
  ).returns<C.OptOutImportDto>(),
  'campaigns.optOutSettings': channel(Empty).returns<C.OptOutSettingsDto>(),
  'campaigns.setOptOutSettings': channel(
    Type.Object(
      {
        keywords: Type.Array(Type.String({ minLength: 1, maxLength: 60 }), { maxItems: 200 }),
        builtIn: Type.Boolean(),
        confirmation: Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])
      },
      strict
    )
  ).returns<C.OptOutSettingsDto>()
} as const
