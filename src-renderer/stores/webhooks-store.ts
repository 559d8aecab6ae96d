// Webhooks: configs per instance (added or edited in place: saving an existing URL changes only the fields
// given), the delivery log (refreshed live on each attempt; a 410 that paused a webhook refreshes the configs too),
// attempts per delivery, replay with its progress.
import { create } from 'zustand'
import type { AttemptDto, DeliveryDto, WebhooksDto } from '../../src-preload/contract/dto.js'
import type { BridgeEvents } from '../../src-preload/contract/events.js'
import type { RequestOf } from '../../src-preload/contract/channels.js'
import { bridge, call } from '../lib/bridge.js'
import { toUiError, type UiError } from '../lib/errors.js'

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
  load(instanceId: string): Promise<void>
  save(input: WebhookInput): Promise<boolean>
  remove(instanceId: string, url: string): Promise<boolean>
  loadDeliveries(instanceId: string): Promise<void>
  loadAttempts(instanceId: string, deliveryId: number): Promise<void>
  replay(instanceId: string, eventId: string, webhookId: number): Promise<boolean>
  dismissReplayNotice(): void
  applyAttempt(event: BridgeEvents['webhook.attempt']): void
}

export const replayKey = (eventId: string, webhookId: number): string => `${eventId}:${webhookId}`

export const useWebhooksStore = create<WebhooksState>()((set, get) => ({
  data: {},
  deliveries: {},
  attempts: {},
  loading: false,
  saving: false,
  error: null,
  logError: null,
  replaying: null,
  replayNotice: null,
  async load(instanceId) {
    set({ loading: true })
    try {
      const dto = await call(bridge().webhooks.get({ instanceId }))
      set((s) => ({ data: { ...s.data, [instanceId]: dto }, error: null }))
      await get().loadDeliveries(instanceId)
    } catch (e) {
      set({ error: toUiError(e) })
    } finally {
      set({ loading: false })
    }
  },
  async save(input) {
    set({ saving: true, error: null })
    try {
      const dto = await call(bridge().webhooks.save(input))
      set((s) => ({ data: { ...s.data, [input.instanceId]: dto } }))
      return true
    } catch (e) {
      set({ error: toUiError(e) })
      return false
    } finally {
      set({ saving: false })
    }
  },
  async remove(instanceId, url) {
    set({ saving: true, error: null })
    try {
      const dto = await call(bridge().webhooks.delete({ instanceId, url }))
      set((s) => ({ data: { ...s.data, [instanceId]: dto } }))
      return true
    } catch (e) {
      set({ error: toUiError(e) })
      return false
    } finally {
      set({ saving: false })
    }
  },
  async loadDeliveries(instanceId) {
    try {
      const list = await call(bridge().webhooks.deliveries({ instanceId, limit: 50 }))
      set((s) => ({ deliveries: { ...s.deliveries, [instanceId]: list }, logError: null }))
    } catch (e) {
      set({ logError: toUiError(e) })
    }
  },
  async loadAttempts(instanceId, deliveryId) {
    try {
      const list = await call(bridge().webhooks.attempts({ instanceId, deliveryId }))
      set((s) => ({ attempts: { ...s.attempts, [deliveryId]: list } }))
    } catch (e) {
      set({ logError: toUiError(e) })
    }
  },
  async replay(instanceId, eventId, webhookId) {
    set({ replaying: replayKey(eventId, webhookId), replayNotice: null, logError: null })
    try {
      const { replayed } = await call(bridge().webhooks.replay({ instanceId, eventId, webhookId }))
      await get().loadDeliveries(instanceId)
      set({ replayNotice: replayed ? `Event ${eventId} is queued again (${replayed === 1 ? '1 delivery' : `${replayed} deliveries`}); its attempts appear in the log.` : `Nothing to replay for event ${eventId}.` })
      return true
    } catch (e) {
      set({ logError: toUiError(e) })
      return false
    } finally {
      set({ replaying: null })
    }
  },
  dismissReplayNotice: () => set({ replayNotice: null }),
  applyAttempt(e) {
    // Only instances whose log is on screen (loaded) are refreshed.
    if (get().deliveries[e.instanceId]) void get().loadDeliveries(e.instanceId)
    // A 410 made the core pause the webhook: the list must stop saying Active.
    if (e.attempt.outcome === 'gone' && get().data[e.instanceId]) void refreshConfig(e.instanceId)
    if (get().attempts[e.deliveryId]) void get().loadAttempts(e.instanceId, e.deliveryId)
  }
}))

/** The configs again, without the loading state (a live change, not a visit). */
async function refreshConfig(instanceId: string): Promise<void> {
  try {
    const dto = await call(bridge().webhooks.get({ instanceId }))
    useWebhooksStore.setState((s) => ({ data: { ...s.data, [instanceId]: dto } }))
  } catch (e) {
    useWebhooksStore.setState({ error: toUiError(e) })
  }
}
