// Wire parameters of GET /v2/events: instance_id and events as repeated keys, comma lists or JSON arrays, and the
// resume cursor from Last-Event-ID (what EventSource sends on its own reconnects) or `after`.
import type { IncomingHttpHeaders } from 'node:http'
import type { EventStreamRequest } from '../../webhooks/event-stream.js'
import type { Params } from '../request-params.js'
import { coreErrors } from '../../domain/core-errors.js'
import { list, str } from './send-params.js'

/** Every value of a list parameter, comma lists split. */
function names(p: Params, ...keys: string[]): string[] {
  const out: string[] = []
  for (const key of keys) {
    for (const v of list(p, key) ?? []) {
      if (typeof v === 'string' || typeof v === 'number') out.push(...String(v).split(',').map((s) => s.trim()).filter(Boolean))
    }
  }
  return out
}

/**
 * `limitTo`: the instances a scoped API key covers (null: every one). Without instance_id the stream is narrowed to
 * them; an instance_id outside them is refused (403 key_scope_forbidden).
 */
export function eventStreamRequest(accountId: string, p: Params, headers: IncomingHttpHeaders, limitTo: readonly string[] | null = null): EventStreamRequest {
  // The header wins: an EventSource reconnects to the same URL (with its original `after`) plus Last-Event-ID.
  const header = headers['last-event-id']
  const lastEventId = typeof header === 'string' && header.trim() ? header.trim() : undefined
  const after = lastEventId ?? (str(p, 'after')?.trim() || undefined) ?? (str(p, 'last_event_id')?.trim() || undefined)
  return {
    accountId,
    instanceIds: narrowed(names(p, 'instance_id', 'instance_ids'), limitTo),
    events: names(p, 'events', 'event'),
    ...(after === undefined ? {} : { after })
  }
}

function narrowed(asked: string[], limitTo: readonly string[] | null): string[] {
  if (!limitTo) return asked
  if (!asked.length) return [...limitTo]
  if (asked.some((id) => !limitTo.includes(id.trim().toUpperCase()))) throw coreErrors.keyScope('instance_scope')
  return asked
}
