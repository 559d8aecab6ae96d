// Every channel's handler, composed from the per-domain modules; the type makes a missing channel a compile error.
import type { BridgeContext } from './context.js'
import { accountHandlers } from './accounts.js'
import { apiHandlers, appHandlers } from './api.js'
import { campaignHandlers } from './campaigns.js'
import { chatHandlers } from './chats.js'
import { deviceHandlers } from './devices.js'
import { instanceHandlers } from './instances.js'
import { keyHandlers } from './keys.js'
import { pairingHandlers } from './pairing.js'
import { policyHandlers } from './policies.js'
import { queueHandlers } from './queue.js'
import { replyHandlers } from './replies.js'
import { sandboxHandlers } from './sandbox.js'
import { settingsHandlers } from './settings.js'
import type { HandlerMap } from './types.js'
import { webhookHandlers } from './webhooks.js'

export function createHandlers(c: BridgeContext): HandlerMap {
  return {
    ...appHandlers(c),
    ...instanceHandlers(c),
    ...pairingHandlers(c),
    ...policyHandlers(c),
    ...queueHandlers(c),
    ...webhookHandlers(c),
    ...apiHandlers(c),
    ...accountHandlers(c),
    ...settingsHandlers(c),
    ...sandboxHandlers(c),
    ...chatHandlers(c),
    ...deviceHandlers(c),
    ...campaignHandlers(c),
    ...replyHandlers(c),
    ...keyHandlers(c)
  }
}

export { bridgeContext, type BridgeContext } from './context.js'
export type { HandlerMap } from './types.js'
