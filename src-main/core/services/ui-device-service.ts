// Browsers let into the headless UI (issue 20 item 3): the device credential a one-time link is exchanged for,
// kept by the core (hashed at rest, ui_devices) so a browser let in once stays in across core restarts, listed and
// revoked from Settings. A revocation is announced (onRevoked) so the bridge closes what that device opened at once.
import { randomBytes } from 'node:crypto'
import type { Db } from '../db/connection.js'
import { admitUiDevice, insertUiDevice, listUiDevices, liveUiDeviceIds, revokeUiDevices, type UiDeviceRow } from '../db/repositories/ui-devices-repo.js'
import { generateToken, hashTokenHex } from '../domain/tokens.js'

export interface UiDevice {
  id: string
  /** "Chrome on Linux": what the browser said it was when it was let in. */
  label: string
  createdAt: number
  lastSeenAt: number
}

const toDevice = (r: UiDeviceRow): UiDevice => ({ id: r.id, label: r.label, createdAt: r.created_at, lastSeenAt: r.last_seen_at })

/** A short name for a browser from its User-Agent (no version, nothing identifying beyond what the list needs). */
export function deviceLabel(userAgent: string | undefined): string {
  const ua = userAgent ?? ''
  const browser = /Edg\//.test(ua) ? 'Edge' : /OPR\//.test(ua) ? 'Opera' : /Firefox\//.test(ua) ? 'Firefox' : /Chrom(e|ium)\//.test(ua) ? 'Chrome' : /Safari\//.test(ua) ? 'Safari' : 'A browser'
  const os = /Windows/.test(ua) ? 'Windows' : /Android/.test(ua) ? 'Android' : /iPhone|iPad/.test(ua) ? 'iOS' : /Mac OS X/.test(ua) ? 'macOS' : /Linux|X11/.test(ua) ? 'Linux' : null
  return os ? `${browser} on ${os}` : browser
}

export class UiDeviceService {
  private readonly listeners = new Set<(ids: string[]) => void>()

  constructor(private readonly deps: { db: Db; now: () => number }) {}

  /** A new device credential for a browser that used a valid link: the token goes to that browser only. */
  register(userAgent: string | undefined): { deviceId: string; token: string } {
    const token = generateToken()
    const deviceId = randomBytes(9).toString('base64url')
    insertUiDevice(this.deps.db, { id: deviceId, tokenHash: hashTokenHex(token), label: deviceLabel(userAgent) }, this.deps.now())
    return { deviceId, token }
  }

  /** The device a presented token belongs to (its last use stamped); undefined when unknown or revoked. */
  admit(token: string): string | undefined {
    return admitUiDevice(this.deps.db, hashTokenHex(token), this.deps.now())
  }

  list(): UiDevice[] {
    return listUiDevices(this.deps.db).map(toDevice)
  }

  /** Signs a browser out; its open connections are closed by the bridge (onRevoked). False when it was not signed in. */
  revoke(id: string): boolean {
    return this.announce(revokeUiDevices(this.deps.db, [id], this.deps.now())).length > 0
  }

  /** Signs out every browser but `keepId` (the one asking); returns how many. */
  revokeOthers(keepId: string | null): number {
    return this.announce(revokeUiDevices(this.deps.db, liveUiDeviceIds(this.deps.db).filter((id) => id !== keepId), this.deps.now())).length
  }

  /** Revoked device ids, after the revocation committed; returns the unsubscribe function. */
  onRevoked(listener: (ids: string[]) => void): () => void {
    this.listeners.add(listener)
    return () => void this.listeners.delete(listener)
  }

  private announce(ids: string[]): string[] {
    if (ids.length) for (const l of this.listeners) l(ids)
    return ids
  }
}
