// The send pipeline of ARCHITECTURE.md §3 after validation: engine WORKING? recipient real? -> outbound row
// (SQLite) -> rate-limit queue (policy of the instance) -> Baileys -> row `sent` + daily counter in one
// transaction. Answers `sent` (200, the message object) or `queued` (202 with position and ETA).
import { generateMessageIDV2, type WAMessage, type WASocket } from '@whiskeysockets/baileys'
import type { Logger } from 'pino'
import type { Db } from '../../db/connection.js'
import { isDomainError } from '../../domain/errors.js'
import { QueuePurgedError, type Clock, type LimiterSnapshot, type SendQueue } from '../../rate-limit/index.js'
import { serializeMessageId, toApiChatId, type ParsedMessageId } from '../chat-ids.js'
import { toSendResponse } from '../message-mapper.js'
import { pnForLid } from '../store/index.js'
import type { MediaLimits } from './media-input.js'
import * as rows from './outbound-repo.js'
import { RecipientCheck } from './recipients.js'
import { sendErrors } from './send-errors.js'

/** Puts the prepared message on the wire with the chosen id; returns what Baileys sent. */
export type Dispatch = (sock: WASocket, ctx: { messageId: string; quoted: WAMessage | undefined }) => Promise<WAMessage>

export interface OutboundRequest {
  instanceId: string
  /** Route kind (text, image, poll...), kept on the row. */
  kind: string
  chatJid: string
  replyTo?: ParsedMessageId
  dispatch: Dispatch
}

/** How often a queued message looks for the reconnected socket. */
const RECONNECT_POLL_MS = 250

export type SendResponse = ReturnType<typeof toSendResponse>

export interface QueuedId {
  fromMe: true
  remote: string
  id: string
  _serialized: string
}

export interface QueuedResponse {
  status: 'queued'
  code: 'queued'
  message: string
  job_id: string
  id: QueuedId
  key: { id: string; remoteJid: string; fromMe: true }
  /** The documented example's place for the id (clients probe `_data.id._serialized` first), as in the 200 answer. */
  _data: { id: QueuedId }
  position: number
  eta: string
  eta_ms: number
  reason: string
}

export type SendOutcome = { status: 'sent'; body: SendResponse } | { status: 'queued'; body: QueuedResponse }

export interface SendServiceDeps {
  db: Db
  /** liveSocket(): the socket while WORKING. */
  engine: { liveSocket(instanceId: string): WASocket | undefined }
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
}

export class SendService {
  readonly recipients: RecipientCheck

  constructor(readonly deps: SendServiceDeps) {
    this.recipients = new RecipientCheck({ now: () => deps.clock.now(), pnForLid: (instanceId, lid) => pnForLid(deps.db, instanceId, lid) })
  }

  get media(): MediaLimits {
    return this.deps.media
  }

  /** The instance's socket, or session_status_mismatch naming its status. */
  socketOf(instanceId: string): WASocket {
    const sock = this.deps.engine.liveSocket(instanceId)
    if (!sock?.user) throw sendErrors.notWorking(this.deps.statusOf(instanceId) ?? 'STOPPED')
    return sock
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

  /** Operations that are not messages (seen, typing, star): need WORKING, not the send queue. */
  async act<T>(instanceId: string, fn: (sock: WASocket) => Promise<T>): Promise<T> {
    const sock = this.socketOf(instanceId)
    try {
      return await fn(sock)
    } catch (e) {
      if (isDomainError(e)) throw e
      throw sendErrors.sendFailed(e instanceof Error ? e.message : String(e))
    }
  }

  async send(req: OutboundRequest): Promise<SendOutcome> {
    const { db, queue, clock } = this.deps
    const sock = this.socketOf(req.instanceId)
    await this.recipients.ensure(req.instanceId, sock, req.chatJid)
    const quoted = req.replyTo ? this.quoted(req.instanceId, req.replyTo) : undefined
    const messageId = generateMessageIDV2(sock.user!.id)
    rows.insertOutbound(db, { instanceId: req.instanceId, messageId, chatJid: req.chatJid, kind: req.kind }, clock.now())

    const submitted = queue.submit(req.instanceId, 'send', () => this.runJob(req, messageId, quoted))
    if (submitted.status === 'rejected') {
      rows.deleteOutbound(db, req.instanceId, messageId)
      throw submitted.error
    }
    if (submitted.status === 'started') {
      const sent = await submitted.result
      return { status: 'sent', body: this.response(req.instanceId, sent) }
    }
    // Queued: the client has its answer; the outcome lands on the row (and in the store through Baileys).
    submitted.result.catch((e: unknown) => {
      if (e instanceof QueuePurgedError) rows.purgeQueued(db, req.instanceId, clock.now())
      else if (!isDomainError(e)) this.deps.logger.warn({ err: e, instanceId: req.instanceId, messageId }, 'queued send failed')
    })
    const remote = toApiChatId(req.chatJid)
    const key = { remoteJid: req.chatJid, fromMe: true as const, id: messageId }
    const id: QueuedId = { fromMe: true, remote, id: messageId, _serialized: serializeMessageId(key) }
    return {
      status: 'queued',
      body: {
        status: 'queued',
        code: 'queued',
        message: `Rate limit (${submitted.reason}): message queued at position ${submitted.position}`,
        job_id: messageId,
        id,
        key,
        _data: { id },
        position: submitted.position,
        eta: new Date(submitted.etaAt).toISOString(),
        eta_ms: submitted.etaMs,
        reason: submitted.reason
      }
    }
  }

  private async runJob(req: OutboundRequest, messageId: string, quoted: WAMessage | undefined): Promise<WAMessage> {
    const { db, clock } = this.deps
    if (!rows.markSending(db, req.instanceId, messageId, clock.now())) {
      throw new QueuePurgedError('queue_purged', 'the instance restarted before this message was sent')
    }
    const sock = await this.socketWhenReconnected(req.instanceId)
    if (!sock?.user) {
      const e = sendErrors.notWorking(this.deps.statusOf(req.instanceId) ?? 'STOPPED')
      rows.markFailed(db, req.instanceId, messageId, e.code, e.message, clock.now())
      throw e
    }
    let sent: WAMessage
    try {
      sent = await req.dispatch(sock, { messageId, quoted })
    } catch (e) {
      const err = isDomainError(e) ? e : sendErrors.sendFailed(e instanceof Error ? e.message : String(e))
      rows.markFailed(db, req.instanceId, messageId, err.code, err.message, clock.now())
      throw err
    }
    rows.markSent(db, req.instanceId, sent, clock.now(), true)
    return sent
  }

  /**
   * The live socket; while the session is reconnecting (STARTING after WORKING) a queued message waits for it
   * up to `reconnectWaitMs` instead of failing on a network blip. Stopped or logged-out sessions fail at once.
   */
  private async socketWhenReconnected(instanceId: string): Promise<WASocket | undefined> {
    // The injected clock (ManualClock in tests) sets both the deadline and the poll timer.
    const { clock } = this.deps
    const deadline = clock.now() + (this.deps.reconnectWaitMs ?? 30_000)
    for (;;) {
      const sock = this.deps.engine.liveSocket(instanceId)
      if (sock?.user) return sock
      if (this.deps.statusOf(instanceId) !== 'STARTING' || clock.now() >= deadline) return undefined
      await new Promise<void>((r) => clock.setTimer(r, Math.min(RECONNECT_POLL_MS, deadline - clock.now())))
    }
  }

  response(instanceId: string, m: WAMessage): SendResponse {
    const me = this.deps.engine.liveSocket(instanceId)?.user?.id ?? ''
    return toSendResponse(m, { me, sentByApi: () => true })
  }

  /** Live counters for the UI and GET /v2/send/queue. */
  snapshot(instanceId: string): LimiterSnapshot {
    return this.deps.queue.snapshot(instanceId)
  }

  /** Restart: waiting jobs are dropped and their rows marked purged. */
  purge(instanceId: string): number {
    this.deps.queue.purge(instanceId)
    return rows.purgeQueued(this.deps.db, instanceId, this.deps.clock.now())
  }

  forget(instanceId: string): void {
    this.deps.queue.purge(instanceId)
    this.recipients.forget(instanceId)
  }
}
