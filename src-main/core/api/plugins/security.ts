// Localhost hardening for every request: Host allow-list (DNS rebinding), no cross-site browser callers,
// baseline response headers. CORS headers are never sent. See reliability-security-performance.md §3.1.
import { networkInterfaces } from 'node:os'
import type { IncomingHttpHeaders } from 'node:http'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { coreErrors, type CoreError } from '../../domain/core-errors.js'

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

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]']
const WILDCARDS = new Set(['0.0.0.0', '::', '[::]'])

/** Logged (and printed by the CLI) when the API listens on an address other machines can reach. */
export const EXPOSED_WARNING =
  'Warning: the API listens on a non-loopback address: other machines and containers can reach it. Every route (also /health, /docs and /ui) now needs the access token from any address but this machine\'s loopback; keep the token secret and the port firewalled.'

/** Whether the server listens only on this machine (127.0.0.0/8, ::1, localhost). */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase()
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h)
}

/** Whether a peer address (socket.remoteAddress) is this machine's loopback, IPv4-mapped forms included. */
export function isLoopbackPeer(address: string | undefined): boolean {
  return !!address && isLoopbackHost(address.replace(/^::ffff:/i, ''))
}

/**
 * An --allow-host value as the Host check compares it (lower case, IPv6 in brackets), or undefined when it is not
 * a plain host name or address: a port, a path, a wildcard (`*`, 0.0.0.0, ::) or junk would widen the check.
 */
export function normalizeAllowedHost(name: string): string | undefined {
  const trimmed = name.trim().toLowerCase()
  if (!trimmed || trimmed.includes('*')) return undefined
  const bracketed = trimmed.includes(':') && !trimmed.startsWith('[') ? `[${trimmed}]` : trimmed
  const parsed = parseHostHeader(bracketed)
  if (!parsed || parsed.port !== '80' || /:\d+$/.test(bracketed.replace(/^\[.*\]/, '')) || WILDCARDS.has(parsed.hostname)) return undefined
  return parsed.hostname
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

/** Parses a Host header with the URL parser (never string prefixes); undefined when it is not a plain host[:port]. */
export function parseHostHeader(host: string | undefined): { hostname: string; port: string } | undefined {
  if (!host || /[/?#@\s\\]/.test(host)) return undefined
  try {
    const url = new URL(`http://${host}`)
    return { hostname: url.hostname.toLowerCase(), port: url.port || '80' }
  } catch {
    return undefined
  }
}

/** Why a request must be refused before anything else looks at it (Host, then cross-site), or undefined. */
export type RequestGuard = (headers: IncomingHttpHeaders) => CoreError | undefined

export function createRequestGuard(options: SecurityOptions): RequestGuard {
  const extraHosts = typeof options.allowHosts === 'function' ? options.allowHosts : () => (options.allowHosts as readonly string[] | undefined) ?? []
  let extra = extraHosts()
  let hostnames = allowedHostnames(options.boundHost, extra)
  // Clients send the same Host (and Origin) on every request: parse each distinct value once, not per request.
  const verdicts = new Map<string, boolean>()
  const hostAllowed = (host: string | undefined) => {
    if (host === undefined) return false
    if (extraHosts() !== extra) {
      extra = extraHosts()
      hostnames = allowedHostnames(options.boundHost, extra)
      verdicts.clear()
    }
    const port = options.port()
    const key = `${port ?? ''} ${host}`
    let allowed = verdicts.get(key)
    if (allowed === undefined) {
      const parsed = parseHostHeader(host)
      allowed = !!parsed && hostnames.has(parsed.hostname) && (port === undefined || parsed.port === String(port))
      if (verdicts.size >= 1024) verdicts.clear() // junk Host values cannot grow it without bound
      verdicts.set(key, allowed)
    }
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

/** Baseline headers of every answer (also those Fastify's router makes before any hook runs, see errors.ts). */
export function setSecurityHeaders(reply: FastifyReply): void {
  reply.header('X-Content-Type-Options', 'nosniff')
  reply.header('Referrer-Policy', 'no-referrer')
  reply.header('X-Frame-Options', 'DENY')
  if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store')
}

export function registerSecurity(app: FastifyInstance, guard: RequestGuard): void {
  // One synchronous hook: the baseline headers go on the reply before anything else (a route may still set its own
  // Cache-Control), so no onSend hook has to touch every answer again.
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(reply)
    // Node keeps only the first of several Host headers; which one a proxy or the guard believes is ambiguous.
    done(hostHeaderCount(request.raw.rawHeaders) > 1 ? coreErrors.invalidParam('host', 'the request has more than one Host header') : guard(request.headers))
  })
}
