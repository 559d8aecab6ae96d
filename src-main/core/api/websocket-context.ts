// @fastify/websocket in an encapsulated context: its onRequest/onResponse hooks and its handler wrapper then cost
// only the routes of that context (the event stream, the UI bridge), not every API request. The server's 'upgrade'
// events are routed once, by the first context registered on that server; a later context (the UI bridge's, which
// checks app.websocketServer) only upgrades its own routes (the plugin marks an upgrade on the raw request, which
// every context recognises).
import { EventEmitter } from 'node:events'
import type { Server } from 'node:http'
import fastifyWebsocket, { type WebsocketPluginOptions } from '@fastify/websocket'
import type { FastifyInstance } from 'fastify'

/** Servers whose 'upgrade' events a context already routes. */
const routed = new WeakSet<object>()

export async function registerWebsocketContext(scope: FastifyInstance, options: NonNullable<WebsocketPluginOptions['options']>): Promise<void> {
  const first = !routed.has(scope.server)
  routed.add(scope.server)
  // Not the first: an emitter that never emits, so the same upgrade is not routed (and answered) twice.
  await scope.register(fastifyWebsocket, { options: first ? options : { ...options, server: new EventEmitter() as unknown as Server } })
}

/**
 * An upgrade request answered without switching protocols (refused by a hook, an unknown path, a route that
 * does not take WebSockets) would keep its socket open (and block shutdown): close it once the answer is written.
 * Called by the hook that sees every request first, so routes outside the WebSocket contexts need no hook for it.
 */
export function closeUnupgradedSocket(raw: { headers: { upgrade?: string }; socket: { destroy(): void } | null }, response: EventEmitter & { statusCode: number }): void {
  if (raw.headers.upgrade === undefined) return
  response.once('finish', () => {
    if (response.statusCode !== 101) raw.socket?.destroy()
  })
}
