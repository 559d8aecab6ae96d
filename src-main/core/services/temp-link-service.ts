// Temporary QR links as both front doors and the credential-free /temp-qr page see them: at most one live,
// unguessable, revocable link per instance, 30 minutes long. The front doors put their own base URL in front.
// At rest only the token's SHA-256 hash (the lookup key) and the token sealed with the data key are stored.
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
}

export class TempLinkService {
  constructor(private readonly deps: TempLinkServiceDeps) {}

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
