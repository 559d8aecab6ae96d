// Outbound messages in their chat's history from the moment they are accepted (issue 20 item 1): a page of a chat's
// stored messages plus the accepted sends the store does not hold yet (waiting, held, sending) or never will (not
// sent), each with its queue state read from the outbound rows. Both front doors (GET /v2/chats/messages, the
// Chats view) page through this, so what the UI shows after a reload or a restart is what the API answers.
import { proto, type WAMessage } from '../../engine/wa-wire.js'
import type { Db } from '../../db/connection.js'
import { outboundRowsOf, unstoredOutbound, type HistoryRow } from '../send/outbound-history-repo.js'
import { decodePreview } from '../send/outbound-preview.js'
import type { WaitingSend } from '../send/send-service.js'
import { lidForPn, listChatMessages, messageColumns, type ChatMessagesQuery, type StoredMessage } from '../store/index.js'

/** Where an accepted send is: waiting its turn, held by the network's limit on new chats, being sent, sent, or not sent (final). */
export type OutboundState = 'waiting' | 'held' | 'sending' | 'sent' | 'not_sent'

export interface OutboundQueueInfo {
  state: OutboundState
  /** Why it waits (per_minute, protection, concurrency, daily_cap, new_contacts_paused, not_working, about_to_send); null otherwise. */
  reason: string | null
  /** When it is expected to go (ms), when known. */
  notBefore: number | null
  /** When it was accepted (ms). */
  acceptedAt: number
  /** Why it was not sent (not_sent only). */
  error: { code: string; message: string } | null
  /** A restart dropped it and Resend can still send it as a new message. */
  resendable: boolean
}

/** A page entry: a stored message, or an accepted send shown from its outbound row; `queue` when this API accepted it. */
export interface HistoryEntry {
  message: StoredMessage
  /** True for an accepted send the store does not hold (its media cannot be downloaded: it has none yet). */
  unstored: boolean
  queue: OutboundQueueInfo | null
}

/** Acceptance-time bounds of a page, in ms (since inclusive, before exclusive). */
export interface PageBounds {
  since: number
  before: number
}

/** WAHA ack of an outbound row: -1 not sent, 0 waiting or sending, 1 sent (server). */
const ackOfRow = (r: HistoryRow): number => (r.status === 'failed' || r.status === 'purged' ? -1 : r.status === 'sent' ? 1 : 0)

const statusOfAck: Record<number, number> = { [-1]: proto.WebMessageInfo.Status.ERROR, 0: proto.WebMessageInfo.Status.PENDING, 1: proto.WebMessageInfo.Status.SERVER_ACK }

export function queueInfoOf(r: HistoryRow, waiting: ReadonlyMap<string, WaitingSend>): OutboundQueueInfo {
  const base = { acceptedAt: r.created_at, notBefore: null, reason: null, error: null, resendable: false }
  switch (r.status) {
    case 'queued': {
      const w = waiting.get(r.message_id)
      return { ...base, state: w?.reason === 'new_contacts_paused' ? 'held' : 'waiting', reason: w?.reason ?? 'not_working', notBefore: w?.notBefore ?? null }
    }
    case 'sending':
      return { ...base, state: 'sending' }
    case 'sent':
      return { ...base, state: 'sent' }
    default:
      return {
        ...base,
        state: 'not_sent',
        error: { code: r.error_code ?? 'send_failed', message: r.error_message ?? 'the message was not sent' },
        resendable: r.status === 'purged' && r.command !== null && r.resent_as === null
      }
  }
}

/** An accepted send as a message of its chat (the store's shape), from the preview its row keeps. */
export function rowAsMessage(r: HistoryRow, chatId: string): StoredMessage {
  const ack = ackOfRow(r)
  const timestamp = Math.floor(r.created_at / 1000)
  const message: WAMessage = { key: { remoteJid: chatId, fromMe: true, id: r.message_id }, message: decodePreview(r.preview) ?? { conversation: '' }, messageTimestamp: timestamp, status: statusOfAck[ack] }
  const c = messageColumns(message)
  return {
    pk: -r.seq,
    instanceId: r.instance_id,
    chatId,
    id: r.message_id,
    fromMe: true,
    sender: null,
    timestamp,
    type: c.type,
    body: c.body,
    ack,
    hasMedia: !!c.media,
    media: c.media ? { ...c.media, path: null } : null,
    editedAt: null,
    revokedAt: null,
    revokedBy: null,
    starred: false,
    pushName: null,
    message
  }
}

export interface HistoryQuery {
  bounds: PageBounds
  /** Keep only entries with this exact ack (the API's filter.ack). */
  ack?: number
  /** The queue's view of the instance's waiting messages (SendService.waiting). */
  waiting: readonly WaitingSend[]
}

/**
 * A page of stored messages (newest first) with the chat's unstored accepted sends within `bounds` merged in by
 * time, and the queue state of every message this API accepted. A row that was not sent shows ack -1 even where
 * Baileys stored its own copy as pending.
 */
export function withOutbound(db: Db, instanceId: string, chatId: string, page: readonly StoredMessage[], q: HistoryQuery): HistoryEntry[] {
  const waiting = new Map(q.waiting.map((w) => [w.messageId, w]))
  const lid = chatId.endsWith('@s.whatsapp.net') ? lidForPn(db, instanceId, chatId) : null
  const unstored = unstoredOutbound(db, instanceId, lid ? [chatId, lid] : [chatId], q.bounds)
  const rows = outboundRowsOf(db, instanceId, page.filter((m) => m.fromMe).map((m) => m.id))
  // The acceptance order (outbound row seq) of every entry this API accepted, stored or not.
  const seqOf = new Map<HistoryEntry, number>()
  const stored: HistoryEntry[] = page.map((m) => {
    const row = rows.get(m.id)
    const queue = row ? queueInfoOf(row, waiting) : null
    const entry = { message: queue?.state === 'not_sent' && m.ack >= 0 ? { ...m, ack: -1 } : m, unstored: false, queue }
    if (row) seqOf.set(entry, row.seq)
    return entry
  })
  const extra: HistoryEntry[] = unstored.map((r) => {
    const entry = { message: rowAsMessage(r, chatId), unstored: true, queue: queueInfoOf(r, waiting) }
    seqOf.set(entry, r.seq)
    return entry
  })
  const all = [...stored, ...extra].filter((e) => q.ack === undefined || e.message.ack === q.ack)
  // Newest first. In the same second: two sends this API accepted by acceptance order, sent or not (a Resend in the
  // second of the sends it follows is the newer, though it is stored and they are not); otherwise an unstored send
  // (accepted just now) before a stored message; then the store's order.
  const newer = (a: HistoryEntry, b: HistoryEntry) => {
    const sa = seqOf.get(a)
    const sb = seqOf.get(b)
    return b.message.timestamp - a.message.timestamp || (sa !== undefined && sb !== undefined ? sb - sa : Number(b.unstored) - Number(a.unstored) || b.message.pk - a.message.pk)
  }
  return extra.length ? all.sort(newer) : all
}

/**
 * The acceptance-time bounds of an API page (limit and offset count stored messages): a page takes the unstored
 * sends from its oldest message's second (the last page: from filter.timestamp.gte) up to, excluding, the second of
 * the previous page's oldest message (the first page: up to filter.timestamp.lte), so consecutive pages share none.
 */
export function apiPageBounds(db: Db, instanceId: string, chatId: string, q: ChatMessagesQuery, page: readonly StoredMessage[]): PageBounds {
  const limit = Math.min(Math.max(1, Math.floor(q.limit ?? 50)), 1000)
  const offset = Math.max(0, Math.floor(q.offset ?? 0))
  const untilMs = q.until === undefined || q.until >= Number.MAX_SAFE_INTEGER / 1000 ? Number.MAX_SAFE_INTEGER : (q.until + 1) * 1000
  const previous = offset > 0 ? listChatMessages(db, instanceId, chatId, { ...q, offset: offset - 1, limit: 1 })[0] : undefined
  const oldest = page[page.length - 1]
  return {
    since: page.length >= limit && oldest ? oldest.timestamp * 1000 : (q.since ?? 0) * 1000,
    before: Math.min(untilMs, previous ? previous.timestamp * 1000 : Number.MAX_SAFE_INTEGER)
  }
}
