// Webhook event names (the v2 API's list plus WAHA's) and the subscription matcher.
// Unknown names are accepted (clients may subscribe ahead of us) but can be reported as warnings.

export const KNOWN_WEBHOOK_EVENTS = [
  'session.status',
  'message',
  'message.any',
  'message.ack',
  'message.ack.group',
  'message.waiting',
  'message.revoked',
  'message.edited',
  'message.undecryptable',
  'message.reaction',
  'poll.vote',
  'poll.vote.failed',
  'group.v2.join',
  'group.v2.leave',
  'group.v2.update',
  'group.v2.participants',
  'presence.update',
  'chat.archive',
  'call.received',
  'call.accepted',
  'call.rejected',
  'label.upsert',
  'label.deleted',
  'label.chat.added',
  'label.chat.deleted',
  'event.response',
  'event.response.failed',
  'lid.mapped',
  'engine.event',
  'campaign.status',
  'campaign.progress',
  'campaign.opt_out'
] as const

export type KnownWebhookEvent = (typeof KNOWN_WEBHOOK_EVENTS)[number]

/** Subscribing to every event. */
export const ALL_EVENTS = '*'

const known: ReadonlySet<string> = new Set(KNOWN_WEBHOOK_EVENTS)

/** Shape of an event name: dot-separated words of [A-Za-z0-9_] (Standard Webhooks), or "*". */
export const EVENT_NAME_PATTERN = /^(\*|[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*)$/

export const isKnownEvent = (name: string): name is KnownWebhookEvent => known.has(name)

export const unknownEvents = (names: readonly string[]): string[] => names.filter((n) => n !== ALL_EVENTS && !known.has(n))

/** Same rule as the outbox's SQL filter: exact name or "*". */
export const subscribes = (events: readonly string[], event: string): boolean => events.includes(ALL_EVENTS) || events.includes(event)
