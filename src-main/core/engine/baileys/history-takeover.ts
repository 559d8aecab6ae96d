// History sync chunks processed by us instead of Baileys, so that decoding one does not hold the event loop: Baileys
// downloads, inflates and decodes a chunk (≈2,000 messages) in one synchronous step, 35-165 ms on a loaded 2-core
// machine, during which the API answers nothing. We take each chunk Baileys would process when its notification is
// upserted (before Baileys' processMessage reads it), hand Baileys an empty chunk in its place, and do what its
// processMessage would have done (Utils/process-message.js, HISTORY_SYNC_NOTIFICATION): the same download and
// inflate, the decode in turns of the loop (history-sync-decode.ts), Baileys' own processHistoryMessage, the LID
// mappings and tc-tokens into the key store, then `messaging-history.set` on the socket's event emitter with the
// same fields. history-takeover.test.ts fails when a Baileys upgrade changes the code this mirrors.
// Baileys records the notification as processed before our decode is done: each chunk taken is therefore recorded
// first (`records`, history-chunk-records.ts), the compressed chunk kept with it once downloaded, and the record goes
// only when the chunk's ingest has committed (the ingestor deletes the ids `delivered()` names with the batch that
// carries them). Chunks an earlier run left are announced again when the takeover starts.
import { randomUUID } from 'node:crypto'
import { deflateSync, inflate } from 'node:zlib'
import { promisify } from 'node:util'
import {
  DEFAULT_CONNECTION_CONFIG,
  PROCESSABLE_HISTORY_TYPES,
  downloadContentFromMessage,
  getHistoryMsg,
  jidNormalizedUser,
  processHistoryMessage,
  proto,
  toNumber,
  type BaileysEventMap,
  type SocketConfig,
  type WAMessage,
  type WASocket
} from '@whiskeysockets/baileys'
import { buildMergedTcTokenIndexWrite, resolveTcTokenJid } from '@whiskeysockets/baileys/lib/Utils/tc-token-utils.js'
import { decodeHistorySyncInTurns } from './history-sync-decode.js'

const inflateAsync = promisify(inflate)
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/** LID mappings written to the key store per turn of the event loop. */
export const MAPPINGS_PER_TURN = 25

type Notification = proto.Message.IHistorySyncNotification
type Socket = Pick<WASocket, 'ev' | 'signalRepository' | 'authState'>

/** The two levels the takeover logs at (a pino logger fits). */
export interface HistoryLogger {
  warn(obj: Record<string, unknown>, msg: string): void
  error(obj: Record<string, unknown>, msg: string): void
}

export interface HistoryTakeoverOptions {
  /** The socket config's decision (DEFAULT_CONNECTION_CONFIG's when the config has none). */
  shouldSync?: SocketConfig['shouldSyncHistoryMessage']
  /** The fetch options chunks are downloaded with (the connection's proxy dispatcher), as Baileys' config.options. */
  fetchOptions?: RequestInit
  logger: HistoryLogger
  /** Decoding time per turn of the loop (default HISTORY_DECODE_TURN_MS). */
  decodeBudgetMs?: number
  /** Where chunks are kept until their ingest commits; without it a crash before that loses the chunk. */
  records?: HistoryChunkRecords
  /** Test seam: awaited once a chunk is recorded, before it is decoded (a test halts here to stand for a crash). */
  afterRecorded?: (id: string) => Promise<void> | void
}

/** A chunk kept for a later start: the notification as it arrived (protobuf), Baileys' isLatest for it, and the
 * downloaded chunk (still compressed) once there is one. */
export interface KeptHistoryChunk {
  id: string
  notification: Uint8Array
  isLatest: boolean
  chunk?: Uint8Array
}

/** Durable keeping of taken chunks (history-chunk-records.ts over engine_history_chunks). */
export interface HistoryChunkRecords {
  /** Written before Baileys is handed the empty chunk; throws when it could not be written. */
  record(chunk: KeptHistoryChunk): void
  /** The chunk's downloaded bytes, still compressed: no download needed next time. Resolves once written. */
  keepBytes(id: string, compressed: Uint8Array): Promise<void>
  /** Chunks an earlier run left, to announce again (asked once, when the takeover starts). */
  leftovers(): KeptHistoryChunk[]
}

/** An empty chunk of the same kind: what Baileys decodes and announces in place of the real one. */
const emptyChunk = (n: Notification): Buffer =>
  deflateSync(proto.HistorySync.encode({ syncType: n.syncType as number as proto.HistorySync.HistorySyncType, chunkOrder: n.chunkOrder, progress: n.progress }).finish())

/**
 * As Baileys' downloadHistory, without the decode: the chunk's protobuf bytes. A downloaded chunk's compressed bytes
 * go to `keep` first (zlib inflates the whole buffer the same as Baileys' inflate stream does).
 */
async function chunkBytes(n: Notification, options: RequestInit | undefined, keep?: (compressed: Buffer) => Promise<void>): Promise<Buffer> {
  if (n.initialHistBootstrapInlinePayload?.length) return inflateAsync(n.initialHistBootstrapInlinePayload)
  const stream = await downloadContentFromMessage(n as Parameters<typeof downloadContentFromMessage>[0], 'md-msg-hist', { options })
  const parts: Buffer[] = []
  for await (const part of stream) parts.push(part as Buffer)
  const compressed = Buffer.concat(parts)
  await keep?.(compressed)
  return inflateAsync(compressed)
}

const encodeNotification = (n: Notification): Uint8Array => proto.Message.HistorySyncNotification.encode(n).finish()

/** As Baileys' storeTcTokensFromHistorySync (not exported): each chat's newer tc-token into the key store. */
async function storeTcTokens(socket: Socket, chats: proto.IConversation[], logger: HistoryTakeoverOptions['logger']): Promise<void> {
  const lidMapping = socket.signalRepository.lidMapping
  const getLIDForPN = lidMapping.getLIDForPN.bind(lidMapping)
  const candidates: { storageJid: string; token: Buffer; ts: number; senderTs: number | undefined }[] = []
  for (const chat of chats) {
    const ts = chat.tcTokenTimestamp ? toNumber(chat.tcTokenTimestamp) : 0
    if (chat.tcToken?.length && ts > 0) {
      const storageJid = await resolveTcTokenJid(jidNormalizedUser(chat.id!), getLIDForPN)
      candidates.push({ storageJid, token: Buffer.from(chat.tcToken), ts, senderTs: chat.tcTokenSenderTimestamp ? toNumber(chat.tcTokenSenderTimestamp) : undefined })
    }
  }
  if (!candidates.length) return
  const keys = socket.authState.keys
  const existing = await keys.get('tctoken', candidates.map((c) => c.storageJid))
  const entries: Record<string, { token: Buffer; timestamp?: string; senderTimestamp?: number }> = {}
  for (const c of candidates) {
    const before = existing[c.storageJid]
    const beforeTs = before?.timestamp ? Number(before.timestamp) : 0
    if (beforeTs > 0 && beforeTs >= c.ts) continue
    entries[c.storageJid] = { ...before, token: c.token, timestamp: String(c.ts), ...(c.senderTs !== undefined ? { senderTimestamp: c.senderTs } : {}) }
  }
  if (!Object.keys(entries).length) return
  try {
    const indexWrite = await buildMergedTcTokenIndexWrite(keys, Object.keys(entries))
    await keys.set({ tctoken: { ...entries, ...indexWrite } })
  } catch (err) {
    logger.warn({ err }, 'failed to store tctokens from history sync')
  }
}

/**
 * Takes the socket's history chunks over from Baileys (see the module comment). Chunks are announced in the order
 * their notifications arrived, after the ones an earlier run left; the next one downloads while the current one
 * decodes. `taken()` counts chunks taken from the network, `resumed()` chunks announced again from their records,
 * `delivered()` hands over (once) the ids of the chunks announced since its last call.
 */
export function takeOverHistorySync(socket: Socket, opts: HistoryTakeoverOptions): { taken(): number; resumed(): number; delivered(): string[] } {
  const shouldSync = opts.shouldSync ?? DEFAULT_CONNECTION_CONFIG.shouldSyncHistoryMessage
  const { ev } = socket
  const emit = ev.emit.bind(ev)
  const claimed = new WeakSet<object>()
  const { records } = opts
  let queue: Promise<void> = Promise.resolve()
  let taken = 0
  let resumed = 0
  /** Recorded chunks announced, not yet handed to delivered(). */
  const announced: string[] = []

  /** Baileys' test for processing a chunk (Socket/chats.js), plus its guard against others' notifications. */
  const ours = (m: WAMessage, n: Notification | undefined): n is Notification =>
    !!n && !!m.key?.fromMe && !claimed.has(n) && shouldSync(n) && PROCESSABLE_HISTORY_TYPES.includes(n.syncType as number as proto.HistorySync.HistorySyncType)

  function enqueue(id: string | undefined, n: Notification, isLatest: boolean): void {
    const keep = id && records && !n.initialHistBootstrapInlinePayload?.length
      ? async (compressed: Buffer) => {
          try {
            await records.keepBytes(id, compressed)
          } catch (err) {
            opts.logger.warn({ err, chunkOrder: n.chunkOrder }, 'history sync chunk: downloaded bytes not kept')
          }
        }
      : undefined
    const bytes = chunkBytes(n, opts.fetchOptions, keep)
    bytes.catch(() => undefined) // reported in order, below
    queue = queue.then(() => announce(id, n, isLatest, bytes)).catch((err: unknown) => opts.logger.error({ err, chunkOrder: n.chunkOrder, syncType: n.syncType }, 'history sync chunk not processed'))
  }

  function claim(m: WAMessage): void {
    const n = m.message ? getHistoryMsg(m.message) : undefined
    if (!ours(m, n)) return
    claimed.add(n)
    // What Baileys reads when it processes this notification, taken now, before it does.
    const original: Notification = { ...n }
    const isLatest = !socket.authState.creds.processedHistoryMessages?.length
    let id: string | undefined
    if (records) {
      id = m.key.id || randomUUID()
      try {
        records.record({ id, notification: encodeNotification(original), isLatest })
      } catch (err) {
        // Not kept: Baileys processes it itself, in one step, rather than a crash losing it.
        opts.logger.warn({ err, chunkOrder: n.chunkOrder }, 'history sync chunk not recorded: left to Baileys')
        return
      }
    }
    taken++
    n.initialHistBootstrapInlinePayload = emptyChunk(n)
    enqueue(id, original, isLatest)
  }

  /**
   * Baileys stores a chunk's LID mappings in one key-store write (hundreds of rows, 15-20 ms of the loop in the
   * profile; 50 a run still took 6-13 ms); the same pairs go in runs of MAPPINGS_PER_TURN with a turn of the loop
   * between them. Pairs are independent, so the result is the same; a run that fails is logged, the next goes in.
   */
  async function storeMappingsInTurns(pairs: { lid: string; pn: string }[]): Promise<void> {
    const lidMapping = socket.signalRepository.lidMapping
    for (let i = 0; i < pairs.length; i += MAPPINGS_PER_TURN) {
      if (i) await nextTurn()
      await lidMapping.storeLIDPNMappings(pairs.slice(i, i + MAPPINGS_PER_TURN)).catch((err: unknown) => opts.logger.warn({ err }, 'failed to store LID-PN mappings from history sync'))
    }
  }

  async function announce(id: string | undefined, n: Notification, isLatest: boolean, bytes: Promise<Buffer>): Promise<void> {
    if (id) await opts.afterRecorded?.(id)
    const item = await decodeHistorySyncInTurns(await bytes, opts.decodeBudgetMs)
    const data = processHistoryMessage(item)
    await storeMappingsInTurns(data.lidPnMappings ?? [])
    await storeTcTokens(socket, data.chats, opts.logger)
    const event: BaileysEventMap['messaging-history.set'] = {
      ...data,
      isLatest: n.syncType !== proto.HistorySync.HistorySyncType.ON_DEMAND ? isLatest : undefined,
      chunkOrder: n.chunkOrder,
      peerDataRequestSessionId: n.peerDataRequestSessionId
    }
    // Before the emit: unbuffered, the batch carrying it is delivered inside emit(); buffered, it comes with the
    // flush, merged with every history set emitted before it (Utils/event-buffer.js), so with every id listed here.
    if (id) announced.push(id)
    emit('messaging-history.set', event)
  }

  // Baileys emits messages.upsert for a message before it processes it (Socket/chats.js upsertMessage).
  ev.emit = ((event, arg) => {
    if (event === 'messages.upsert') for (const m of (arg as BaileysEventMap['messages.upsert']).messages) claim(m)
    return emit(event, arg)
  }) as typeof ev.emit
  for (const left of records?.leftovers() ?? []) {
    resumed++
    const n = proto.Message.HistorySyncNotification.decode(left.notification)
    if (left.chunk) n.initialHistBootstrapInlinePayload = left.chunk
    enqueue(left.id, n, left.isLatest)
  }
  return { taken: () => taken, resumed: () => resumed, delivered: () => announced.splice(0) }
}
