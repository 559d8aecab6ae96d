// The send queue as the Chats view explains it (issue 12 items 3-4): per instance, every waiting message with why
// and until when (queue.info, refreshed while a waiting bubble is on screen), and Resend of a message a restart
// dropped (queue.resend: a new message with the same content, added to the open thread).
import { create } from 'zustand'
import type { QueueInfoDto } from '../../src-preload/contract/dto.js'
import { bridge, call } from '../lib/bridge.js'
import { toUiError } from '../lib/errors.js'
import { useChatsStore } from './chats-store.js'
import { confirmDone, reportFailure } from './toasts-store.js'
import { t } from '../i18n/index.js'

/** A refresh this soon after the last one is skipped (every waiting bubble asks). */
const MIN_REFRESH_MS = 1_000

export interface QueueSnapshot {
  dto: QueueInfoDto
  /** Date.now() when it arrived: with dto.at, the core's time now (countdowns never depend on clock skew). */
  receivedAt: number
}

interface QueueState {
  info: Record<string, QueueSnapshot>
  /** Messages resent (their old bubble offers Resend no more) or being resent. */
  resent: Record<string, 'busy' | 'done'>
  /** `fresh`: after something changed (a message was dropped): no throttle, no older request joined. */
  load(instanceId: string, fresh?: boolean): Promise<QueueInfoDto | null>
  resend(instanceId: string, messageId: string): Promise<boolean>
}

const inFlight = new Map<string, Promise<QueueInfoDto | null>>()
/** Fresh loads asked for in the same tick (several bubbles turned Not sent at once) share one request. */
const freshInFlight = new Map<string, Promise<QueueInfoDto | null>>()

/** The core's time now, from a snapshot. */
export const coreNow = (s: QueueSnapshot, now = Date.now()): number => s.dto.at + Math.max(0, now - s.receivedAt)

export const useQueueStore = create<QueueState>()((set, get) => ({
  info: {},
  resent: {},
  load(instanceId, fresh = false) {
    if (fresh) {
      const joined = freshInFlight.get(instanceId)
      if (joined) return joined
    } else {
      const last = get().info[instanceId]
      if (last && Date.now() - last.receivedAt < MIN_REFRESH_MS) return Promise.resolve(last.dto)
      const running = inFlight.get(instanceId)
      if (running) return running
    }
    const p = call(bridge().queue.info({ instanceId }))
      .then((dto) => {
        set((s) => ({ info: { ...s.info, [instanceId]: { dto, receivedAt: Date.now() } } }))
        return dto
      })
      // A refresh that fails leaves what is shown; the bubble still says Waiting.
      .catch(() => null)
      .finally(() => {
        if (inFlight.get(instanceId) === p) inFlight.delete(instanceId)
      })
    inFlight.set(instanceId, p)
    if (fresh) {
      freshInFlight.set(instanceId, p)
      setTimeout(() => freshInFlight.delete(instanceId), 0)
    }
    return p
  },
  async resend(instanceId, messageId) {
    set((s) => ({ resent: { ...s.resent, [messageId]: 'busy' } }))
    try {
      const message = await call(bridge().queue.resend({ instanceId, messageId }))
      set((s) => ({ resent: { ...s.resent, [messageId]: 'done' } }))
      useChatsStore.getState().applyMessage({ instanceId, message })
      confirmDone(message.ack === 'pending' ? t('uiWords.toast.resentQueued') : t('uiWords.toast.resent'))
      return true
    } catch (e) {
      const { [messageId]: _gone, ...rest } = get().resent
      set({ resent: rest })
      const err = toUiError(e)
      reportFailure(err.message, err.recommendation)
      return false
    }
  }
}))
