// The API's host policy as plain rules: which hosts are this machine's loopback, which --allow-host values are
// acceptable (never a wildcard, port or path), how a Host header parses, and the warning for an exposed address.
// api/plugins/security.ts enforces it per request; the CLI and the Settings service use it for their checks.

export const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]']
export const WILDCARDS = new Set(['0.0.0.0', '::', '[::]'])

/** Logged (and printed by the CLI) when the API listens on an address other machines can reach. */
export const EXPOSED_WARNING =
  'Warning: the API listens on a non-loopback address: other machines and containers can reach it. Every route (also /health, /docs and /ui) now needs the access token from any address but this machine\'s loopback; keep the token secret and the port firewalled.'

/** The warning's code: a UI words it in its own language by this (the sentence above is the English). */
export const EXPOSED_WARNING_CODE = 'exposed_address'

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
