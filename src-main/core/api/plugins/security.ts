// Localhost hardening for every request: Host allow-list (DNS rebinding), no cross-site browser callers,
// baseline response headers. CORS headers are never sent. See reliability-security-performance.md §3.1.
import { networkInterfaces } from 'node:os'
import type { IncomingHttpHeaders } from 'node:http'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { coreErrors, type CoreError } from '../../domain/core-errors.js'
import { closeUnupgradedSocket } from '../websocket-context.js'
import { LOOPBACK_NAMES, WILDCARDS, isLoopbackHost, isLoopbackPeer, parseHostHeader } from '../../domain/host-policy.js'

// The host policy itself (what counts as loopback, an allowed host, the exposure warning) is domain/host-policy.ts.
export { EXPOSED_WARNING, isLoopbackHost, isLoopbackPeer, normalizeAllowedHost, parseHostHeader } from '../../domain/host-policy.js'

export interface SecurityOptions {
  /** The address the server is bound to (127.0.0.1 by default). */
  boundHost: string
  /**
   * Extra Host names accepted (--allow-host; normalized by normalizeAllowedHost), e.g. host.docker.internal. A
   * function is asked on each request (Settings changes them live); a new list (another array) is taken at once.
   */
  allowHosts?: readonly string[] | (() => readonly string[])
  /** The listening port once known; before listen (inject tests) any port is accepted. */
  port: () => number | undefined
}

function allowedHostnames(boundHost: string, extra: readonly string[]): Set<string> {
  const names = new Set([...LOOPBACK_NAMES, ...extra])
  names.add(boundHost.includes(':') && !boundHost.startsWith('[') ? `[${boundHost}]` : boundHost)
  // Bound to every interface: the machine's own addresses are legitimate Host values too (never a name).
  if (WILDCARDS.has(boundHost)) {
    for (const list of Object.values(networkInterfaces())) {
      for (const a of list ?? []) names.add(a.family === 'IPv6' ? `[${a.address}]` : a.address)
    }
  }
  return names
}

/** Why a request must be refused before anything else looks at it (Host, then cross-site), or undefined. */
export type RequestGuard = (headers: IncomingHttpHeaders) => CoreError | undefined

export function createRequestGuard(options: SecurityOptions): RequestGuard {
  const extraHosts = typeof options.allowHosts === 'function' ? options.allowHosts : () => (options.allowHosts as readonly string[] | undefined) ?? []
  let extra = extraHosts()
  let hostnames = allowedHostnames(options.boundHost, extra)
  // Clients send the same Host (and Origin) on every request: parse each distinct value once, not per request.
  const verdicts = new Map<string, boolean>()
  // The last verdict, checked before building the map's key (a string per request otherwise).
  let last: { host: string; port: number | undefined; allowed: boolean } | undefined
  const hostAllowed = (host: string | undefined) => {
    if (host === undefined) return false
    if (extraHosts() !== extra) {
      extra = extraHosts()
      hostnames = allowedHostnames(options.boundHost, extra)
      verdicts.clear()
      last = undefined
    }
    const port = options.port()
    if (last && last.host === host && last.port === port) return last.allowed
    const key = `${port ?? ''} ${host}`
    let allowed = verdicts.get(key)
    if (allowed === undefined) {
      const parsed = parseHostHeader(host)
      allowed = !!parsed && hostnames.has(parsed.hostname) && (port === undefined || parsed.port === String(port))
      if (verdicts.size >= 1024) verdicts.clear() // junk Host values cannot grow it without bound
      verdicts.set(key, allowed)
    }
    last = { host, port, allowed }
    return allowed
  }
  // Only on refusal (never on the accepted path): names the host and how to allow it. The parsed hostname is plain
  // (no spaces, paths or quotes), so echoing it cannot inject anything; it is capped in length all the same.
  const hostRefusal = (host: string | undefined) => {
    const parsed = parseHostHeader(host)
    if (!parsed || parsed.hostname.length > 253) return coreErrors.forbiddenHost()
    const port = options.port()
    if (hostnames.has(parsed.hostname) && port !== undefined && parsed.port !== String(port)) return coreErrors.forbiddenHost(parsed.hostname, port)
    return coreErrors.forbiddenHost(parsed.hostname)
  }
  return (headers) => {
    if (!hostAllowed(headers.host)) return hostRefusal(headers.host)
    // Browsers label cross-site requests; a page elsewhere must not drive the API (even blind, without CORS).
    const site = headers['sec-fetch-site']
    if (site === 'cross-site' || site === 'same-site') return coreErrors.forbiddenOrigin()
    const origin = headers.origin
    if (origin !== undefined) {
      let originHost: string | undefined
      try {
        originHost = new URL(origin).host
      } catch {
        originHost = undefined
      }
      if (!originHost || !hostAllowed(originHost) || originHost !== headers.host) return coreErrors.forbiddenOrigin()
    }
    return undefined
  }
}

/** Host headers in the request as sent (rawHeaders alternates names and values). */
export function hostHeaderCount(rawHeaders: string[]): number {
  let n = 0
  for (let i = 0; i < rawHeaders.length; i += 2) if (rawHeaders[i]!.length === 4 && rawHeaders[i]!.toLowerCase() === 'host') n++
  return n
}

/**
 * Baseline headers of every answer (also those Fastify's router makes before any hook runs, see errors.ts).
 * Names in lower case: reply.header() lower-cases each name, which allocates a new string unless it already is.
 */
export function setSecurityHeaders(reply: FastifyReply, fresh = false): void {
  reply.header('x-content-type-options', 'nosniff')
  reply.header('referrer-policy', 'no-referrer')
  reply.header('x-frame-options', 'DENY')
  // A fresh reply (the first hook) has no Cache-Control yet: no lookup (hasHeader also asks the raw response).
  if (fresh || !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store')
}

export function registerSecurity(app: FastifyInstance, guard: RequestGuard): void {
  // One synchronous hook: the baseline headers go on the reply before anything else (a route may still set its own
  // Cache-Control), so no onSend hook has to touch every answer again.
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(reply, true)
    closeUnupgradedSocket(request.raw, reply.raw)
    // Node keeps only the first of several Host headers; which one a proxy or the guard believes is ambiguous.
    done(hostHeaderCount(request.raw.rawHeaders) > 1 ? coreErrors.invalidParam('host', 'the request has more than one Host header') : guard(request.headers))
  })
}
