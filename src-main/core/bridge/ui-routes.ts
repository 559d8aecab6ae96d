// Headless UI: the renderer build at /ui/ (with a strict CSP) and the bridge over WebSocket at /ui/bridge, which
// refuses the upgrade (401) unless the one-time UI token is offered. Registered before the app listens.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import fastifyStatic from '@fastify/static'
import fastifyWebsocket from '@fastify/websocket'
import type { FastifyInstance } from 'fastify'
import { BRIDGE_MAX_MESSAGE_BYTES, BRIDGE_WS_PATH, BRIDGE_WS_PROTOCOL } from '../../../src-preload/contract/protocol.js'
import { websocketConnection } from './connection.js'
import type { BridgeServer } from './server.js'
import { tokenFromProtocols, tokenMatches } from './ui-token.js'

/** The renderer build: SWITCHBOARD_UI_DIR, else out/renderer of this checkout (electron-vite's output). */
export function defaultRendererDir(): string {
  if (process.env.SWITCHBOARD_UI_DIR) return process.env.SWITCHBOARD_UI_DIR
  const fromSource = fileURLToPath(new URL('../../../out/renderer', import.meta.url))
  return existsSync(join(fromSource, 'index.html')) ? fromSource : join(process.cwd(), 'out', 'renderer')
}

/** No remote content, no inline script or style, no framing; the bridge socket is the only connection. */
export const uiCsp = (host: string | undefined): string =>
  [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${host ? ` ws://${host}` : ''}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'"
  ].join('; ')

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Switchboard</title>
<h1>The Switchboard UI is not built</h1><p>Run <code>npm run build</code> (or <code>npm run build:ui</code>) and reload this page.
The API works without it.</p>`

export interface UiRoutesOptions {
  token: string
  server: BridgeServer
  rendererDir: string
}

export async function registerUiRoutes(app: FastifyInstance, o: UiRoutesOptions): Promise<void> {
  // Every WebSocket upgrade goes through the router once the websocket plugin listens. One refused before the
  // plugin's own hooks ran (Host/Origin check, unknown path) would keep its socket open and block shutdown.
  app.addHook('onResponse', async (request, reply) => {
    if (request.raw.headers.upgrade && reply.statusCode !== 101) request.raw.socket?.destroy()
  })
  await app.register(async (scope) => {
    await scope.register(fastifyWebsocket, {
      options: {
        maxPayload: BRIDGE_MAX_MESSAGE_BYTES,
        // The browser requires the server to pick one of the offered subprotocols: the bridge's, never the token.
        handleProtocols: (protocols) => (protocols.has(BRIDGE_WS_PROTOCOL) ? BRIDGE_WS_PROTOCOL : false)
      }
    })

    // The router ignores trailing slashes, but relative asset URLs need the page at /ui/ exactly.
    scope.addHook('onRequest', async (request, reply) => {
      if (request.url === '/ui' || request.url.startsWith('/ui?')) await reply.redirect(`/ui/${request.url.slice(3)}`)
    })
    scope.addHook('onSend', async (request, reply, payload) => {
      reply.header('Content-Security-Policy', uiCsp(request.headers.host))
      return payload
    })

    scope.get(BRIDGE_WS_PATH, {
      websocket: true,
      schema: { hide: true },
      preValidation: async (request, reply) => {
        if (!tokenMatches(o.token, tokenFromProtocols(request.headers['sec-websocket-protocol']))) {
          await reply.code(401).send({ code: 'invalid_ui_token', message: 'Open the UI with the link Switchboard printed at start (it carries a one-time token)' })
        }
      }
    }, (socket) => {
      o.server.attach(websocketConnection(socket))
    })

    if (existsSync(join(o.rendererDir, 'index.html'))) {
      // decorateReply is scoped to this plugin; the router ignores trailing slashes, so /ui/ gets its own route.
      await scope.register(fastifyStatic, { root: o.rendererDir, prefix: '/ui/', index: false, schemaHide: true })
      scope.get('/ui/', { schema: { hide: true } }, (_request, reply) => reply.sendFile('index.html'))
    } else {
      scope.get('/ui/', { schema: { hide: true } }, async (_request, reply) => reply.code(503).type('text/html; charset=utf-8').send(NOT_BUILT))
    }
  })
}
