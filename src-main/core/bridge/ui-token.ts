// Credentials of the headless UI: one-time link tokens (the printed link, or minted by POST /ui/link) and the
// browser's device token they are exchanged for on the first bridge connection (kept by the core across restarts
// when it keeps devices: ui-device-service.ts). Links are kept only in memory, as SHA-256 digests compared in
// constant time; a link token travels in the URL fragment (never in a request line, so never
// logged) and a used one is remembered so its second use is refused with a reason.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { derivedCredential, type Credential } from '../domain/credentials.js'
import { BRIDGE_WS_PROTOCOL, BRIDGE_WS_TOKEN_PREFIX, type BridgeRefusal } from '../../../src-preload/contract/protocol.js'

export const newUiToken = (): string => randomBytes(32).toString('base64url')

const digest = (text: string) => createHash('sha256').update(text).digest()

/** The token a browser offers as the WebSocket subprotocol `token.<token>` next to the bridge protocol. */
export function tokenFromProtocols(header: string | string[] | undefined): string | undefined {
  const offered = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').map((p) => p.trim())
  if (!offered.includes(BRIDGE_WS_PROTOCOL)) return undefined
  return offered.find((p) => p.startsWith(BRIDGE_WS_TOKEN_PREFIX))?.slice(BRIDGE_WS_TOKEN_PREFIX.length)
}

/**
 * `deviceId`: the browser's device credential (ui_devices) when the core keeps them; undefined for in-memory sessions.
 * `credential`: what the link was minted with (POST /ui/link's access token); the session lives only as long as it authenticates.
 */
export type Admission =
  | { kind: 'session'; deviceId?: string; credential?: Credential }
  | { kind: 'link'; session: string; deviceId?: string; credential?: Credential }
  | { kind: 'refused'; reason: BridgeRefusal }

/** Where device credentials live across restarts (services/ui-device-service.ts). */
export interface DeviceCredentials {
  admit(token: string): string | undefined
  register(userAgent: string | undefined): { deviceId: string; token: string }
}

export interface UiCredentials {
  /**
   * A new one-time link token (random unless given); it expires after `ttlMs` when given, else lives until used.
   * `parent`: the credential that asked for it; the link and its session stop working once that one does.
   */
  mintLink(ttlMs?: number, token?: string, parent?: Credential): { token: string; expiresAt: number | null }
  /**
   * A session (device) token reconnects; an unused link token is burned and exchanged for a fresh device token
   * (kept by `devices` when given, so it outlives the core; else in memory). `userAgent` names the device.
   */
  admit(presented: string | undefined, userAgent?: string): Admission
}

interface Entry {
  hash: Buffer
  kind: 'link' | 'session' | 'used'
  expiresAt: number | null
  parent: Credential | undefined
}

export function createUiCredentials(now: () => number = Date.now, devices?: DeviceCredentials): UiCredentials {
  const entries: Entry[] = []
  /** Devices let in through a link minted with an access token, and that token (for this run). */
  const deviceParents = new Map<string, Credential>()
  /** Every entry is compared (no early exit), so the time taken says nothing about which one matched. */
  const find = (presented: string): Entry | undefined => {
    const hash = digest(presented)
    let found: Entry | undefined
    for (const e of entries) if (timingSafeEqual(e.hash, hash)) found = e
    return found
  }
  const add = (token: string, kind: Entry['kind'], expiresAt: number | null, parent?: Credential) => entries.push({ hash: digest(token), kind, expiresAt, parent })

  return {
    mintLink(ttlMs, token = newUiToken(), parent) {
      // Links that expired unused are dropped here; used ones stay so a late second use gets its reason.
      const t = now()
      for (let i = entries.length - 1; i >= 0; i--) if (entries[i]!.kind === 'link' && entries[i]!.expiresAt !== null && entries[i]!.expiresAt! <= t) entries.splice(i, 1)
      const expiresAt = ttlMs === undefined ? null : t + ttlMs
      add(token, 'link', expiresAt, parent)
      return { token, expiresAt }
    },
    admit(presented, userAgent) {
      if (!presented) return { kind: 'refused', reason: 'ui_token_missing' }
      const entry = find(presented)
      if (!entry) {
        // Not a link of this run: a browser's device credential, kept across restarts (revoked ones admit nothing).
        const deviceId = devices?.admit(presented)
        if (!deviceId) return { kind: 'refused', reason: 'ui_token_invalid' }
        // A device let in through a link minted with an access token goes with that token (this run).
        const parent = deviceParents.get(deviceId)
        if (parent && !parent.stillValid()) return { kind: 'refused', reason: 'ui_token_invalid' }
        return { kind: 'session', deviceId, ...(parent ? { credential: derivedCredential('ui_session', parent) } : {}) }
      }
      // Minted with an access token that was rotated since, or whose account was removed: gone with it.
      if (entry.parent && !entry.parent.stillValid()) return { kind: 'refused', reason: 'ui_token_invalid' }
      const credential = entry.parent && derivedCredential('ui_session', entry.parent)
      if (entry.kind === 'session') return { kind: 'session', ...(credential ? { credential } : {}) }
      if (entry.kind === 'used') return { kind: 'refused', reason: 'ui_link_used' }
      if (entry.expiresAt !== null && entry.expiresAt <= now()) return { kind: 'refused', reason: 'ui_link_expired' }
      entry.kind = 'used'
      if (devices) {
        const { deviceId, token } = devices.register(userAgent)
        if (entry.parent) deviceParents.set(deviceId, entry.parent)
        return { kind: 'link', session: token, deviceId, ...(credential ? { credential } : {}) }
      }
      const session = newUiToken()
      add(session, 'session', null, entry.parent)
      return { kind: 'link', session, ...(credential ? { credential } : {}) }
    }
  }
}
