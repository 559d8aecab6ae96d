// The send pipeline of ARCHITECTURE.md §3 after validation: a typed command -> its dispatch (files read and
// converted) -> engine WORKING? recipient real? -> outbound row (SQLite) -> rate-limit queue (policy of the
// instance) -> the session port (row `sending` + daily counter) -> the server's ack (row `sent`). Answers a domain
// result: `sent` with the message once the port relayed it, or `queued` with its id, position and ETA (the HTTP shapes
// are built in api/routes/v2/send/). Accepted sends are durable: the row keeps the command (and outbox-media/ its
// files) until the server acks the message, so a crash or a dropped connection before that sends it again with its id.
import type { Logger } from 'pino'
import type { Db } from '../../db/connection.js'
import { isDomainError } from '../../domain/errors.js'
import type { SessionPort } from '../../engine/session-port.js'
import type { WAMessage } from '../../engine/wa-wire.js'
import { QueuePurgedError, type Clock, type DenyReason, type LimiterSnapshot, type SendQueue, type SubmitResult } from '../../rate-limit/index.js'
import type { ParsedMessageId } from '../chat-ids.js'
import { pnForLid } from '../store/index.js'
import { restoredCommand, storedCommand } from './durable-commands.js'
import type { MediaFile, MediaLimits } from './media-input.js'
import type { NotSentReports } from './not-sent.js'
import * as rows from './outbound-repo.js'
import { markResent } from './outbound-history-repo.js'
import { encodePreview, previewOf } from './outbound-preview.js'
import type { FileSlot, OutboxMedia } from './outbox-media.js'
import { RecipientCheck } from './recipients.js'
import type { OnWhatsAppCache } from '../reads/on-whatsapp-cache.js'
import type { CheckLimits } from '../reads/contact-ops.js'
import type { SendCommand } from './send-command.js'
import { dispatchOf, type Dispatch } from './send-dispatch.js'
import { sendErrors } from './send-errors.js'
import { Deliverability, type DeliverabilityOptions, type DeliverabilityView } from './deliverability.js'
import { opensNewChat } from './new-contacts.js'

export type { Dispatch } from './send-dispatch.js'

/** A message ready for the pipeline: where it goes and how to put it on the wire. */
export interface OutboundRequest {
  instanceId: string
  /** The command kind (text, image, poll, status_text...), kept on the row. */
  kind: string
  chatJid: string
  replyTo?: ParsedMessageId
  dispatch: Dispatch
  /** The command and the files it read: kept on the row so that the send survives a crash (status posts have none). */
  durable?: { command: SendCommand; loaded: ReadonlyMap<FileSlot, MediaFile> }
  /**
   * Run in the transaction that inserts the outbound row, with its message id (campaigns record the recipient's one
   * send there: both or neither survive a crash). Throwing aborts the send before anything is queued.
   */
  claim?: (messageId: string) => void
}

/** Options of send(): see OutboundRequest.claim. */
export interface SendOptions {
  claim?: (messageId: string) => void
}

/** How often a queued message looks for the reconnected socket. */
const RECONNECT_POLL_MS = 250

/** How long a send that opens a new chat waits for the server's ack (463/475 come there) before it is answered. */
const SERVER_ACK_WAIT_MS = 5_000

/** How long any relayed message is watched for its server ack; without one it stays `sending` (resent at the next WORKING or start). */
const ACK_WATCH_MS = 120_000

/** Why a message waits: the rate-limit policy, or (Switchboard's addition) the network's limit on new chats. */
export type QueueReason = DenyReason | 'new_contacts_paused' | 'account_restricted'

/** Sent at once: what Baileys sent (id chosen by the pipeline). */
export interface SentResult {
  status: 'sent'
  message: WAMessage
  /** The account's own JID when it was sent (the message's from/to). */
  me: string
}

/** Held by the instance's rate-limit policy; sent in order without another call. Its id is already final. */
export interface QueuedResult {
  status: 'queued'
  messageId: string
  chatJid: string
  /** 1 = next. */
  position: number
  /** When it is expected to leave (Unix ms), and how long from now. */
  etaAt: number
  etaMs: number
  reason: QueueReason
}

export type SendResult = SentResult | QueuedResult

/** Why an accepted message still waits, for people (the UI explains each): the queue's reasons, or the instance is not WORKING yet (a previous run's send waiting to be restored), or it is leaving right now. */
export type WaitReason = QueueReason | 'not_working' | 'about_to_send'

/** One message that waits (a queued outbound row): what a restart would drop. */
export interface WaitingSend {
  messageId: string
  chatJid: string
  /** 1 = next, over every waiting message of the instance (acceptance order). */
  position: number
  reason: WaitReason
  /** When it is expected to leave (ms), when known: the rate's slot, the end of the protection or of the network's hold. */
  notBefore: number | null
  acceptedAt: number
}

/** The id a send result's message has (sent or queued). */
export const resultMessageId = (r: SendResult): string => (r.status === 'sent' ? (r.message.key.id ?? '') : r.messageId)

/** The outbound row of one message: what became of it. */
export type MessageFate = Pick<rows.OutboundRow, 'message_id' | 'kind' | 'status' | 'error_code' | 'error_message' | 'created_at' | 'sent_at'>

export interface SendServiceDeps {
  db: Db
  /** livePort(): the instance's session port while WORKING. */
  engine: { livePort(instanceId: string): SessionPort | undefined }
  /** Current status of an instance (for the session_status_mismatch error). */
  statusOf: (instanceId: string) => string | undefined
  queue: SendQueue
  clock: Clock
  logger: Logger
  media: MediaLimits
  /** How long a queued message waits for a reconnecting session (default 30 s). */
  reconnectWaitMs?: number
  /** A stored message by chat JID and id (the message store), for quotes and votes of received messages. */
  findStored?: (instanceId: string, chatJid: string, id: string) => WAMessage | undefined
  /** Cool-downs of the new-contact hold when the network gave no end. */
  deliverability?: DeliverabilityOptions
  /** Where queued sends keep their files (without it, media sends are not restorable after a crash). */
  outboxMedia?: OutboxMedia
  /** The failed message.ack of sends dropped by a restart or not restorable (webhook + UI). */
  notSent?: NotSentReports
  /** Number checks before a first message: their shared answers and the policy's check limiter (issue 22 item 3). */
  numbers?: { cache: OnWhatsAppCache; checks: CheckLimits }
}

/** A send to a new contact held while the network limits new chats; its row stays `queued`. */
interface HeldSend {
  req: OutboundRequest
  messageId: string
  quoted: WAMessage | undefined
}

export class SendService {
  readonly recipients: RecipientCheck
  /** The network's limits on new chats (463/475), fed by the ingestor's deliverability.changed events. */
  readonly deliverability: Deliverability
  private readonly held = new Map<string, HeldSend[]>()
  /** Queued rows a previous run left, per instance, re-submitted on the instance's first WORKING. */
  private readonly leftover = new Map<string, rows.OutboundRow[]>()
  /** Restorations under way: new sends wait for them, so restored ones keep their place ahead. */
  private readonly restoring = new Map<string, Promise<void>>()
  /** The rate-limit queue's job of each waiting message, per instance (for its place, ETA and reason). */
  private readonly jobs = new Map<string, Map<string, number>>()
  /** Messages this process has in its queue or is handing to Baileys (`instance/id`): never resent by a sweep. */
  private readonly inFlight = new Set<string>()
  /** Relayed messages waiting for their server ack (`instance/id`), with the port (one per socket) that relayed them. */
  private readonly awaitingAck = new Map<string, SessionPort>()

  constructor(readonly deps: SendServiceDeps) {
    this.recipients = new RecipientCheck({
      now: () => deps.clock.now(),
      pnForLid: (instanceId, lid) => pnForLid(deps.db, instanceId, lid),
      wroteBefore: (instanceId, jid) => !opensNewChat(deps.db, instanceId, jid),
      ...(deps.numbers ? { numbers: deps.numbers } : {})
    })
    this.deliverability = new Deliverability(deps.clock, (id) => this.releaseHeld(id), deps.deliverability)
  }

  /** What the network lets this account do with new contacts (GET /v2/session/info, the UI). */
  deliverabilityOf(instanceId: string): DeliverabilityView {
    return this.deliverability.view(instanceId, this.held.get(instanceId)?.length ?? 0)
  }

  get media(): MediaLimits {
    return this.deps.media
  }

  /** The instance's session port, or session_status_mismatch naming its status. */
  private portOf(instanceId: string): SessionPort {
    const port = this.deps.engine.livePort(instanceId)
    if (!port) throw sendErrors.notWorking(this.deps.statusOf(instanceId) ?? 'STOPPED')
    return port
  }

  /** A message this instance sent (outbound rows) or received (the store). */
  findMessage(instanceId: string, ref: ParsedMessageId): WAMessage | undefined {
    return rows.sentMessage(this.deps.db, instanceId, ref.id) ?? this.deps.findStored?.(instanceId, ref.remoteJid, ref.id)
  }

  /** The quoted message of a reply; an unknown one still quotes by id (the phone shows it if it has it). */
  quoted(instanceId: string, ref: ParsedMessageId): WAMessage {
    const found = this.findMessage(instanceId, ref)
    if (found?.message) return found
    return {
      key: { remoteJid: ref.remoteJid, fromMe: ref.fromMe, id: ref.id, ...(ref.participant ? { participant: ref.participant } : {}) },
      message: { conversation: '' }
    }
  }

  /** Sends a typed command: its file is read and converted (or its poll found) before anything is queued. */
  async send(instanceId: string, command: SendCommand, opts: SendOptions = {}): Promise<SendResult> {
    const loaded = new Map<FileSlot, MediaFile>()
    const dispatch = await dispatchOf(command, { media: this.media, findMessage: (ref) => this.findMessage(instanceId, ref), onLoaded: (slot, f) => loaded.set(slot, f) })
    return this.submit({ ...this.requestOf(instanceId, command, dispatch, loaded), ...(opts.claim ? { claim: opts.claim } : {}) })
  }

  private requestOf(instanceId: string, command: SendCommand, dispatch: Dispatch, loaded: ReadonlyMap<FileSlot, MediaFile>): OutboundRequest {
    const replyTo = 'replyTo' in command ? command.replyTo : undefined
    return { instanceId, kind: command.kind, chatJid: command.chatJid, ...(replyTo ? { replyTo } : {}), dispatch, durable: { command, loaded } }
  }

  /** The pipeline for a ready dispatch (send commands, 24-hour status posts). */
  async submit(req: OutboundRequest): Promise<SendResult> {
    const { db, queue, clock } = this.deps
    // Sends a previous run left queued go first (their restoration started on this WORKING).
    const restoring = this.restoring.get(req.instanceId)
    if (restoring) await restoring
    const port = this.portOf(req.instanceId)
    await this.recipients.ensure(req.instanceId, port, req.chatJid)
    const quoted = req.replyTo ? this.quoted(req.instanceId, req.replyTo) : undefined
    const messageId = port.newMessageId()
    const media = this.deps.outboxMedia
    const command = req.durable && media ? storedCommand(req.durable.command, req.durable.loaded, (slot) => media.nameOf(req.instanceId, messageId, slot)).json : null
    // What its chat shows of it from now on (waiting, held, not sent), kept after the command goes.
    const preview = req.durable ? encodePreview(previewOf(req.durable.command, req.durable.loaded)) : null
    const insert = () => rows.insertOutbound(db, { instanceId: req.instanceId, messageId, chatJid: req.chatJid, kind: req.kind, command, preview }, clock.now())
    const claim = req.claim
    if (claim) db.transaction(() => (insert(), claim(messageId)))()
    else insert()
    // The network limits new chats now: hold it rather than have it refused (each refusal burns the number more).
    if (this.holdsNewChat(req)) return this.hold({ req, messageId, quoted })

    const submitted = this.submitJob(req, messageId, quoted)
    if (submitted.status === 'rejected') {
      rows.deleteOutbound(db, req.instanceId, messageId)
      throw submitted.error
    }
    if (submitted.status === 'started') {
      const message = await submitted.result
      if (message === 'held') return this.heldResult(req, messageId)
      // The own JID as the engine knows it after the send (the message's from/to).
      return { status: 'sent', message, me: this.deps.engine.livePort(req.instanceId)?.account().id ?? '' }
    }
    // Queued: its files are kept before the caller has its answer (a crash after the 202 must not lose them).
    this.keepFiles(req, messageId)
    this.track(req.instanceId, messageId, submitted.jobId)
    this.settleLater(req, messageId, submitted.result)
    return { status: 'queued', messageId, chatJid: req.chatJid, position: submitted.position, etaAt: submitted.etaAt, etaMs: submitted.etaMs, reason: submitted.reason }
  }

  /** Remembers the queue job of a waiting message until it settles (settleLater forgets it). */
  private track(instanceId: string, messageId: string, jobId: number): void {
    const jobs = this.jobs.get(instanceId) ?? new Map<string, number>()
    jobs.set(messageId, jobId)
    this.jobs.set(instanceId, jobs)
  }

  private settleLater(req: OutboundRequest, messageId: string, result: Promise<unknown>): void {
    const untrack = () => this.jobs.get(req.instanceId)?.delete(messageId)
    result.then(untrack, untrack)
    result.catch((e: unknown) => {
      // Purged by a restart (purge() settled the rows) or by closing the app's queue (the rows stay queued: restored at the next start).
      if (e instanceof QueuePurgedError) return
      this.dropFiles(req, messageId)
      if (!isDomainError(e)) this.deps.logger.warn({ err: e, instanceId: req.instanceId, messageId }, 'queued send failed')
    })
  }

  /** The files a waiting send read, kept under outbox-media/ until it leaves the queue. */
  private keepFiles(req: OutboundRequest, messageId: string): void {
    const media = this.deps.outboxMedia
    if (!media || !req.durable) return
    for (const [slot, f] of req.durable.loaded) media.write(media.nameOf(req.instanceId, messageId, slot), f.data)
  }

  private dropFiles(req: OutboundRequest, messageId: string): void {
    if (req.durable?.loaded.size) this.deps.outboxMedia?.removeMessage(req.instanceId, messageId)
  }

  /** Held by the network's limits: every send while the account is restricted, else new chats while paused. */
  private holdsNewChat(req: OutboundRequest): boolean {
    if (this.deliverability.restricted(req.instanceId)) return true
    return !!this.deliverability.paused(req.instanceId) && opensNewChat(this.deps.db, req.instanceId, req.chatJid)
  }

  private holdReason(instanceId: string): 'new_contacts_paused' | 'account_restricted' {
    return this.deliverability.restricted(instanceId) ? 'account_restricted' : 'new_contacts_paused'
  }

  private hold(h: HeldSend): QueuedResult {
    this.keepFiles(h.req, h.messageId)
    const list = this.held.get(h.req.instanceId) ?? []
    list.push(h)
    this.held.set(h.req.instanceId, list)
    return this.heldResult(h.req, h.messageId)
  }

  private heldResult(req: OutboundRequest, messageId: string): QueuedResult {
    const list = this.held.get(req.instanceId) ?? []
    const position = Math.max(1, list.findIndex((h) => h.messageId === messageId) + 1)
    const etaAt = this.deliverability.paused(req.instanceId)?.until ?? this.deps.clock.now()
    return { status: 'queued', messageId, chatJid: req.chatJid, position, etaAt, etaMs: Math.max(0, etaAt - this.deps.clock.now()), reason: this.holdReason(req.instanceId) }
  }

  /** The hold lifted: held sends go to the rate-limit queue in the order they were accepted (the policy applies). */
  private releaseHeld(instanceId: string): void {
    const list = this.held.get(instanceId)
    this.held.delete(instanceId)
    for (const h of list ?? []) {
      const submitted = this.submitJob(h.req, h.messageId, h.quoted)
      if (submitted.status === 'rejected') {
        rows.markFailed(this.deps.db, instanceId, h.messageId, submitted.error.code, submitted.error.message, this.deps.clock.now())
        this.dropFiles(h.req, h.messageId)
        continue
      }
      if (submitted.status === 'queued') this.track(instanceId, h.messageId, submitted.jobId)
      this.settleLater(h.req, h.messageId, submitted.result)
    }
  }

  /** The rate-limit queue's job of one message, marked in flight until Baileys is done with it. */
  private submitJob(req: OutboundRequest, messageId: string, quoted: WAMessage | undefined): SubmitResult<WAMessage | 'held'> {
    const key = `${req.instanceId}/${messageId}`
    this.inFlight.add(key)
    const submitted = this.deps.queue.submit(req.instanceId, 'send', () => this.runJob(req, messageId, quoted))
    if (submitted.status === 'rejected') this.inFlight.delete(key)
    else {
      const done = () => this.inFlight.delete(key)
      submitted.result.then(done, done)
    }
    return submitted
  }

  private async runJob(req: OutboundRequest, messageId: string, quoted: WAMessage | undefined): Promise<WAMessage | 'held'> {
    const { db, clock } = this.deps
    // Queued before the network limited new chats: held now instead (its row stays queued).
    if (this.holdsNewChat(req)) {
      this.hold({ req, messageId, quoted })
      return 'held'
    }
    if (!rows.markSending(db, req.instanceId, messageId, clock.now())) {
      throw new QueuePurgedError('queue_purged', 'the instance restarted before this message was sent')
    }
    // Until the server acks it, a crash or a dropped connection sends it again from its command: its files stay.
    this.keepFiles(req, messageId)
    const port = await this.portWhenReconnected(req.instanceId)
    if (!port) {
      const e = sendErrors.notWorking(this.deps.statusOf(req.instanceId) ?? 'STOPPED')
      rows.markFailed(db, req.instanceId, messageId, e.code, e.message, clock.now())
      throw e
    }
    // Registered before the send, so a fast ack is not missed. A message that opens a new chat is what 463/475
    // refuse: its answer waits for the ack; any other is answered once relayed, and its ack settles the row later.
    const newChat = opensNewChat(db, req.instanceId, req.chatJid)
    const ack = port.serverAck(messageId, ACK_WATCH_MS)
    let sent: WAMessage
    try {
      sent = await req.dispatch(port, { messageId, quoted })
    } catch (e) {
      ack.cancel()
      const err = isDomainError(e) ? e : sendErrors.sendFailed(e instanceof Error ? e.message : String(e))
      rows.markFailed(db, req.instanceId, messageId, err.code, err.message, clock.now())
      this.dropFiles(req, messageId)
      throw err
    }
    rows.markRelayed(db, req.instanceId, sent, clock.now(), true)
    const key = `${req.instanceId}/${messageId}`
    this.awaitingAck.set(key, port)
    let waiting = newChat
    const settled = ack.result.then((error) => {
      if (this.awaitingAck.get(key) === port) this.awaitingAck.delete(key)
      // A new chat's refusal while its answer waits is settled below, with the network's code.
      if (!(waiting && error)) this.settleAck(req, messageId, error)
      return error
    })
    if (!newChat) return sent
    // The wait's timer goes as soon as the ack comes (left running, each held its promise for the full 5 s: ~120 of
    // them were still in the heap when the campaign bench read it after a campaign).
    let timer: NodeJS.Timeout | undefined
    const error = await Promise.race([settled, new Promise<undefined>((r) => (timer = setTimeout(() => r(undefined), SERVER_ACK_WAIT_MS).unref()))])
    clearTimeout(timer)
    waiting = false
    if (error) this.dropFiles(req, messageId)
    if (error === '463' || error === '475') {
      const limit = error === '463' ? 'reachout_timelock' : 'message_cap'
      this.deliverability.apply({ instanceId: req.instanceId, limit, active: true, until: null })
      const err = sendErrors.refusedByNetwork(error === '463' ? 'reachout_timelocked' : 'message_capped', this.deliverability.paused(req.instanceId)?.until ?? null)
      rows.markFailed(db, req.instanceId, messageId, err.code, err.message, clock.now())
      throw err
    }
    if (error) {
      const err = sendErrors.sendFailed(`ack error ${error}`)
      rows.markFailed(db, req.instanceId, messageId, err.code, err.message, clock.now())
      throw err
    }
    return sent
  }

  /**
   * The server's word on a relayed message: acked ('') -> `sent`, final, its files go; refused (an error code) ->
   * `failed`; no word (the socket closed, or none within ACK_WATCH_MS) -> it stays `sending`, sent again with its id
   * at the next WORKING of a new connection (resendUnacked) or at the next start.
   */
  private settleAck(req: OutboundRequest, messageId: string, error: string | undefined): void {
    const { db, clock } = this.deps
    if (error === undefined) return
    if (error === '') {
      if (rows.markAcked(db, req.instanceId, messageId, clock.now())) this.dropFiles(req, messageId)
      return
    }
    rows.markFailed(db, req.instanceId, messageId, 'send_failed', `ack error ${error}`, clock.now())
    this.dropFiles(req, messageId)
  }

  /**
   * A new connection is WORKING: messages relayed on an earlier one that the server never acked go again, with their
   * ids (the recipient's device drops a repeat), ahead of new sends; acked ones never (they are `sent`). Those without
   * a command (status posts) cannot be rebuilt: they fail send_interrupted.
   */
  resendUnacked(instanceId: string): Promise<void> {
    if (this.leftover.has(instanceId)) return this.resumeLeftover(instanceId)
    const run = (this.restoring.get(instanceId) ?? Promise.resolve()).then(async () => {
      const live = this.deps.engine.livePort(instanceId)
      const stale = rows.unackedRows(this.deps.db, instanceId).filter((r) => {
        const key = `${instanceId}/${r.message_id}`
        const relayedOn = this.awaitingAck.get(key)
        return !this.inFlight.has(key) && (!relayedOn || relayedOn !== live)
      })
      if (!stale.length) return
      for (const r of stale) this.awaitingAck.delete(`${instanceId}/${r.message_id}`)
      const lost = stale.filter((r) => !r.command)
      if (lost.length) this.dropNotSent(lost, 'send_interrupted', rows.INTERRUPTED_MESSAGE)
      const again = stale.filter((r) => r.command)
      this.deps.logger.info({ instanceId, resent: again.length }, 'messages the server never acked are sent again with their ids')
      if (again.length) await this.restore(instanceId, again)
    })
    const tracked = run
      .catch((err: unknown) => this.deps.logger.error({ err, instanceId }, 'resending unacked messages failed'))
      .finally(() => {
        if (this.restoring.get(instanceId) === tracked) this.restoring.delete(instanceId)
      })
    this.restoring.set(instanceId, tracked)
    return tracked
  }

  /**
   * The session port; while the session is reconnecting (STARTING after WORKING) a queued message waits for it
   * up to `reconnectWaitMs` instead of failing on a network blip. Stopped or logged-out sessions fail at once.
   */
  private async portWhenReconnected(instanceId: string): Promise<SessionPort | undefined> {
    // The injected clock (ManualClock in tests) sets both the deadline and the poll timer.
    const { clock } = this.deps
    const deadline = clock.now() + (this.deps.reconnectWaitMs ?? 30_000)
    for (;;) {
      const port = this.deps.engine.livePort(instanceId)
      if (port) return port
      if (this.deps.statusOf(instanceId) !== 'STARTING' || clock.now() >= deadline) return undefined
      await new Promise<void>((r) => clock.setTimer(r, Math.min(RECONNECT_POLL_MS, deadline - clock.now())))
    }
  }

  /** What became of one message this instance sent (by its bare id); undefined when unknown. */
  fate(instanceId: string, messageId: string): MessageFate | undefined {
    const row = rows.getOutbound(this.deps.db, instanceId, messageId)
    return row && { message_id: row.message_id, kind: row.kind, status: row.status, error_code: row.error_code, error_message: row.error_message, created_at: row.created_at, sent_at: row.sent_at }
  }

  /** Live counters for the UI and GET /v2/send/queue. */
  snapshot(instanceId: string): LimiterSnapshot {
    return this.deps.queue.snapshot(instanceId)
  }

  /**
   * Every message of the instance that waits (its queued rows, in acceptance order: exactly what a restart drops),
   * each with why and until when: the rate-limit queue's reason and ETA, the network's hold on new chats, or WORKING.
   */
  waiting(instanceId: string): WaitingSend[] {
    const { db, queue } = this.deps
    const held = new Set((this.held.get(instanceId) ?? []).map((h) => h.messageId))
    const leftover = new Set((this.leftover.get(instanceId) ?? []).map((r) => r.message_id))
    const jobs = this.jobs.get(instanceId)
    const pause = this.deliverability.paused(instanceId)
    return rows.queuedRows(db, instanceId).map((row, i) => {
      const base = { messageId: row.message_id, chatJid: row.chat_jid, position: i + 1, acceptedAt: row.created_at }
      if (held.has(row.message_id)) return { ...base, reason: this.holdReason(instanceId), notBefore: pause?.until ?? null }
      const jobId = jobs?.get(row.message_id)
      const place = jobId === undefined ? null : queue.position(instanceId, 'send', jobId)
      if (place) return { ...base, reason: place.reason, notBefore: place.etaAt }
      if (leftover.has(row.message_id) || this.restoring.has(instanceId)) return { ...base, reason: 'not_working', notBefore: null }
      return { ...base, reason: 'about_to_send', notBefore: null }
    })
  }

  /**
   * The instance's queue as the UI shows it: what waits (why, until when), what a restart dropped that can be
   * resent, and the moment on the queue's clock (tests: a ManualClock) the ETAs are relative to.
   */
  queueState(instanceId: string): { waiting: WaitingSend[]; resendable: string[]; at: number } {
    return { waiting: this.waiting(instanceId), resendable: this.resendable(instanceId), at: this.deps.clock.now() }
  }

  /** Messages a restart dropped that resend() can still send (newest first, at most `limit`). */
  resendable(instanceId: string, limit = 200): string[] {
    return rows.resendableIds(this.deps.db, instanceId, limit)
  }

  /**
   * Sends a message a restart dropped again, as a new message (new id) with the same content, through the whole
   * pipeline (WORKING, policy, queue). Once: the dropped row gives its command up. not_resendable when there is
   * nothing to resend (not dropped, already resent, or its file went: files are kept until the next restart of the
   * instance or of the app).
   */
  async resend(instanceId: string, messageId: string): Promise<{ result: SendResult; command: SendCommand }> {
    const { db } = this.deps
    const row = rows.getOutbound(db, instanceId, messageId)
    if (!row || row.status !== 'purged') throw sendErrors.notResendable(messageId, row ? `it is ${row.status}, not dropped by a restart` : 'no such message was sent by this instance')
    const json = rows.takeCommand(db, instanceId, messageId)
    if (!json) throw sendErrors.notResendable(messageId, 'it was resent already, or its content is no longer kept')
    const command = this.deps.outboxMedia ? restoredCommand(json, this.deps.outboxMedia) : undefined
    if (!command) throw sendErrors.notResendable(messageId, 'its file is no longer kept (files of dropped messages go at the next restart)')
    try {
      const result = await this.send(instanceId, command)
      markResent(db, instanceId, messageId, resultMessageId(result))
      this.deps.outboxMedia?.removeMessage(instanceId, messageId)
      return { result, command }
    } catch (e) {
      rows.returnCommand(db, instanceId, messageId, json)
      throw e
    }
  }

  /**
   * Restart (the spec's rule, the only operation that drops accepted sends): waiting jobs, held ones and those a
   * previous run left are dropped, their rows marked purged, and each gets its failed message.ack (reason
   * purged_by_restart) in the same transaction.
   */
  purge(instanceId: string): number {
    const { db } = this.deps
    this.held.delete(instanceId)
    this.leftover.delete(instanceId)
    this.deps.queue.purge(instanceId)
    const { purged, acks } = db.transaction(() => {
      const purged = rows.purgeQueued(db, instanceId, this.deps.clock.now())
      return { purged, acks: this.deps.notSent?.record(purged, { code: 'queue_purged', reason: 'purged_by_restart', message: rows.PURGED_MESSAGE }) ?? [] }
    })()
    this.deps.notSent?.publish(acks)
    this.jobs.delete(instanceId)
    // The files of the messages just dropped stay for a resend (until the next restart, or the app's: boot sweep).
    this.deps.outboxMedia?.removeInstance(instanceId, new Set(purged.flatMap((r) => restorableFiles(r.command) ?? [])))
    return purged.length
  }

  /**
   * App start: rows left `sending` fail send_interrupted (never resent); `queued` rows whose command and files are
   * there wait for their instance's first WORKING (restore()); the others fail app_restarted with a failed ack.
   */
  recoverAtBoot(): { restorable: number; failed: number; interrupted: number } {
    const { db, clock } = this.deps
    const interrupted = rows.failInterrupted(db, clock.now())
    const keep = new Set<string>()
    const lost: rows.OutboundRow[] = []
    for (const row of rows.pendingRows(db)) {
      const files = this.deps.outboxMedia && restorableFiles(row.command)
      if (!files || files.some((f) => !this.deps.outboxMedia!.has(f))) {
        lost.push(row)
        continue
      }
      for (const f of files) keep.add(f)
      const list = this.leftover.get(row.instance_id) ?? []
      list.push(row)
      this.leftover.set(row.instance_id, list)
    }
    this.dropNotSent(lost, 'app_restarted', rows.APP_RESTARTED_MESSAGE)
    this.deps.outboxMedia?.sweep(keep)
    return { restorable: [...this.leftover.values()].reduce((n, l) => n + l.length, 0), failed: lost.length, interrupted }
  }

  /** Rows that will never be sent: failed with `code` and their failed message.ack, in one transaction. */
  private dropNotSent(lost: readonly rows.OutboundRow[], code: string, message: string): void {
    if (!lost.length) return
    const { db, clock } = this.deps
    const acks = db.transaction(() => {
      for (const r of lost) rows.markFailed(db, r.instance_id, r.message_id, code, message, clock.now())
      return this.deps.notSent?.record(lost, { code, reason: 'app_restarted', message }) ?? []
    })()
    this.deps.notSent?.publish(acks)
    for (const r of lost) this.deps.outboxMedia?.removeMessage(r.instance_id, r.message_id)
  }

  /**
   * The instance is WORKING (its first time since the app started): the sends a previous run left queued go to the
   * rate-limit queue in their original order, with their ids (the policy applies; new sends wait behind them).
   */
  resumeLeftover(instanceId: string): Promise<void> {
    const list = this.leftover.get(instanceId)
    if (!list) return this.restoring.get(instanceId) ?? Promise.resolve()
    this.leftover.delete(instanceId)
    const run = this.restore(instanceId, list)
      .catch((err: unknown) => this.deps.logger.error({ err, instanceId }, 'restoring queued sends failed'))
      .finally(() => this.restoring.delete(instanceId))
    this.restoring.set(instanceId, run)
    return run
  }

  private async restore(instanceId: string, list: readonly rows.OutboundRow[]): Promise<void> {
    const { db, queue } = this.deps
    let restored = 0
    for (const row of list) {
      const still = () => ['queued', 'sending'].includes(rows.getOutbound(db, instanceId, row.message_id)?.status ?? '')
      if (!still()) continue
      const command = this.deps.outboxMedia ? restoredCommand(row.command, this.deps.outboxMedia) : undefined
      const loaded = new Map<FileSlot, MediaFile>()
      let req: OutboundRequest | undefined
      try {
        const dispatch = command && (await dispatchOf(command, { media: this.media, findMessage: (ref) => this.findMessage(instanceId, ref), onLoaded: (slot, f) => loaded.set(slot, f) }))
        if (command && dispatch) req = this.requestOf(instanceId, command, dispatch, loaded)
      } catch (err) {
        this.deps.logger.warn({ err, instanceId, messageId: row.message_id }, 'a queued send could not be restored')
      }
      // A restart may have purged it meanwhile.
      if (!still()) continue
      if (!req) {
        this.dropNotSent([row], 'app_restarted', rows.APP_RESTARTED_MESSAGE)
        continue
      }
      const quoted = req.replyTo ? this.quoted(instanceId, req.replyTo) : undefined
      restored++
      if (this.holdsNewChat(req)) {
        this.hold({ req, messageId: row.message_id, quoted })
        continue
      }
      const r = req
      const submitted = this.submitJob(r, row.message_id, quoted)
      if (submitted.status === 'rejected') {
        this.dropNotSent([row], submitted.error.code, submitted.error.message)
        continue
      }
      if (submitted.status === 'queued') this.track(instanceId, row.message_id, submitted.jobId)
      this.settleLater(req, row.message_id, submitted.result)
    }
    this.deps.logger.info({ instanceId, restored, of: list.length }, 'queued sends of the previous run restored')
  }

  forget(instanceId: string): void {
    this.leftover.delete(instanceId)
    this.jobs.delete(instanceId)
    this.deps.outboxMedia?.removeInstance(instanceId)
    this.held.delete(instanceId)
    this.deliverability.forget(instanceId)
    this.deps.queue.purge(instanceId)
    this.recipients.forget(instanceId)
  }
}

/** The outbox-media names a stored command needs, or undefined when it cannot be restored (none, or not JSON). */
function restorableFiles(json: string | null): string[] | undefined {
  if (!json) return undefined
  try {
    const cmd = JSON.parse(json) as Record<string, unknown>
    if (typeof cmd.kind !== 'string' || typeof cmd.chatJid !== 'string') return undefined
    return ['file', 'thumbnail'].map((slot) => (cmd[slot] as { outbox?: unknown } | undefined)?.outbox).filter((n): n is string => typeof n === 'string')
  } catch {
    return undefined
  }
}
