// The one-time UI token of a core run: minted at start, kept only in memory, printed in the UI URL's fragment
// (never sent in a request line, so never logged). Compared in constant time over fixed-length hashes.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { BRIDGE_WS_PROTOCOL, BRIDGE_WS_TOKEN_PREFIX } from '../../../src-preload/contract/protocol.js'

export const newUiToken = (): string => randomBytes(32).toString('base64url')

const digest = (text: string) => createHash('sha256').update(text).digest()

export function tokenMatches(expected: string, presented: string | undefined): boolean {
  return presented !== undefined && timingSafeEqual(digest(expected), digest(presented))
}

/** The token a browser offers as the WebSocket subprotocol `token.<token>` next to the bridge protocol. */
export function tokenFromProtocols(header: string | string[] | undefined): string | undefined {
  const offered = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').map((p) => p.trim())
  if (!offered.includes(BRIDGE_WS_PROTOCOL)) return undefined
  return offered.find((p) => p.startsWith(BRIDGE_WS_TOKEN_PREFIX))?.slice(BRIDGE_WS_TOKEN_PREFIX.length)
}
