// The bridge server: request/response over any number of connections plus push events to all of them.
// Every incoming payload is validated against the contract's TypeBox schema before a handler sees it.
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler'
import type { TSchema } from '@sinclair/typebox'
import type { Logger } from 'pino'
import { CHANNEL_NAMES, CHANNELS, isChannelName, type ChannelName } from '../../../src-preload/contract/channels.js'
import type { BridgeErrorBody, BridgeResult } from '../../../src-preload/contract/envelope.js'
import type { BridgeEventName, BridgeEvents } from '../../../src-preload/contract/events.js'
import { BRIDGE_PROTOCOL_VERSION, parseRequestMessage, type EventMessage } from '../../../src-preload/contract/protocol.js'
import type { BridgeConnection } from './connection.js'
import { toErrorBody } from './errors.js'
import type { CallerMeta, HandlerMap } from './handlers/types.js'

export interface BridgeServer {
  /** Starts serving a connection; returns a function that detaches (and closes) it. */
  attach(connection: BridgeConnection, caller?: CallerMeta): () => void
  broadcast<E extends BridgeEventName>(event: E, payload: BridgeEvents[E]): void
  connectionCount(): number
  /** Closes every connection. */
  close(): void
}

const checks = new Map<ChannelName, TypeCheck<TSchema>>(CHANNEL_NAMES.map((name) => [name, TypeCompiler.Compile(CHANNELS[name].request)]))

function validationError(name: ChannelName, payload: unknown): BridgeErrorBody | undefined {
  const check = checks.get(name)!
  if (check.Check(payload)) return undefined
  const first = check.Errors(payload).First()
  const where = first?.path ? first.path.replace(/^\//, '').replaceAll('/', '.') : 'request'
  return { code: 'invalid_request', message: `${where}: ${first?.message ?? 'does not match the contract'}`, details: { channel: name, field: where } }
}

export function createBridgeServer(handlers: HandlerMap, logger: Logger): BridgeServer {
  const connections = new Set<BridgeConnection>()

  async function answer(name: ChannelName, payload: unknown, caller: CallerMeta): Promise<BridgeResult<unknown>> {
    const invalid = validationError(name, payload)
    if (invalid) return { ok: false, error: invalid }
    try {
      const handler = handlers[name] as (request: unknown, caller: CallerMeta) => unknown
      return { ok: true, data: await handler(payload, caller) }
    } catch (e) {
      return { ok: false, error: toErrorBody(e, logger, name) }
    }
  }

  async function onMessage(connection: BridgeConnection, data: unknown, caller: CallerMeta): Promise<void> {
    const message = parseRequestMessage(data)
    if ('error' in message) {
      if (message.id !== null) connection.send({ type: 'response', id: message.id, result: { ok: false, error: message.error } })
      else logger.warn({ transport: connection.kind }, 'bridge: dropped a malformed message')
      return
    }
    const result: BridgeResult<unknown> = isChannelName(message.channel)
      ? await answer(message.channel, message.payload, caller)
      : { ok: false, error: { code: 'unknown_channel', message: `No bridge channel named ${message.channel.slice(0, 64)}` } }
    if (connections.has(connection)) connection.send({ type: 'response', id: message.id, result })
  }

  return {
    attach(connection, caller = { deviceId: null }) {
      connections.add(connection)
      const detach = () => {
        if (connections.delete(connection)) connection.close()
      }
      connection.onMessage((data) => void onMessage(connection, data, caller))
      connection.onClose(() => void connections.delete(connection))
      connection.send({ type: 'hello', version: BRIDGE_PROTOCOL_VERSION })
      return detach
    },
    broadcast(event, payload) {
      const message = { type: 'event', event, payload } as EventMessage
      for (const c of connections) {
        try {
          c.send(message)
        } catch (e) {
          logger.warn({ err: e, transport: c.kind }, 'bridge: push failed')
        }
      }
    },
    connectionCount: () => connections.size,
    close() {
      for (const c of [...connections]) {
        connections.delete(c)
        c.close()
      }
    }
  }
}
