// Wire messages of the bridge, identical over Electron's MessagePort and over the headless WebSocket.
// PURE. Sizes and versions that both ends must agree on live here.
import type { BridgeErrorBody, BridgeResult } from './envelope.js'
import type { BridgeEventName, BridgeEvents } from './events.js'

export const BRIDGE_PROTOCOL_VERSION = 1
/** WebSocket subprotocol of the headless bridge; the UI token travels as a second subprotocol `token.<token>`. */
export const BRIDGE_WS_PROTOCOL = 'switchboard-bridge.v1'
export const BRIDGE_WS_TOKEN_PREFIX = 'token.'
export const BRIDGE_WS_PATH = '/ui/bridge'
/**
 * WebSocket close code of a refused UI credential (browsers cannot read an HTTP status of a refused upgrade, but
 * they do see close codes): the close reason is a BridgeRefusal, and the page explains it instead of retrying.
 */
export const BRIDGE_WS_REFUSED = 4401
export const BRIDGE_REFUSALS = ['ui_token_missing', 'ui_token_invalid', 'ui_link_used', 'ui_link_expired', 'ui_device_signed_out'] as const
export type BridgeRefusal = (typeof BRIDGE_REFUSALS)[number]
/** Where a headless page (or a script with the API token) gets a new one-time UI link. */
export const UI_LINK_PATH = '/ui/link'
/** Attachments travel base64 inside a message: 16 MiB of file is about 22 MiB of text. */
export const BRIDGE_MAX_MESSAGE_BYTES = 32 * 1024 * 1024

export interface RequestMessage {
  type: 'request'
  id: number
  channel: string
  payload: unknown
}

export interface ResponseMessage {
  type: 'response'
  id: number
  result: BridgeResult<unknown>
}

export type EventMessage = { [K in BridgeEventName]: { type: 'event'; event: K; payload: BridgeEvents[K] } }[BridgeEventName]

/** Sent by the core right after a connection is accepted. */
export interface HelloMessage {
  type: 'hello'
  version: number
}

/**
 * WebSocket only, sent before hello when a one-time link token was just used: the tab's own credential for
 * reconnects and reloads (the link token no longer works).
 */
export interface SessionMessage {
  type: 'session'
  token: string
}

export type ServerMessage = ResponseMessage | EventMessage | HelloMessage | SessionMessage

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Shape check of what a client sends (the payload is checked against the channel's schema afterwards). */
export function parseRequestMessage(data: unknown): RequestMessage | { error: BridgeErrorBody; id: number | null } {
  const value = typeof data === 'string' ? safeJson(data) : data
  if (!isObject(value)) return { error: { code: 'invalid_request', message: 'A bridge message must be a JSON object' }, id: null }
  const id = typeof value.id === 'number' && Number.isSafeInteger(value.id) ? value.id : null
  if (value.type !== 'request' || id === null || typeof value.channel !== 'string') {
    return { error: { code: 'invalid_request', message: 'Expected {type:"request", id, channel, payload}' }, id }
  }
  return { type: 'request', id, channel: value.channel, payload: value.payload ?? {} }
}

/** Shape check of what the core sends (the client trusts the core for payload shapes). */
export function parseServerMessage(data: unknown): ServerMessage | undefined {
  const value = typeof data === 'string' ? safeJson(data) : data
  if (!isObject(value)) return undefined
  if (value.type === 'response' && typeof value.id === 'number' && isObject(value.result)) return value as unknown as ResponseMessage
  if (value.type === 'event' && typeof value.event === 'string') return value as unknown as EventMessage
  if (value.type === 'hello' && typeof value.version === 'number') return value as unknown as HelloMessage
  if (value.type === 'session' && typeof value.token === 'string') return { type: 'session', token: value.token }
  return undefined
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
