// Each number's day for the Instances dashboard (issue 20 item 13): sent, received, waiting, failed since local
// midnight, last activity and unread, from the core (instances.today). Reloads are coalesced like the unread
// counts: one query in flight and at most one pending, however many messages arrive meanwhile.
import { create } from 'zustand'
import type { TodaySummaryDto } from '../../src-preload/contract/dto.js'
import { bridge, call } from '../lib/bridge.js'
import { coalesced } from '../lib/coalesced.js'

export type DayEntry = TodaySummaryDto['instances'][number]

interface TodayState {
  byInstance: Record<string, DayEntry>
  loaded: boolean
  load(): Promise<void>
}

export const useTodayStore = create<TodayState>()((set) => {
  const query = async (): Promise<void> => {
    try {
      const dto = await call(() => bridge().instances.today())
      set({ byInstance: Object.fromEntries(dto.instances.map((e) => [e.instanceId, e])), loaded: true })
    } catch {
      // The day's figures are a summary: a failure leaves the last ones (the cards still show the state).
    }
  }
  return {
    byInstance: {},
    loaded: false,
    load: coalesced(query)
  }
})
