// Temporary QR links as both front doors and the credential-free /temp-qr page see them: at most one live,
// unguessable, revocable link per instance, 30 minutes long, and the address it is handed out with (one that the
// phone's holder can open). At rest only the token's SHA-256 hash and the token sealed with the data key are stored.
import { networkInterfaces } from 'node:os'
import type { Db } from '../db/connection.js'
import { createTempLink, currentTempLink, liveTempLinkByToken, revokeTempLinks, type TempLinkRow } from '../db/repositories/temp-links-repo.js'
import { generateToken } from '../domain/tokens.js'

export type { TempLinkRow } from '../db/repositories/temp-links-repo.js'

export const TEMP_LINK_TTL_MS = 30 * 60_000
/** 32 random bytes = 256 bits, 43 URL-safe characters. */
const TOKEN_BYTES = 32
/** What a presented token must look like before it is looked up (anything else cannot be one of ours). */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,128}$/

/** The page's path for a link; prefix it with the address the user reaches the core at. */
export const tempQrPath = (link: TempLinkRow): string => `/temp-qr/${link.token}`

export interface TempLinkServiceDeps {
  db: Db
  now: () => number
  /** The configured public URL (--public-url, Settings), read when a link is handed out; null: none. */
  publicUrl?: () => string | null
  /** The address the API is bound to and its port (for a link asked for on loopback while the API is reachable beyond it). */
  boundHost?: string
  port?: () => number | undefined
}

/** How the caller reached us: the request's scheme and Host (already through the Host allow-list). */
export interface RequestOrigin {
  protocol: string
  host: string | undefined
}

/** The host name of a Host value (lower case, IPv6 without brackets), or undefined when it does not parse. */
function hostnameOf(host: string | undefined): string | undefined {
  if (!host || /[/?#@\s\\]/.test(host)) return undefined
  try {
    return new URL(`http://${host}`).hostname.replace(/^\[|\]$/g, '').toLowerCase()
  } catch {
    return undefined
  }
}

const isLoopback = (hostname: string) => hostname === 'localhost' || hostname === '::1' || /^127\./.test(hostname)

/** This machine's first non-internal IPv4 address (how another device on the LAN reaches it), if any. */
function lanAddress(): string | undefined {
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address
  }
  return undefined
}

export class TempLinkService {
  constructor(private readonly deps: TempLinkServiceDeps) {}

  /**
   * The address to hand a link out with, in this order: the configured public URL; the address the request came in
   * on when it is not this machine's loopback (a LAN address or an allowed name); when the API listens beyond
   * loopback, the address it listens on (the LAN address when bound to every interface); else the request's own
   * (or loopback), which opens only on this machine.
   */
  baseUrl(via?: RequestOrigin): string {
    const configured = this.deps.publicUrl?.()
    if (configured) return configured
    const hostname = hostnameOf(via?.host)
    if (via?.host && hostname && !isLoopback(hostname)) return `${via.protocol}://${via.host}`
    const bound = this.deps.boundHost
    const port = this.deps.port?.()
    if (bound && port !== undefined && !isLoopback(bound.replace(/^\[|\]$/g, ''))) {
      const address = bound === '0.0.0.0' || bound === '::' ? lanAddress() : bound
      if (address) return `http://${address.includes(':') ? `[${address}]` : address}:${port}`
    }
    if (via?.host && hostname) return `${via.protocol}://${via.host}`
    return `http://127.0.0.1:${port ?? 3000}`
  }

  /** The full link of a row, with baseUrl(via) in front. */
  urlOf(row: TempLinkRow, via?: RequestOrigin): string {
    return `${this.baseUrl(via)}${tempQrPath(row)}`
  }

  /** The instance's active link, if any. */
  current(instanceId: string): TempLinkRow | undefined {
    return currentTempLink(this.deps.db, instanceId, this.deps.now())
  }

  /** A new link; any older one of the instance is revoked. */
  create(instanceId: string): TempLinkRow {
    return createTempLink(this.deps.db, instanceId, generateToken(TOKEN_BYTES), this.deps.now(), TEMP_LINK_TTL_MS)
  }

  /** Revokes every active link of the instance; returns how many. */
  revoke(instanceId: string): number {
    return revokeTempLinks(this.deps.db, instanceId, this.deps.now())
  }

  /** The live link a presented token stands for; expired, revoked and malformed tokens resolve to nothing. */
  resolve(token: string): TempLinkRow | undefined {
    return TOKEN_SHAPE.test(token) ? liveTempLinkByToken(this.deps.db, token, this.deps.now()) : undefined
  }
}
