// An instance's proxy (config.proxy, issue 11): where its WhatsApp connection and media transfers go through.
// HTTP CONNECT (http://, https://) and SOCKS (socks5://, socks5h://, socks4://). Parsed and checked once here;
// the password is never shown back (session answers and the UI say "***").
import { coreErrors } from './core-errors.js'

export interface ProxySetting {
  /** scheme://host:port, without credentials. */
  server: string
  username: string | null
  password: string | null
}

/** What answers show: the password masked. */
export interface ProxyView {
  server: string
  username: string | null
  password: '***' | null
}

export const PROXY_SCHEMES = ['http', 'https', 'socks5', 'socks5h', 'socks4'] as const
export type ProxyScheme = (typeof PROXY_SCHEMES)[number]

const DEFAULT_PORTS: Record<ProxyScheme, number> = { http: 80, https: 443, socks5: 1080, socks5h: 1080, socks4: 1080 }
const MAX_TEXT = 255

const isScheme = (s: string): s is ProxyScheme => (PROXY_SCHEMES as readonly string[]).includes(s)

export const proxySchemeOf = (p: ProxySetting): ProxyScheme => new URL(p.server).protocol.slice(0, -1) as ProxyScheme

export const isSocks = (p: ProxySetting): boolean => proxySchemeOf(p).startsWith('socks')

/**
 * Checks and normalises what a client sent: `server` as a URL (a bare host:port means http://), credentials in
 * the URL moved to username/password (separate fields win). Throws invalid_param('proxy.server' ...).
 */
export function parseProxy(input: { server: string; username?: string | null; password?: string | null }): ProxySetting {
  const raw = input.server.trim()
  if (raw.length > MAX_TEXT * 2) throw coreErrors.invalidParam('proxy.server', 'too long')
  let url: URL
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `http://${raw}`)
  } catch {
    throw coreErrors.invalidParam('proxy.server', 'use scheme://host:port, e.g. http://10.0.0.5:3128 or socks5://10.0.0.5:1080')
  }
  const scheme = url.protocol.slice(0, -1).toLowerCase()
  if (!isScheme(scheme)) throw coreErrors.invalidParam('proxy.server', `unsupported scheme ${scheme.slice(0, 16)}: use ${PROXY_SCHEMES.join(', ')}`)
  if (!url.hostname) throw coreErrors.invalidParam('proxy.server', 'a host is required')
  if ((url.pathname && url.pathname !== '/') || url.search || url.hash) throw coreErrors.invalidParam('proxy.server', 'only scheme://host:port (no path or query)')
  const port = url.port ? Number(url.port) : DEFAULT_PORTS[scheme]
  const username = clean(input.username) ?? clean(decode(url.username))
  const password = clean(input.password) ?? clean(decode(url.password))
  if (password !== null && username === null && scheme.startsWith('socks')) throw coreErrors.invalidParam('proxy.username', 'a SOCKS password needs a username')
  if ((username?.length ?? 0) > MAX_TEXT || (password?.length ?? 0) > MAX_TEXT) throw coreErrors.invalidParam('proxy', 'username and password are limited to 255 characters')
  return { server: `${scheme}://${url.hostname}:${port}`, username, password }
}

/** Credentials in a URL are percent-encoded; a malformed escape is an input error, not a crash. */
function decode(v: string): string {
  try {
    return decodeURIComponent(v)
  } catch {
    throw coreErrors.invalidParam('proxy.server', 'malformed percent-encoding in the credentials')
  }
}

const clean = (v: string | null | undefined): string | null => (typeof v === 'string' && v !== '' ? v : null)

export const proxyView = (p: ProxySetting | null): ProxyView | null =>
  p && { server: p.server, username: p.username, password: p.password === null ? null : '***' }

/** The proxy's URL with its credentials (what the agents are built from). */
export function proxyUrl(p: ProxySetting): URL {
  const url = new URL(p.server)
  if (p.username !== null) url.username = encodeURIComponent(p.username)
  if (p.password !== null) url.password = encodeURIComponent(p.password)
  return url
}
