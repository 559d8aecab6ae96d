// Headless UI: the renderer build at /ui/ (with a strict CSP), the bridge over WebSocket at /ui/bridge (only for a
// one-time link token, exchanged there for the tab's session token, or that session token), and POST /ui/link for
// a new link with the API access token. Registered before the app listens.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import fastifyStatic from '@fastify/static'
import { EventEmitter } from 'node:events'
import type { Server } from 'node:http'
import fastifyWebsocket from '@fastify/websocket'
import type { FastifyInstance } from 'fastify'
import type { WebSocket } from 'ws'
import { Type } from '@sinclair/typebox'
import { BRIDGE_MAX_MESSAGE_BYTES, BRIDGE_WS_PATH, BRIDGE_WS_PROTOCOL, BRIDGE_WS_REFUSED, UI_LINK_PATH } from '../../../src-preload/contract/protocol.js'
import { websocketConnection } from './connection.js'
import { BridgeError } from './errors.js'
import type { BridgeServer } from './server.js'
import type { LiveChannels } from '../services/live-channels.js'
import { tokenFromProtocols, type UiCredentials } from './ui-token.js'
import { rendererCsp } from '../domain/renderer-csp.js'

/** The renderer build: SWITCHBOARD_UI_DIR, else out/renderer of this checkout (electron-vite's output). */
export function defaultRendererDir(): string {
  if (process.env.SWITCHBOARD_UI_DIR) return process.env.SWITCHBOARD_UI_DIR
  const fromSource = fileURLToPath(new URL('../../../out/renderer', import.meta.url))
  return existsSync(join(fromSource, 'index.html')) ? fromSource : join(process.cwd(), 'out', 'renderer')
}

/** The renderer's CSP (domain/renderer-csp.ts) with the bridge socket of the Host the page came from. */
export const uiCsp = (host: string | undefined): string => rendererCsp(host ? `ws://${host}` : undefined)

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Switchboard</title>
<h1>The Switchboard UI is not built</h1><p>Run <code>npm run build</code> in the Switchboard folder, then reload this page.
The API works without it.</p>`

/** Links minted through POST /ui/link are meant to be opened right away. */
export const UI_LINK_TTL_MS = 15 * 60_000

export interface UiRoutesOptions {
  credentials: UiCredentials
  server: BridgeServer
  rendererDir: string
  /** http://HOST:PORT of the API (the links point there). */
  apiUrl(): string
  /** The account the UI acts as: only its access token may mint UI links. */
  accountId: string
  /** Connections of links minted with an access token close when that token stops authenticating. */
  liveChannels: Pick<LiveChannels, 'hold'>
  /** Signed-out browsers (Settings): their open connections are closed at once. */
  onDevicesRevoked?: (listener: (ids: string[]) => void) => () => void
}

export async function registerUiRoutes(app: FastifyInstance, o: UiRoutesOptions): Promise<void> {
  await app.register(async (scope) => {
    // Its own WebSocket context (the plugin's hooks cost only the UI's routes). The core's app (api/app.ts, which
    // shows app.websocketServer) already routes the server's upgrades: this context then listens to an emitter that
    // never emits, so an upgrade is not routed twice; a bare app (tests) has it route them.
    const routedElsewhere = scope.hasDecorator('websocketServer')
    await scope.register(fastifyWebsocket, {
      options: {
        maxPayload: BRIDGE_MAX_MESSAGE_BYTES,
        // The browser requires the server to pick one of the offered subprotocols: the bridge's, never the token.
        handleProtocols: (protocols) => (protocols.has(BRIDGE_WS_PROTOCOL) ? BRIDGE_WS_PROTOCOL : false),
        ...(routedElsewhere ? { server: new EventEmitter() as unknown as Server } : {})
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

    // The sockets each device credential opened: signing a browser out closes them (with the reason) at once.
    const byDevice = new Map<string, Set<WebSocket>>()
    const offRevoked = o.onDevicesRevoked?.((ids) => {
      for (const id of ids) for (const socket of byDevice.get(id) ?? []) socket.close(BRIDGE_WS_REFUSED, 'ui_device_signed_out')
    })
    if (offRevoked) scope.addHook('onClose', async () => offRevoked())

    scope.get(BRIDGE_WS_PATH, { websocket: true, schema: { hide: true } }, (socket, request) => {
      // Admitted after the upgrade, so the page learns why it was refused (a close code, unlike an HTTP status).
      const admission = o.credentials.admit(tokenFromProtocols(request.headers['sec-websocket-protocol']), request.headers['user-agent'])
      if (admission.kind === 'refused') {
        socket.close(BRIDGE_WS_REFUSED, admission.reason)
        return
      }
      const connection = websocketConnection(socket)
      if (admission.kind === 'link') connection.send({ type: 'session', token: admission.session })
      const deviceId = admission.deviceId ?? null
      if (deviceId) {
        const sockets = byDevice.get(deviceId) ?? new Set<WebSocket>()
        sockets.add(socket)
        byDevice.set(deviceId, sockets)
        socket.on('close', () => {
          sockets.delete(socket)
          if (!sockets.size) byDevice.delete(deviceId)
        })
      }
      o.server.attach(connection, { deviceId })
      if (admission.credential) {
        const release = o.liveChannels.hold(admission.credential, () => socket.close(BRIDGE_WS_REFUSED, 'ui_token_invalid'))
        socket.on('close', release)
      }
    })

    scope.post(UI_LINK_PATH, {
      // A scoped API key may not open the UI: the UI manages keys, accounts and settings (full token only).
      config: { auth: 'account', fullTokenOnly: true },
      schema: {
        tags: ['Desktop UI'],
        summary: 'A new one-time link to the UI in a browser',
        description: `Answers {url, expires_at}: open url in one browser tab within ${UI_LINK_TTL_MS / 60_000} minutes. The link works once; the tab then keeps its own session (reloads included) until Switchboard stops. Only the access token of the account the UI acts as (the default account) may ask. On the computer that runs Switchboard, \`npm run ui-link\` does this without the token in the shell (it reads the running server and the owner's token from the data folder).`,
        response: { 200: Type.Object({ url: Type.String(), expires_at: Type.Integer() }) }
      }
    }, async (request) => {
      if (request.auth?.account.id !== o.accountId) {
        throw new BridgeError('invalid_access_token', 'This access token cannot open the Switchboard UI', { recommendation: 'Use the default account’s access token (shown in the API view, or the one passed with --access-token)' })
      }
      const link = o.credentials.mintLink(UI_LINK_TTL_MS, undefined, request.auth.credential)
      return { url: `${o.apiUrl()}/ui/#token=${link.token}`, expires_at: link.expiresAt! }
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
