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
import { useNotifyStore } from '../stores/notify-store.js'
import { useTodayStore } from '../stores/today-store.js'
import { useSavedRepliesStore } from '../stores/saved-replies-store.js'
import { useApiKeysStore } from '../stores/api-keys-store.js'
import { useLanguageStore } from '../stores/language-store.js'
import { i18n } from '../i18n/index.js'

// jsdom lays nothing out (every size is 0): a virtualized list's scroller (data-virtual-scroll) reports a tall
// viewport and keeps the scrollTop it is given, and its rows (data-index) are 60 px tall, so the virtualizer
// renders a window of rows as in a browser; a test may still define its own sizes on an element.
const virtualScroller = (el: HTMLElement) => el.hasAttribute('data-virtual-scroll')
for (const prop of ['clientHeight', 'clientWidth'] as const) {
  Object.defineProperty(HTMLElement.prototype, prop, {
    configurable: true,
    get(this: HTMLElement) {
      return virtualScroller(this) ? 4000 : 0
    }
  })
}
Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
  configurable: true,
  get(this: HTMLElement) {
    return this.hasAttribute('data-index') ? 60 : 0
  }
})
const scrollTops = new WeakMap<Element, number>()
Object.defineProperty(Element.prototype, 'scrollTop', {
  configurable: true,
  get(this: Element) {
    return scrollTops.get(this) ?? 0
  },
  set(this: Element, v: number) {
    scrollTops.set(this, Math.max(0, v))
  }
})

/** Each store's reset to its initial state (a list of closures: the stores' types differ). */
const resets = [useApiStore, useAppStore, useCampaignsStore, useChatsStore, useInstancesStore, usePairingStore, usePoliciesStore, useSandboxStore, useWebhooksStore, useQueueStore, useToastsStore, useUnreadStore, useNotifyStore, useTodayStore, useSavedRepliesStore, useLanguageStore, useApiKeysStore].map(
  (store) => () => (store as unknown as { setState(s: unknown, replace: true): void; getInitialState(): unknown }).setState(store.getInitialState(), true)
)

afterEach(() => {
  cleanup()
  for (const reset of resets) reset()
  setBridge(undefined)
  // A test that switched the language leaves the next one in English (the tests read English words).
  void i18n.changeLanguage('en')
  localStorage.clear()
  sessionStorage.clear()
})
