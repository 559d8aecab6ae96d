// What an instance with config.proxy connects through: an http.Agent for Baileys' WebSocket (`agent`) and media
// uploads (`fetchAgent`), and an undici dispatcher for media downloads and the product's own media fetches
// (`options.dispatcher`). HTTP(S) proxies tunnel with CONNECT (https-proxy-agent; undici's ProxyAgent), SOCKS ones
// with socks-proxy-agent and a `socks` connector. A failure to reach or pass the proxy is an EPROXY error naming
// the proxy (never its password), so the engine can say FAILED "proxy unreachable" instead of "network down".
import type { ClientRequest, RequestOptions } from 'node:http'
import type { Agent as HttpAgent } from 'node:https'
import { isIP } from 'node:net'
import { connect as tlsConnect, type ConnectionOptions } from 'node:tls'
import type { Duplex } from 'node:stream'
import { HttpsProxyAgent } from 'https-proxy-agent'
import { SocksClient, type SocksProxy } from 'socks'
import { SocksProxyAgent } from 'socks-proxy-agent'
import { Agent as UndiciAgent, ProxyAgent, type Dispatcher, type buildConnector } from 'undici'
import { isSocks, proxySchemeOf, proxyUrl, type ProxySetting } from '../../domain/proxy.js'

/** TLS trust and origin mapping of the network the instance talks to (the sandbox's media CA and host). */
export interface ProxyNetworkTls {
  ca?: string
  /** Applied on top of the proxy dispatcher (the sandbox maps WhatsApp's media origins to its own host). */
  interceptor?: Dispatcher.DispatcherComposeInterceptor
}

export interface ProxyTransport {
  agent: HttpAgent
  fetchAgent: HttpAgent
  dispatcher: Dispatcher
  /** Shutdown: ends the agents' sockets too. */
  close(): Promise<void>
  /** A replaced setting: new connections use the new transport; live ones (the open WebSocket) run to their end. */
  retire(): Promise<void>
}

export const PROXY_ERROR_CODE = 'EPROXY'

/** Connecting to (or through) the proxy failed. `code` starts with E, so Baileys treats it as a network error (408). */
export class ProxyConnectError extends Error {
  readonly code = PROXY_ERROR_CODE
  constructor(
    readonly server: string,
    cause: unknown
  ) {
    super(`proxy ${server} unreachable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause })
  }
}

/** The ProxyConnectError in an error's chain (Baileys' Boom keeps the WebSocket error as `data`). */
function findProxyError(error: unknown): ProxyConnectError | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    if (e instanceof ProxyConnectError) return e
    e = (e as { data?: unknown }).data ?? (e as { cause?: unknown }).cause
  }
  return undefined
}

/** Which proxy (host:port, never its credentials) failed and how (ECONNREFUSED, the CONNECT answer...), when one did. */
export function proxyFailureOf(error: unknown): { host: string; error: string } | undefined {
  const e = findProxyError(error)
  if (!e) return undefined
  let host = e.server
  try {
    host = new URL(e.server).host
  } catch {
    // not a URL: the setting as written
  }
  return { host, error: errorCodeOf(e.cause) }
}

/** A short name for why the proxy failed: the socket error code (ECONNREFUSED...), its CONNECT answer, else "unreachable". */
function errorCodeOf(cause: unknown): string {
  for (let c = cause, depth = 0; c && typeof c === 'object' && depth < 4; depth++) {
    const e = c as { code?: unknown; message?: unknown; errors?: unknown[]; cause?: unknown }
    if (typeof e.code === 'string' && /^E[A-Z_]+$/.test(e.code)) return e.code
    const message = typeof e.message === 'string' ? e.message : ''
    const status = /answered (\d{3})/.exec(message)?.[1]
    if (status) return `HTTP ${status}`
    const named = /\b(E(?:CONNREFUSED|CONNRESET|HOSTUNREACH|NETUNREACH|TIMEDOUT|NOTFOUND|AI_AGAIN|PIPE))\b/.exec(message)?.[1]
    if (named) return named
    c = e.errors?.[0] ?? e.cause
  }
  return 'unreachable'
}

/** True for a ProxyConnectError, also when wrapped (Baileys' Boom keeps the WebSocket error as `data`). */
export function isProxyFailure(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    if ((e as { code?: unknown }).code === PROXY_ERROR_CODE) return true
    const next: unknown = (e as { data?: unknown }).data ?? (e as { cause?: unknown }).cause
    e = next
  }
  return false
}

type Connect = (req: ClientRequest, opts: RequestOptions & { secureEndpoint: boolean; ca?: string }) => Promise<Duplex>

/**
 * Errors of the agent's tunnel setup become ProxyConnectErrors (the agents' own connect is what fails); `ca` is
 * added to each connection's options, which is where the agents take the TLS options to the target from.
 */
function wrapConnect<T extends { connect: Connect }>(agent: T, server: string, ca: string | undefined): T {
  const connect = agent.connect.bind(agent)
  agent.connect = async (req, opts) => {
    try {
      return await connect(req, ca ? { ...opts, ca } : opts)
    } catch (e) {
      throw new ProxyConnectError(server, e)
    }
  }
  return agent
}

function makeAgent(proxy: ProxySetting, tls: ProxyNetworkTls): HttpAgent {
  const url = proxyUrl(proxy)
  if (isSocks(proxy)) return wrapConnect(new SocksProxyAgent(url) as unknown as HttpAgent & { connect: Connect }, proxy.server, tls.ca)
  const agent = new HttpsProxyAgent(url)
  // A CONNECT answered with anything but 200 (407: bad credentials) is replayed to the request as if the target
  // had answered; the WebSocket would then hang until its timeout. Fail the request, naming the proxy.
  agent.on('proxyConnect', (answer: { statusCode: number; statusText: string }, req: ClientRequest) => {
    if (answer.statusCode !== 200) req.destroy(new ProxyConnectError(proxy.server, new Error(`it answered ${answer.statusCode} ${answer.statusText}`)))
  })
  return wrapConnect(agent as unknown as HttpAgent & { connect: Connect }, proxy.server, tls.ca)
}

function socksProxy(proxy: ProxySetting): SocksProxy {
  const url = new URL(proxy.server)
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: Number(url.port),
    type: proxySchemeOf(proxy) === 'socks4' ? 4 : 5,
    ...(proxy.username !== null ? { userId: proxy.username } : {}),
    ...(proxy.password !== null ? { password: proxy.password } : {})
  }
}

/** undici connector that opens each connection through the SOCKS proxy, then TLS for https origins. */
function socksConnector(proxy: ProxySetting, ca: string | undefined): buildConnector.connector {
  return (opts, callback) => {
    const https = opts.protocol === 'https:'
    SocksClient.createConnection({
      proxy: socksProxy(proxy),
      command: 'connect',
      destination: { host: opts.hostname, port: Number(opts.port) || (https ? 443 : 80) },
      timeout: 30_000
    }).then(({ socket }) => {
      if (!https) return callback(null, socket)
      const servername = opts.servername ?? (isIP(opts.hostname) ? undefined : opts.hostname)
      const tlsOptions: ConnectionOptions = { socket, ...(servername ? { servername } : {}), ALPNProtocols: ['http/1.1'], ...(ca ? { ca } : {}) }
      const secure = tlsConnect(tlsOptions)
      secure.once('secureConnect', () => callback(null, secure))
      secure.once('error', (e) => callback(e, null))
    }, (e: unknown) => callback(new ProxyConnectError(proxy.server, e), null))
  }
}

function makeDispatcher(proxy: ProxySetting, tls: ProxyNetworkTls): Dispatcher {
  const base: Dispatcher = isSocks(proxy)
    ? new UndiciAgent({ connect: socksConnector(proxy, tls.ca) })
    : new ProxyAgent({
        uri: proxy.server,
        ...(proxy.username !== null
          ? { token: `Basic ${Buffer.from(`${proxy.username}:${proxy.password ?? ''}`).toString('base64')}` }
          : {}),
        ...(tls.ca ? { requestTls: { ca: tls.ca } } : {})
      })
  return tls.interceptor ? base.compose(tls.interceptor) : base
}

export function makeProxyTransport(proxy: ProxySetting, tls: ProxyNetworkTls = {}): ProxyTransport {
  const agent = makeAgent(proxy, tls)
  const dispatcher = makeDispatcher(proxy, tls)
  return {
    agent,
    // One agent for both: the WebSocket and uploads share the proxy's keep-alive connections where they can.
    fetchAgent: agent,
    dispatcher,
    close: async () => {
      agent.destroy()
      await dispatcher.destroy().catch(() => undefined)
    },
    retire: () => dispatcher.close().catch(() => undefined)
  }
}
