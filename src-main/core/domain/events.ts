// Events the core publishes on its in-process bus. Webhooks, the UI push and the message store subscribe;
// the engine and the InstanceManager only publish. Payload times are milliseconds since the epoch.
import type { InstanceStatus } from './instance-status.js'

/** The account behind an instance once it is paired (WAHA's `me`): ids in the API's @c.us form. */
export interface InstanceMe {
  id: string
  lid: string | null
  pushName: string | null
  platform: string | null
}

export interface SessionStatusEvent {
  instanceId: string
  accountId: string
  /** Session display name (WAHA's `session` of the webhook envelope). */
  name: string
  status: InstanceStatus
  previous: InstanceStatus | null
  /** Why the status changed, e.g. `start`, `engine:open`, `disconnect:401`, `failed:retries_exhausted`. */
  reason: string
  me: InstanceMe | null
  at: number
}

export interface SessionQrEvent {
  instanceId: string
  /** Raw QR string to render, or null once the QR is no longer valid (paired, stopped). */
  qr: string | null
  at: number
  /** When this QR rotates (the engine knows each QR's lifetime); null with qr null. */
  expiresAt: number | null
}

export interface InstanceLifecycleEvent {
  instanceId: string
  accountId: string
  at: number
}

export interface CoreEventMap {
  'session.status': SessionStatusEvent
  'session.qr': SessionQrEvent
  'instance.created': InstanceLifecycleEvent
  /** Restart purged the instance's queued outbound messages (see InstanceManager hooks). */
  'instance.restarted': InstanceLifecycleEvent
  'instance.deleted': InstanceLifecycleEvent
}
