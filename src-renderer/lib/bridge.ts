// The renderer's only way to the core. In Electron the preload provides `window.bridge` (MessagePort); headless,
// the same contract client runs over a WebSocket with this tab's UI credential. Views and stores cannot tell
// which. `call()` unwraps the envelope into data or a BridgeCallError carrying the core's code and words.
import { createBridgeClient, type Bridge } from '../../src-preload/contract/client.js'
import type { BridgeErrorBody, BridgeResult } from '../../src-preload/contract/envelope.js'
import type { BridgeRefusal } from '../../src-preload/contract/protocol.js'
import { forgetUiToken, keepUiToken, takeUiToken } from './ui-token.js'
import { webSocketTransport } from './ws-transport.js'

declare global {
  interface Window {
    bridge?: Bridge
  }
}

export class BridgeCallError extends Error {
  readonly code: string
  readonly recommendation: string | undefined
  readonly details: Record<string, unknown> | undefined

  constructor(body: BridgeErrorBody) {
    super(body.message)
    this.name = 'BridgeCallError'
    this.code = body.code
    this.recommendation = body.recommendation
    this.details = body.details
  }
}

let current: Bridge | undefined

/**
 * The bridge, created on first use: the preload's, else a WebSocket one (undefined without a UI credential).
 * When the core refuses the credential the bridge is dropped (a later call may start over with a new link).
 */
export function getBridge(onRefused?: (reason: BridgeRefusal) => void): Bridge | undefined {
  if (current) return current
  if (window.bridge) return (current = window.bridge)
  const token = takeUiToken()
  if (!token) return undefined
  const created = createBridgeClient(
    webSocketTransport({
      token,
      onSession: (session) => keepUiToken(session),
      onRefused(reason) {
        forgetUiToken()
        if (current === created) current = undefined
        onRefused?.(reason)
      }
    })
  )
  return (current = created)
}

/** Tests inject an in-memory bridge. */
export function setBridge(bridge: Bridge | undefined): void {
  current = bridge
}

export function bridge(): Bridge {
  const b = getBridge()
  if (!b) throw new BridgeCallError({ code: 'no_bridge', message: 'This page is not connected to Switchboard', recommendation: 'Open the link Switchboard printed when it started (it carries a one-time token)' })
  return b
}

export async function call<T>(result: Promise<BridgeResult<T>> | (() => Promise<BridgeResult<T>>)): Promise<T> {
  const r = await (typeof result === 'function' ? result() : result)
  if (r.ok) return r.data
  throw new BridgeCallError(r.error)
}
