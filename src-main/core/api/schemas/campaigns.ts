// TypeBox schemas of /v2/campaigns (Switchboard extension): request bodies validated by Fastify, answers
// documented in the OpenAPI. Field names are the domain types' (campaigns/campaign-types.ts), camelCase.
import { Type, type TSchema } from '@sinclair/typebox'
import { Nullable } from './common.js'

const Loose = <P extends Record<string, TSchema>>(props: P, description?: string) => Type.Object(props, { additionalProperties: true, ...(description ? { description } : {}) })

export const TemplateMedia = Loose({
  url: Type.Optional(Type.String({ description: 'Fetched when each message is sent' })),
  data: Type.Optional(Type.String({ description: 'Base64 bytes (kept with the campaign)' })),
  mimetype: Type.Optional(Type.String()),
  filename: Type.Optional(Type.String())
}, 'An image (sent as an image with the text as caption) or any other file (sent as a document)')

export const Template = Loose({
  text: Type.String({ description: '{{variable}}, {{variable|default}}, spintax {Hi|Hello}; with media it is the caption' }),
  media: Type.Optional(Nullable(TemplateMedia))
})

export const SendWindow = Loose({
  days: Type.Array(Type.Integer({ minimum: 0, maximum: 6 }), { description: '0 = Sunday .. 6 = Saturday' }),
  from: Type.String({ pattern: '^([01]\\d|2[0-4]):[0-5]\\d$', description: 'HH:MM, in timeZone' }),
  to: Type.String({ pattern: '^([01]\\d|2[0-4]):[0-5]\\d$', description: 'HH:MM (exclusive)' })
})

export const Schedule = Loose({
  startAt: Type.Optional(Nullable(Type.Integer({ description: 'Unix ms; null = when started' }))),
  timeZone: Type.Optional(Type.String({ description: 'IANA zone, e.g. America/Mexico_City (default UTC)' })),
  window: Type.Optional(Nullable(SendWindow))
})

export const Pacing = Loose({
  minDelayMs: Type.Optional(Type.Integer({ minimum: 0 })),
  maxDelayMs: Type.Optional(Type.Integer({ minimum: 0 })),
  dailyCapPerNumber: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
  warmup: Type.Optional(Type.Boolean({ description: 'Ramp for recently paired numbers: 20, 40, 80... messages on their first days' }))
}, 'On top of each instance\'s rate-limit policy. Defaults: 8-25 s, 200/day per number, warm-up on')

export const Autopilot = Loose({
  window: Type.Optional(Type.Integer({ minimum: 1, description: 'The last N sends the rates are taken over' })),
  maxFailureRate: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
  maxOptOutRate: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
  minSample: Type.Optional(Type.Integer({ minimum: 0 }))
}, 'Defaults: window 50, maxFailureRate 0.2, maxOptOutRate 0.1, minSample 20')

export const CampaignDraftBody = Loose({
  name: Type.String({ minLength: 1, maxLength: 200 }),
  listId: Type.String(),
  instanceIds: Type.Array(Type.String(), { minItems: 1, description: 'Instances that send; recipients are spread over them, each always by the same one' }),
  template: Template,
  footer: Type.Optional(Nullable(Type.String({ maxLength: 200, description: 'e.g. "Reply STOP to opt out"' }))),
  schedule: Type.Optional(Schedule),
  pacing: Type.Optional(Pacing),
  autopilot: Type.Optional(Autopilot)
})

export const CampaignPatchBody = Type.Partial(CampaignDraftBody, { additionalProperties: true })

export const PauseReason = Loose({
  code: Type.String({ description: 'manual | deliverability | failure_rate | opt_out_rate | instance_not_working | queue_purged | daily_cap' }),
  message: Type.String({ description: 'Why, in words' }),
  since: Type.Integer(),
  autoResume: Type.Boolean(),
  instanceId: Type.Optional(Type.String())
})

export const Campaign = Loose({
  id: Type.String(),
  name: Type.String(),
  state: Type.String({ description: 'draft | scheduled | running | paused | completed | cancelled' }),
  listId: Type.String(),
  instanceIds: Type.Array(Type.String()),
  template: Template,
  footer: Nullable(Type.String()),
  schedule: Schedule,
  pacing: Pacing,
  autopilot: Autopilot,
  consent: Nullable(Loose({ confirmedAt: Type.Integer(), text: Type.String() })),
  pauseReason: Nullable(PauseReason),
  waitingUntil: Nullable(Type.Integer({ description: 'Running but outside its window (or before startAt): when it sends next' })),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
  startedAt: Nullable(Type.Integer()),
  finishedAt: Nullable(Type.Integer())
})

export const Stats = Loose({
  campaignId: Type.String(),
  state: Type.String(),
  total: Type.Integer(),
  counts: Type.Record(Type.String(), Type.Integer(), { description: 'Per recipient state: pending, skipped, queued, sent, delivered, read, replied, failed, opted_out' }),
  skippedBy: Type.Record(Type.String(), Type.Integer()),
  failedBy: Type.Record(Type.String(), Type.Integer()),
  rates: Loose({ delivered: Type.Number(), read: Type.Number(), replied: Type.Number(), failed: Type.Number(), optedOut: Type.Number() }),
  sendsPerHour: Type.Array(Loose({ hour: Type.Integer(), count: Type.Integer() })),
  progress: Type.Number()
})

export const ContactList = Loose({
  id: Type.String(),
  name: Type.String(),
  createdAt: Type.Integer(),
  contactCount: Type.Integer(),
  rejectedCount: Type.Integer(),
  mergedCount: Type.Integer(),
  variables: Type.Array(Type.String()),
  defaultCountry: Nullable(Type.String())
})

export const RejectedRow = Loose({ line: Type.Integer(), reason: Type.String(), message: Type.String(), value: Type.String() })

export const ListImportAnswer = Loose({
  list: ContactList,
  rejected: Type.Array(RejectedRow, { description: 'The first 1000 rejected rows (all are kept: GET the list with rejected=true)' }),
  rejectedCount: Type.Integer(),
  merged: Type.Array(Loose({ line: Type.Integer(), intoLine: Type.Integer(), phone: Type.String() })),
  mergedCount: Type.Integer()
})

export const Recipient = Loose({
  phone: Type.String(),
  vars: Type.Record(Type.String(), Type.String()),
  state: Type.String(),
  reason: Nullable(Type.String()),
  instanceId: Type.String(),
  messageId: Nullable(Type.String()),
  onWhatsApp: Nullable(Type.Boolean()),
  updatedAt: Type.Integer(),
  sentAt: Nullable(Type.Integer())
})

export const OptOut = Loose({ phone: Type.String(), source: Type.String(), keyword: Nullable(Type.String()), campaignId: Nullable(Type.String()), createdAt: Type.Integer() })

export const OptOutSettings = Loose({
  keywords: Type.Array(Type.String(), { description: 'Extra keywords, any language' }),
  builtIn: Type.Boolean({ description: 'The built-in keywords (EN, ES, PT, FR, DE, IT, ID)' }),
  confirmation: Nullable(Type.String({ description: 'The one reply after an opt-out; null = none' }))
})

export const Page = <T extends TSchema>(item: T) => Loose({ items: Type.Array(item), total: Type.Integer(), offset: Type.Integer(), limit: Type.Integer() })
