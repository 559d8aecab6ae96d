// One typed subscription API for the front doors (bridge push, and /v2/events or MCP where they want live
// domain events): the core's domain events (domain/events.ts) and the services' own live feeds (webhook attempts,
// campaign changes, sandbox phones), by kind; each subscribe returns its unsubscribe. Front doors never see the bus.
import type { CampaignEvent } from '../campaigns/campaign-types.js'
import type { EventSubscriber, Listener } from '../domain/event-bus.js'
import type { CoreEventMap } from '../domain/events.js'
import type { AttemptRecord } from '../webhooks/delivery-store.js'
import type { SandboxPhoneChange } from './sandbox-control.js'

/** The services' live feeds that are not bus events. */
export interface ServiceFeedMap {
  /** A webhook delivery attempt was recorded (webhooks.onAttempt). */
  'webhook.attempt': AttemptRecord
  /** A campaign's status, throttled progress, or an opt-out (campaigns.subscribe). */
  'campaign.changed': CampaignEvent
  /** A simulated phone linked, unlinked, came online or went offline (sandbox mode only). */
  'sandbox.phone': { phoneNumber: string; change: SandboxPhoneChange }
}

export type SubscriptionEventMap = CoreEventMap & ServiceFeedMap
export type SubscriptionKind = keyof SubscriptionEventMap

export interface Subscriptions {
  /** Calls `handler` with every event of `kind` until the returned function is called. */
  subscribe<K extends SubscriptionKind>(kind: K, handler: Listener<SubscriptionEventMap[K]>): () => void
}

/** Where each service feed comes from (start-core.ts wires them). */
export type ServiceFeeds = { [K in keyof ServiceFeedMap]: (listener: Listener<ServiceFeedMap[K]>) => () => void }

export function createSubscriptions(bus: EventSubscriber<CoreEventMap>, feeds: ServiceFeeds): Subscriptions {
  const isFeed = (kind: SubscriptionKind): kind is keyof ServiceFeedMap => Object.hasOwn(feeds, kind)
  return {
    subscribe(kind, handler) {
      // The map lookup loses the link between K and its payload; each branch hands the handler to its own source.
      if (isFeed(kind)) return (feeds[kind] as (l: Listener<unknown>) => () => void)(handler as Listener<unknown>)
      return bus.on(kind as keyof CoreEventMap, handler as Listener<CoreEventMap[keyof CoreEventMap]>)
    }
  }
}
