// Renderer test setup: jest-dom matchers, DOM cleanup and fresh stores after every test, no bridge left over.
import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'
import { setBridge } from '../lib/bridge.js'
import { useApiStore } from '../stores/api-store.js'
import { useAppStore } from '../stores/app-store.js'
import { useCampaignsStore } from '../stores/campaigns-store.js'
import { useChatsStore } from '../stores/chats-store.js'
import { useInstancesStore } from '../stores/instances-store.js'
import { usePairingStore } from '../stores/pairing-store.js'
import { usePoliciesStore } from '../stores/policies-store.js'
import { useSandboxStore } from '../stores/sandbox-store.js'
import { useWebhooksStore } from '../stores/webhooks-store.js'
import { useQueueStore } from '../stores/queue-store.js'
import { useToastsStore } from '../stores/toasts-store.js'
import { useUnreadStore } from '../stores/unread-store.js'

/** Each store's reset to its initial state (a list of closures: the stores' types differ). */
const resets = [useApiStore, useAppStore, useCampaignsStore, useChatsStore, useInstancesStore, usePairingStore, usePoliciesStore, useSandboxStore, useWebhooksStore, useQueueStore, useToastsStore, useUnreadStore].map(
  (store) => () => (store as unknown as { setState(s: unknown, replace: true): void; getInitialState(): unknown }).setState(store.getInitialState(), true)
)

afterEach(() => {
  cleanup()
  for (const reset of resets) reset()
  setBridge(undefined)
  localStorage.clear()
  sessionStorage.clear()
})
