// Webhooks: configs per instance (added or edited in place: saving an existing URL changes only the fields
// given), the delivery log (refreshed live on each attempt; a 410 that paused a webhook refreshes the configs too),
// attempts per delivery, replay with its progress, each delivery's exact body and signature headers (payload
// viewer), and "Send test event" per webhook (a real signed webhook.test delivery that shows in the log).
import { create } from 'zustand'
import type { AttemptDto, DeliveryDto, DeliveryPayloadDto, WebhooksDto } from '../../src-preload/contract/dto.js'
import type { BridgeEvents } from '../../src-preload/contract/events.js'
import type { RequestOf } from '../../src-preload/contract/channels.js'
import { t } from '../i18n/index.js'
import { bridge, call } from '../lib/bridge.js'
import type { UiError } from '../lib/errors.js'
import { runAction } from './run-action.js'
import { confirmDone } from './toasts-store.js'

export type WebhookInput = RequestOf<'webhooks.save'>

interface WebhooksState {
  data: Record<string, WebhooksDto>
  deliveries: Record<string, DeliveryDto[]>
  attempts: Record<number, AttemptDto[]>
  loading: boolean
  saving: boolean
  error: UiError | null
  logError: UiError | null
  /** The replay running now (`eventId:webhookId`), and what the last one did. */
  replaying: string | null
  replayNotice: string | null
  /** Payloads by delivery id (loaded when the viewer opens). */
  payloads: Record<number, DeliveryPayloadDto>
  /** "Send test event": the webhook being tested now, and the outcome of the last test (per webhook id). */
  testing: number | null
  testNotice: { webhookId: number; text: string } | null
  testError: { webhookId: number; error: UiError } | null
  load(instanceId: string): Promise<void>
  save(input: WebhookInput): Promise<boolean>
  remove(instanceId: string, url: string): Promise<boolean>
  loadDeliveries(instanceId: string): Promise<void>
  loadAttempts(instanceId: string, deliveryId: number): Promise<void>
  replay(instanceId: string, eventId: string, webhookId: number): Promise<boolean>
  dismissReplayNotice(): void
  loadPayload(instanceId: string, deliveryId: number): Promise<void>
  /** event: a sample of that kind instead of webhook.test. */
  sendTest(instanceId: string, webhookId: number, event?: string): Promise<boolean>
  dismissTestNotice(): void
  applyAttempt(event: BridgeEvents['webhook.attempt']): void
}

export const replayKey = (eventId: string, webhookId: number): string => `${eventId}:${webhookId}`

export const useWebhooksStore = create<WebhooksState>()((set, get) => {
  const fail = (error: UiError) => set({ error })
  const failLog = (logError: UiError) => set({ logError })
  /** Save or delete: the instance's configs as the core answers them. */
  const change = (instanceId: string, run: () => Promise<WebhooksDto>) => {
    set({ saving: true, error: null })
    return runAction(
      async () => {
        const dto = await run()
        set((s) => ({ data: { ...s.data, [instanceId]: dto } }))
        return true
      },
      { fail, settle: () => set({ saving: false }), fallback: false }
    )
  }
  return {
    data: {},
    deliveries: {},
    attempts: {},
    loading: false,
    saving: false,
    error: null,
    logError: null,
    replaying: null,
    replayNotice: null,
    payloads: {},
    testing: null,
    testNotice: null,
    testError: null,
    async load(instanceId) {
      set({ loading: true })
      await runAction(
        async () => {
          const dto = await call(bridge().webhooks.get({ instanceId }))
          set((s) => ({ data: { ...s.data, [instanceId]: dto }, error: null }))
          await get().loadDeliveries(instanceId)
        },
        { fail, settle: () => set({ loading: false }) }
      )
    },
    save: (input) => change(input.instanceId, () => call(bridge().webhooks.save(input))).then((ok) => (ok && confirmDone(t('webhooks.notice.saved', { url: input.url })), ok)),
    remove: (instanceId, url) => change(instanceId, () => call(bridge().webhooks.delete({ instanceId, url }))).then((ok) => (ok && confirmDone(t('webhooks.notice.deleted', { url })), ok)),
    loadDeliveries: (instanceId) =>
      runAction(async () => {
        const list = await call(bridge().webhooks.deliveries({ instanceId, limit: 50 }))
        set((s) => ({ deliveries: { ...s.deliveries, [instanceId]: list }, logError: null }))
      }, { fail: failLog }),
    loadAttempts: (instanceId, deliveryId) =>
      runAction(async () => {
        const list = await call(bridge().webhooks.attempts({ instanceId, deliveryId }))
        set((s) => ({ attempts: { ...s.attempts, [deliveryId]: list } }))
      }, { fail: failLog }),
    async replay(instanceId, eventId, webhookId) {
      set({ replaying: replayKey(eventId, webhookId), replayNotice: null, logError: null })
      return runAction(
        async () => {
          const { replayed } = await call(bridge().webhooks.replay({ instanceId, eventId, webhookId }))
          await get().loadDeliveries(instanceId)
          set({ replayNotice: replayed ? t('webhooks.notice.replayed', { count: replayed, id: eventId }) : t('webhooks.notice.nothingToReplay', { id: eventId }) })
          return true
        },
        { fail: failLog, settle: () => set({ replaying: null }), fallback: false }
      )
    },
    dismissReplayNotice: () => set({ replayNotice: null }),
    loadPayload: (instanceId, deliveryId) =>
      runAction(async () => {
        const p = await call(bridge().webhooks.payload({ instanceId, deliveryId }))
        set((s) => ({ payloads: { ...s.payloads, [deliveryId]: p } }))
      }, { fail: failLog }),
    async sendTest(instanceId, webhookId, event) {
      set({ testing: webhookId, testNotice: null, testError: null })
      return runAction(
        async () => {
          const sample = event !== undefined && event !== 'webhook.test'
          const { eventId } = await call(bridge().webhooks.sendTest({ instanceId, webhookId, ...(sample ? { event } : {}) }))
          await get().loadDeliveries(instanceId)
          const paused = get().data[instanceId]?.webhooks.find((w) => w.id === webhookId)?.isActive === false
          const what = sample ? t('webhooks.notice.sample', { event }) : t('webhooks.notice.test')
          set({ testNotice: { webhookId, text: paused ? t('webhooks.notice.queuedPaused', { what, id: eventId }) : t('webhooks.notice.queued', { what, id: eventId }) } })
          return true
        },
        { fail: (error) => set({ testError: { webhookId, error } }), settle: () => set({ testing: null }), fallback: false }
      )
    },
    dismissTestNotice: () => set({ testNotice: null }),
    applyAttempt(e) {
      // Only instances whose log is on screen (loaded) are refreshed.
      if (get().deliveries[e.instanceId]) void get().loadDeliveries(e.instanceId)
      // A 410 made the core pause the webhook: the list must stop saying Active.
      if (e.attempt.outcome === 'gone' && get().data[e.instanceId]) void refreshConfig(e.instanceId)
      if (get().attempts[e.deliveryId]) void get().loadAttempts(e.instanceId, e.deliveryId)
      // An open payload viewer shows the headers of the newest attempt.
      if (get().payloads[e.deliveryId]) void get().loadPayload(e.instanceId, e.deliveryId)
    }
  }
})

/** The configs again, without the loading state (a live change, not a visit). */
async function refreshConfig(instanceId: string): Promise<void> {
  await runAction(
    async () => {
      const dto = await call(bridge().webhooks.get({ instanceId }))
      useWebhooksStore.setState((s) => ({ data: { ...s.data, [instanceId]: dto } }))
    },
    { fail: (error) => useWebhooksStore.setState({ error }) }
  )
}
