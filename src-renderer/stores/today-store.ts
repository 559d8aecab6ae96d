// Each number's day for the Instances dashboard (issue 20 item 13): sent, received, waiting, failed since local
// midnight, last activity and unread, from the core (instances.today). Reloads are coalesced like the unread
// counts: one query in flight and at most one pending, however many messages arrive meanwhile.
import type { TodaySummaryDto } from '../../src-preload/contract/dto.js'
import { bridge, call } from '../lib/bridge.js'
import { createPerInstanceStore } from './per-instance-store.js'

export type DayEntry = TodaySummaryDto['instances'][number]

export const useTodayStore = createPerInstanceStore<DayEntry>(() => call(() => bridge().instances.today()))
