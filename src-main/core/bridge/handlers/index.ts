// Every channel's handler, composed from the per-domain modules; the type makes a missing channel a compile error.
import type { BridgeServices } from '../services.js'
import { apiHandlers, appHandlers } from './api.js'
import { chatHandlers } from './chats.js'
import { instanceHandlers } from './instances.js'
import { pairingHandlers } from './pairing.js'
import { policyHandlers } from './policies.js'
import { sandboxHandlers } from './sandbox.js'
import type { HandlerMap } from './types.js'
import { webhookHandlers } from './webhooks.js'

export function createHandlers(s: BridgeServices): HandlerMap {
  return {
    ...appHandlers(s),
    ...instanceHandlers(s),
    ...pairingHandlers(s),
    ...policyHandlers(s),
    ...webhookHandlers(s),
    ...apiHandlers(s),
    ...sandboxHandlers(s),
    ...chatHandlers(s)
  }
}

export type { HandlerMap } from './types.js'
