// The body of one webhook POST: WAHA's envelope plus `instance_id`. Built once per event, serialized once,
// and the same bytes are sent (and signed) on every attempt and to every webhook.

/** The account behind the instance, as WAHA reports it; null before pairing. */
export interface WebhookMe {
  id: string
  lid?: string | null
  pushName?: string | null
}

/** The envelope's `me` of an instance's account: only these fields (a richer record, e.g. with platform, is cut down). */
export const webhookMe = (me: WebhookMe | null): WebhookMe | null => (me ? { id: me.id, lid: me.lid, pushName: me.pushName } : null)

export interface WebhookEnvelope<P = unknown> {
  /** `evt_` + 26-char ULID; stable across retries and replays; equals the `webhook-id` header. */
  id: string
  /** Milliseconds since the epoch when the event was produced (times inside `payload` are seconds). */
  timestamp: number
  session: string
  /** The documented envelope's metadata (WAHA: the session's config.metadata); Switchboard sessions have none. */
  metadata: Record<string, string>
  instance_id: string
  engine: string
  event: string
  payload: P
  me: WebhookMe | null
  /** WAHA's environment block (its webhook schemas require it): Switchboard's version, the engine, tier CORE. */
  environment: WebhookEnvironment
  /** Only on a sample ("Send test event" with an event kind): nothing in the payload happened. Always the last key. */
  sample?: true
}

export interface WebhookEnvironment {
  version: string
  engine: string
  tier: 'CORE'
  browser: null
}

const VERSION = process.env.SWITCHBOARD_VERSION ?? process.env.npm_package_version ?? '0.0.0'

export interface EnvelopeInput<P = unknown> {
  instanceId: string
  session: string
  me: WebhookMe | null
  engine: string
  event: string
  payload: P
  sample?: boolean
}

export function buildEnvelope<P>(id: string, timestamp: number, input: EnvelopeInput<P>): WebhookEnvelope<P> {
  // Key order is fixed so the serialized body is predictable for receivers that log it.
  return {
    id,
    timestamp,
    session: input.session,
    // Always present, so receivers that read metadata["user.id"] get undefined instead of a TypeError.
    metadata: {},
    instance_id: input.instanceId,
    engine: input.engine,
    event: input.event,
    payload: input.payload,
    me: input.me,
    environment: { version: VERSION, engine: input.engine, tier: 'CORE', browser: null },
    ...(input.sample ? { sample: true as const } : {})
  }
}

/** The serialized envelope's last bytes when it is a sample (sample is its last key; see buildEnvelope). */
const SAMPLE_SUFFIX = ',"sample":true}'

/** Whether a stored body is a sample's: the delivery then carries the sample header. O(1), no parse. */
export const isSampleBody = (body: string): boolean => body.endsWith(SAMPLE_SUFFIX)

export const serializeEnvelope = (envelope: WebhookEnvelope): string => JSON.stringify(envelope)
