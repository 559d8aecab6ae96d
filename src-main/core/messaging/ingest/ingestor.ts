// The only reader of the raw `engine.baileys` bus event: every batch becomes one SQLite transaction (store rows
// + outbox rows together), and once it committed the typed domain events the handlers queued (message.stored,
// message.ack, group.changed, channel.changed, ... in domain/events.ts) are published on the bus, so a listener
// that reads the store finds what the event names; presence.updated (nothing stored) follows in any case.
// Each enqueue that creates deliveries wakes the delivery worker (wakeDeliveries, handed to enqueueEvent; it only
// schedules, the worker looks after the commit). session.status events are written with the status row itself
// (session-status.ts, the instance manager's hook); their bus event only wakes the worker, because a started
// instance's held deliveries are due now.
// A big history sync is committed in small slices (history-slices.ts), several per turn of the event loop within a
// time budget (a turn's slices and queued batches in one transaction, each in its own savepoint), then a turn for
// everything else, so the API keeps answering during a sync at pairing; an instance's later batches wait behind its slices (per-instance order is kept), stop() commits whatever is still
// queued before the database closes. Batches run synchronously as Baileys emits them until, within one turn of the
// loop, SYNC_BURST_MIN_BATCHES of them have held it for SYNC_BURST_BUDGET_MS: Baileys' app-state sync emits label events one by one in one synchronous loop
// (hundreds at pairing), and the rest of such a burst waits for the next turns like history slices do.
// A batch's recorded history chunks (engine_history_chunks, the engine's crash
// record of chunks taken over from Baileys) are deleted in the transaction of its last slice: committed, they are done.
// With a history ingest thread (history-ingest-thread.ts) a batch's history part is written there instead, in the
// same slices, off the event loop; the batch's lid-mapping.update goes first and the rest of the batch (live events,
// engine.event, the chunk records' deletion) after it, here, once the thread has committed all of it. A thread that
// failed, or a part it did not finish, is stored here as before (its upserts find the rows the thread wrote).
import type { BaileysEventMap } from '@whiskeysockets/baileys'
import type { Db } from '../../db/connection.js'
import { deleteHistoryChunks } from '../../db/repositories/history-chunks-repo.js'
import type { EventPublisher, EventSubscriber } from '../../domain/event-bus.js'
import type { CoreEventMap, IngestEventMap, InstanceMe, SessionStatusEvent } from '../../domain/events.js'
import type { BaileysBusEvents } from '../../engine/baileys/baileys-events.js'
import { enqueueEvent, isSubscribed, webhookMe } from '../../webhooks/index.js'
import { toWaJid } from '../chat-ids.js'
import { identityOf } from '../store/jids.js'
import type { MapContext } from '../message-mapper.js'
import type { EmittedEvent, PayloadOf } from '../events/schemas.js'
import { ingestBatch } from './batch.js'
import { HISTORY_SLICE_ITEMS, HISTORY_TURN_BUDGET_MS, sliceBatch } from './history-slices.js'
import type { HistoryIngestThread } from './history-ingest-thread.js'
import type { HistoryJobResult } from './history-thread-protocol.js'
import type { IngestContext, PendingEvent } from './context.js'
import { engineEvents } from './engine-event.js'
import { presenceUpdated } from './signals.js'
import { DEFAULT_UNDECRYPTABLE_GRACE_MS, finalizeDuePlaceholders } from './undecryptable.js'

export interface IngestorLogger {
  error(obj: Record<string, unknown>, msg: string): void
  warn?(obj: Record<string, unknown>, msg: string): void
}

export interface IngestorDeps {
  db: Db
  /** Raw engine batches and session statuses in; the domain events of each committed batch out. */
  bus: EventSubscriber<CoreEventMap & BaileysBusEvents> & EventPublisher<IngestEventMap>
  /** Session name and paired account of an instance; undefined once it is deleted. */
  instance: (instanceId: string) => { name: string; me: InstanceMe | null } | undefined
  /** `engine` of the envelope (the adapter's name, NOWEB for Baileys). */
  engineName: string
  /**
   * Whether an own message was sent through this API (payload `source: "api"`). Seam for the outbound
   * module (PART E: wasSentByApi); until it is wired every fromMe message is "app".
   */
  sentByApi?: (db: Db, instanceId: string, messageId: string) => boolean
  /** Stable URL of a stored message's media, downloaded or not (MediaFiles.publicUrl), for `media.url`. */
  mediaUrl?: (instanceId: string, key: Parameters<NonNullable<MapContext['mediaUrl']>>[0]) => string | null
  /**
   * The delivery worker's wake (WebhookService.wake); must only schedule. Passed to every enqueue (runs when it
   * created deliveries), and called after a status change other than DELETED: a started instance's held
   * deliveries are due.
   */
  wakeDeliveries: () => void
  logger: IngestorLogger
  now?: () => number
  /** How long a retry may take to recover a message that could not be decrypted before message.undecryptable (default 30 s). */
  undecryptableGraceMs?: number
  /** Items (mappings, contacts, chats, messages) of a history sync committed per slice (default HISTORY_SLICE_ITEMS). */
  historySliceItems?: number
  /** Slices run back to back in one turn of the event loop while under this many ms (default HISTORY_TURN_BUDGET_MS). */
  historyTurnBudgetMs?: number
  /** Synchronous ingest time per turn of the loop before further batches wait a turn (default SYNC_BURST_BUDGET_MS). */
  syncBurstBudgetMs?: number
  /** Where history parts larger than a slice are written (history-ingest-thread.ts); without it, here in slices. */
  historyThread?: Pick<HistoryIngestThread, 'usable' | 'ingest' | 'abort' | 'warm'>
}

/** One piece of an instance's queued work: synchronous, or a history part on the thread with its in-process twin. */
interface Step {
  /** `into`: the step runs inside the caller's transaction and leaves its domain events there, to publish after that commits. */
  run(into?: PendingEvent[]): void | Promise<void>
  /** The same work done here and now (stop(), or the thread failed). */
  inline?: () => void
}

/** Main-thread time batches may take synchronously within one turn of the loop before later ones wait a turn... */
export const SYNC_BURST_BUDGET_MS = 20
/** ...once at least this many ran in it (a few batches of one turn, the usual case, are never deferred). */
export const SYNC_BURST_MIN_BATCHES = 16

export interface Ingestor {
  stop(): void
}

const ownJid = (me: InstanceMe | null): string => {
  try {
    return me ? toWaJid(me.id) : ''
  } catch {
    return ''
  }
}

const publishOne = <K extends keyof IngestEventMap>(bus: EventPublisher<IngestEventMap>, e: PendingEvent<K>): void => bus.emit(e.name, e.payload)

export function startIngestor(deps: IngestorDeps): Ingestor {
  const { db } = deps
  const now = deps.now ?? Date.now
  const sentByApi = deps.sentByApi ?? (() => false)

  const sliceItems = deps.historySliceItems ?? HISTORY_SLICE_ITEMS
  const turnBudgetMs = deps.historyTurnBudgetMs ?? HISTORY_TURN_BUDGET_MS
  /** Slices still to commit, per instance; an instance with an entry is busy and its new batches queue behind. */
  const pending = new Map<string, Step[]>()
  /** The thread step an instance's queue waits on. */
  const inFlight = new Map<string, Step>()
  let stopped = false
  /** What the last grouped turn's commit and publishing took, ms (runInOneTransaction). */
  let turnTailMs = 0
  const burstBudgetMs = deps.syncBurstBudgetMs ?? SYNC_BURST_BUDGET_MS
  /** Time batches ran synchronously in this turn of the loop (reset at the next turn). */
  let syncSpentMs = 0
  let syncRan = 0
  let syncResetQueued = false
  function runNow(run: () => void): void {
    const start = performance.now()
    run()
    syncSpentMs += performance.now() - start
    syncRan++
    if (syncResetQueued) return
    syncResetQueued = true
    setImmediate(() => {
      syncSpentMs = 0
      syncRan = 0
      syncResetQueued = false
    })
  }

  const historySize = (h: BaileysEventMap['messaging-history.set']) => (h.lidPnMappings?.length ?? 0) + h.contacts.length + h.chats.length + h.messages.length

  function onBatch({ instanceId, events, historyChunks }: BaileysBusEvents['engine.baileys']): void {
    const history = events['messaging-history.set']
    const thread = deps.historyThread
    const work = thread?.usable && history && historySize(history) > sliceItems ? threadSteps(thread, instanceId, events, historyChunks) : slicedSteps(instanceId, events, historyChunks)
    const queued = pending.get(instanceId)
    if (queued) {
      queued.push(...work)
      return
    }
    // Idle: the first (for most batches the only) part now, synchronously as Baileys emitted it, unless this turn
    // already ran its share of batches (a burst): then all of it in the next turns. A thread step never runs here.
    if (!work[0]!.inline && (syncRan < SYNC_BURST_MIN_BATCHES || syncSpentMs < burstBudgetMs)) runNow(() => void work.shift()!.run())
    if (!work.length) return
    pending.set(instanceId, work)
    scheduleNext(instanceId)
  }

  /** The batch in slices on this thread. engine.event describes the batch as Baileys emitted it: written once, with its last slice; so are its history chunks' records deleted. */
  function slicedSteps(instanceId: string, events: Partial<BaileysEventMap>, historyChunks: readonly string[] | undefined): Step[] {
    const parts = sliceBatch(events, sliceItems)
    return parts.map((part, i) => ({ run: (into) => ingestPart(instanceId, part, i === parts.length - 1 ? { events, historyChunks } : undefined, undefined, into) }))
  }

  /** lid-mapping.update here, the history part on the thread, then the rest of the batch here (see the module comment). */
  function threadSteps(thread: NonNullable<IngestorDeps['historyThread']>, instanceId: string, events: Partial<BaileysEventMap>, historyChunks: readonly string[] | undefined): Step[] {
    const { 'messaging-history.set': history, 'lid-mapping.update': mapping, ...rest } = events
    const inProcess = (): Step[] => sliceBatch({ 'messaging-history.set': history! }, sliceItems).map((part) => ({ run: (into) => ingestPart(instanceId, part, undefined, undefined, into) }))
    let carried: HistoryJobResult | undefined
    const steps: Step[] = []
    if (mapping) steps.push({ run: (into) => ingestPart(instanceId, { 'lid-mapping.update': mapping }, undefined, undefined, into) })
    steps.push({
      run: async () => {
        const inst = deps.instance(instanceId)
        if (!inst) return
        try {
          const r = await thread.ingest({ instanceId, now: now(), me: ownJid(inst.me), meLid: inst.me?.lid ?? null, history })
          for (const what of r.errors) deps.logger.error({ instanceId, what }, 'message store: a history item was skipped (history thread)')
          if (r.done) {
            carried = r
            return
          }
        } catch (err) {
          ;(deps.logger.warn ?? deps.logger.error)({ err, instanceId }, 'message store: the history thread did not store a history part; storing it on the main thread')
        }
        if (stopped) return
        // Not (wholly) committed there: here, in slices, ahead of the rest of the batch.
        pending.get(instanceId)?.unshift(...inProcess())
      },
      inline: () => {
        for (const step of inProcess()) void step.run()
      }
    })
    steps.push({ run: (into) => ingestPart(instanceId, rest, { events, historyChunks }, carried, into) })
    return steps
  }

  function scheduleNext(instanceId: string): void {
    setImmediate(() => {
      const queue = pending.get(instanceId)
      if (stopped || !queue) return
      // Slices back to back while the turn is short, then a turn of the loop (requests, timers) before the next; a
      // thread step holds the queue until the thread answered.
      const start = performance.now()
      runInOneTransaction(instanceId, queue, start)
      const head = queue[0]
      if (head?.inline && performance.now() - start < turnBudgetMs) {
        queue.shift()
        const waiting = head.run()
        if (waiting) {
          inFlight.set(instanceId, head)
          void waiting
            .catch((err: unknown) => deps.logger.error({ err, instanceId }, 'message store: history thread step failed'))
            .then(() => {
              inFlight.delete(instanceId)
              if (stopped) return
              if (queue.length) scheduleNext(instanceId)
              else pending.delete(instanceId)
            })
          return
        }
      }
      if (queue.length) scheduleNext(instanceId)
      else pending.delete(instanceId)
    })
  }

  /**
   * The turn's steps up to a thread step, while the turn's budget lasts, in one transaction: one commit (~1 ms of
   * the main thread each on this store) for what were as many, e.g. the hundreds of label batches of an app-state sync
   * or a turn's history slices. Each step keeps its own savepoint, so one that fails rolls back alone, as before;
   * their domain events are published once the whole turn committed.
   */
  function runInOneTransaction(instanceId: string, queue: Step[], start: number): void {
    if (!queue.length || queue[0]!.inline) return
    const published: PendingEvent[] = []
    let committed = false
    let stepsDone = start
    try {
      db.transaction(() => {
        // The commit and the publishing come after the last step: the last turn's took `turnTailMs`, kept inside the budget.
        while (queue.length && !queue[0]!.inline) {
          void queue.shift()!.run(published)
          if (performance.now() - start >= turnBudgetMs - turnTailMs) break
        }
        stepsDone = performance.now()
      })()
      committed = true
    } catch (err) {
      deps.logger.error({ err, instanceId }, 'message store: a turn of engine batches not stored')
    }
    if (committed) for (const e of published) publishOne(deps.bus, e)
    turnTailMs = Math.min(turnBudgetMs / 2, performance.now() - stepsDone)
  }

  /**
   * One transaction (a savepoint in the caller's, with `into`): the part's store and outbox rows; its domain events
   * after the commit (with `into`: left there for the caller). `carried`: what the
   * history thread's handlers emitted and queued for this batch, written and published with it.
   */
  function ingestPart(instanceId: string, events: Partial<BaileysEventMap>, last: Omit<BaileysBusEvents['engine.baileys'], 'instanceId'> | undefined, carried?: HistoryJobResult, into?: PendingEvent[]): void {
    const whole = last?.events
    const inst = deps.instance(instanceId)
    if (!inst) return // deleted while its socket was closing
    const at = now()
    const envelope = { instanceId, session: inst.name, me: webhookMe(inst.me), engine: deps.engineName }
    const published: PendingEvent[] = []
    const ctx: IngestContext = {
      db,
      instanceId,
      now: at,
      me: ownJid(inst.me),
      meLid: inst.me?.lid ?? null,
      payload: {
        me: ownJid(inst.me),
        sentByApi: (id) => sentByApi(db, instanceId, id),
        identity: (jid) => identityOf(db, instanceId, jid),
        meLid: inst.me?.lid ?? null,
        ...(deps.mediaUrl ? { mediaUrl: (key) => deps.mediaUrl!(instanceId, key) } : {})
      },
      emit<E extends EmittedEvent>(event: E, payload: PayloadOf<E>) {
        enqueueEvent(db, { ...envelope, event, payload }, { now: at, wake: deps.wakeDeliveries })
      },
      publish<K extends keyof IngestEventMap>(name: K, payload: Omit<IngestEventMap[K], 'instanceId'>) {
        // The payload without its instance id plus the instance id: TS cannot see that this is IngestEventMap[K].
        published.push({ name, payload: { ...payload, instanceId } as IngestEventMap[K] })
      },
      published,
      report: (err, what) => deps.logger.error({ err, instanceId, what }, 'message store: an engine item was skipped')
    }
    let committed = false
    try {
      db.transaction(() => {
        if (carried) {
          for (const [event, payload] of carried.emitted) ctx.emit(event as EmittedEvent, payload as PayloadOf<EmittedEvent>)
          published.push(...carried.published)
        }
        ingestBatch(ctx, events, (err, kind) => deps.logger.error({ err, instanceId, kind }, 'message store: ingesting an engine event failed'))
        if (whole && isSubscribed(db, instanceId, 'engine.event')) for (const raw of engineEvents(whole)) ctx.emit('engine.event', raw)
        if (last?.historyChunks?.length) deleteHistoryChunks(db, instanceId, last.historyChunks)
      })()
      committed = true
    } catch (err) {
      deps.logger.error({ err, instanceId }, 'message store: engine batch not stored')
    }
    // After the commit (a listener reading the store sees the batch); a failed batch publishes none of its events.
    // The bus isolates a throwing listener, so publishing cannot undo or interrupt ingestion.
    if (committed && into) into.push(...published)
    else if (committed) for (const e of published) publishOne(deps.bus, e)
    const presence = events['presence.update']
    if (presence) deps.bus.emit('presence.updated', presenceUpdated(instanceId, presence))
  }

  function onStatus(e: SessionStatusEvent): void {
    // The event row committed with the status (see session-status.ts); a start also makes held rows deliverable.
    if (e.status !== 'DELETED') deps.wakeDeliveries()
    // An account about to pair: its history sync follows within seconds; the thread loads its code meanwhile.
    if (e.status === 'SCAN_QR_CODE') deps.historyThread?.warm()
  }

  // Placeholders that no retry recovered in time become final (undecryptable.ts); also those left by an earlier run.
  const graceMs = deps.undecryptableGraceMs ?? DEFAULT_UNDECRYPTABLE_GRACE_MS
  const finalize = () => {
    try {
      finalizeDuePlaceholders(
        {
          db,
          emit: (instanceId, payload) => {
            const inst = deps.instance(instanceId)
            if (!inst) return false
            const me = ownJid(inst.me)
            const ctx = { me, sentByApi: (id: string) => sentByApi(db, instanceId, id), ...(deps.mediaUrl ? { mediaUrl: (key: Parameters<NonNullable<MapContext['mediaUrl']>>[0]) => deps.mediaUrl!(instanceId, key) } : {}) }
            const envelope = { instanceId, session: inst.name, me: webhookMe(inst.me), engine: deps.engineName }
            enqueueEvent(db, { ...envelope, event: 'message.undecryptable', payload: payload(ctx) }, { now: now(), wake: deps.wakeDeliveries })
            return true
          }
        },
        now(),
        graceMs
      )
    } catch (err) {
      deps.logger.error({ err }, 'message store: undecryptable placeholders not finalized')
    }
  }
  const sweep = setInterval(finalize, Math.max(250, Math.min(Math.floor(graceMs / 4), 10_000)))
  sweep.unref()

  const offs = [deps.bus.on('engine.baileys', onBatch), deps.bus.on('session.status', onStatus)]
  return {
    stop() {
      clearInterval(sweep)
      for (const off of offs.splice(0)) off()
      // Accepted history is never dropped by a clean stop: the slices still queued commit now, in order.
      // A history part on the thread is stored here too (the thread stops at its next transaction; rows it already
      // wrote are found again), before that instance's later work.
      stopped = true
      deps.historyThread?.abort()
      for (const [instanceId, queue] of pending) {
        inFlight.get(instanceId)?.inline?.()
        for (const step of queue.splice(0)) (step.inline ?? step.run)()
      }
      inFlight.clear()
      pending.clear()
    }
  }
}
