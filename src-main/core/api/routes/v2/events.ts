// GET /v2/events: the live event stream for clients without a webhook receiver. Server-Sent Events by default; the
// same path upgrades to a WebSocket. Both carry the webhook envelopes from the outbox (services.events), resumable
// by event id; errors (token, instance, cursor) are answered before the stream or the upgrade starts.
import { PassThrough } from 'node:stream'
import { Type } from '@sinclair/typebox'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { WebSocket } from 'ws'
import type { PreparedStream } from '../../../webhooks/event-stream.js'
import type { ApiDeps } from '../../api-deps.js'
import { eventStreamRequest } from '../../params/event-stream-params.js'
import { authAccount } from '../../plugins/auth.js'
import { accountQuery, CREDENTIALS_NOTE, standardErrors } from '../../schemas/common.js'

/** SSE comment lines keep proxies and idle timers from closing a quiet stream. */
const SSE_PING_MS = 15_000
const WS_PING_MS = 30_000
/** Frames handed to ws but not yet written: pause the stream above HIGH, resume below LOW. */
const WS_HIGH = 256
const WS_LOW = 64
/** WebSocket close code when the stream's credential stops authenticating (4000-4999: the application's own). */
const CREDENTIAL_REVOKED_CLOSE = 4401
/** EventSource waits this long before reconnecting (the SSE `retry:` field). */
const SSE_RETRY_MS = 2_000

export const EVENT_STREAM_DOC = `The events the webhooks carry, live, without a webhook receiver: the same envelope {id, timestamp, session, metadata, instance_id, engine, event, payload, me} as a webhook POST's body (the same bytes, see x-webhooks), from the same outbox, in id order (ids are time-ordered: evt_ + ULID). Events are recorded whether or not a webhook is configured (engine.event only while an active webhook subscribes to it), on every plan.

Server-Sent Events by default (text/event-stream: one \`id: <event id>\` + \`data: <envelope JSON>\` per event, the default "message" event type; comment lines every ${SSE_PING_MS / 1000} s). The same path upgrades to a WebSocket (ws://HOST:PORT/v2/events?...; no subprotocol): one text frame per event holding the envelope; frames the client sends are ignored; pings every ${WS_PING_MS / 1000} s.

Filters: instance_id (one or several: repeated, comma-separated or a JSON array; each must be an instance of the token's account, else 404 invalid_session; none: every instance of the account, including ones created later) and events (kinds, same spellings; "*" or none: every kind; unknown names are accepted and match nothing yet).

Resume: after=<event id> (or the Last-Event-ID header, which wins: EventSource sends it on its own reconnects) streams every retained event after that id, then continues live with no gap and no repeat at the switch; without a cursor only events recorded from the connection on. Events are retained 7 days once every webhook delivery of theirs finished (longer while one is pending); a cursor no longer retained answers 410 cursor_expired (events after it may be gone): reconnect without a cursor. A bad token answers 401 before any stream or WebSocket upgrade. ${CREDENTIALS_NOTE}`

const param = (description: string) => Type.Optional(Type.Unknown({ description }))

export async function eventStreamRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const { events, liveChannels } = deps.services
  const prepared = new WeakMap<FastifyRequest, PreparedStream>()
  // Open SSE responses would hold app.close() forever: end them first.
  const open = new Set<() => void>()
  app.addHook('preClose', (done) => {
    for (const end of [...open]) end()
    done()
  })

  app.route({
    method: 'GET',
    url: '/v2/events',
    // A HEAD would open a stream that never ends and carries nothing.
    exposeHeadRoute: false,
    config: { auth: 'account', scopeNarrows: true },
    schema: {
      tags: ['Events'],
      summary: 'Live event stream (SSE or WebSocket)',
      description: EVENT_STREAM_DOC,
      querystring: accountQuery({
        instance_id: param('(string or array) Only these instances of the account'),
        events: param('(string or array) Only these kinds, e.g. message,message.ack; "*" = every kind'),
        after: param('(string) Resume after this event id (the last one received); Last-Event-ID header wins')
      }),
      response: {
        200: Type.String({ description: 'text/event-stream: `id: evt_...` and `data: {envelope}` per event' }),
        410: standardErrors[400],
        ...standardErrors
      }
    },
    // Checked before the stream or the upgrade starts, so every refusal is a plain HTTP answer.
    preHandler: async (request) => {
      const { account } = authAccount(request)
      prepared.set(request, events.prepare(eventStreamRequest(account.id, request.input, request.headers, request.auth?.scope?.instanceIds ?? null)))
    },
    handler: async (request, reply) => {
      const out = new PassThrough()
      let revoked = false
      const sub = prepared.get(request)!.start({
        write: (e) => {
          liveChannels.notice()
          return revoked ? false : out.write(`id: ${e.id}\ndata: ${e.body}\n\n`)
        },
        end: () => out.end()
      })
      const ping = setInterval(() => out.write(': ping\n\n'), SSE_PING_MS)
      const end = () => {
        clearInterval(ping)
        sub.close()
        release()
        open.delete(shutdown)
        out.end()
      }
      // Shutdown: end the stream, then the connection (keep-alive would hold it, and app.close() with it).
      const shutdown = () => {
        reply.raw.once('finish', () => reply.raw.socket?.destroy())
        end()
      }
      open.add(shutdown)
      // The token rotated, revoked or its account removed: the stream ends at once (nothing more is written), the
      // connection with it (the client's EventSource reconnects and gets its 401).
      const release = liveChannels.hold(authAccount(request).credential, () => {
        revoked = true
        sub.close()
        reply.raw.once('finish', () => reply.raw.socket?.destroy())
        end()
      })
      out.on('drain', () => sub.resume())
      // The response's close (the client went away or the response ended), not the request's: that one fires once
      // the request was read.
      reply.raw.on('close', end)
      out.write(`retry: ${SSE_RETRY_MS}\n: connected\n\n`)
      return reply
        .header('Content-Type', 'text/event-stream; charset=utf-8')
        .header('Cache-Control', 'no-cache, no-transform')
        .header('X-Accel-Buffering', 'no')
        .send(out)
    },
    wsHandler: (socket: WebSocket, request: FastifyRequest) => {
      let pending = 0
      let revoked = false
      const sub = prepared.get(request)!.start({
        write: (e) => {
          liveChannels.notice()
          if (revoked) return false
          pending++
          socket.send(e.body, () => {
            pending--
            if (pending < WS_LOW) sub.resume()
          })
          return pending < WS_HIGH
        },
        end: () => socket.close(1001, 'Switchboard is shutting down')
      })
      const ping = setInterval(() => socket.ping(), WS_PING_MS)
      // The token rotated, revoked or its account removed: nothing more is sent, the socket closes (4401).
      const release = liveChannels.hold(authAccount(request).credential, () => {
        revoked = true
        sub.close()
        socket.close(CREDENTIAL_REVOKED_CLOSE, 'credential_revoked')
      })
      socket.on('close', () => {
        clearInterval(ping)
        sub.close()
        release()
      })
    }
  })
}
