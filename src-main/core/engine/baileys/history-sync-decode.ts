// A HistorySync chunk decoded over several turns of the event loop instead of one: the top level is split at the
// wire level (each conversation is a length-delimited field 2), the rest decoded at once (pushnames, mappings,
// settings: small), and the conversations one by one, yielding whenever a turn's budget is spent. The result is the
// very object `proto.HistorySync.decode` gives for the same bytes (same classes, Longs and Buffers), because the
// same generated decoders run on the same bytes; protobuf's "repeated fields append" makes the split exact.
import { proto } from '@whiskeysockets/baileys'
import { CodedError } from '../../domain/errors.js'

/** HistorySync.conversations (WAProto.proto). */
const CONVERSATIONS_FIELD = 2

/**
 * Decoding time one turn of the loop may take before the next conversation waits for the next turn. Small: the
 * ingestor's history slices (8 ms a turn) run in the same phase of the same turn.
 */
export const HISTORY_DECODE_TURN_MS = 2

/** Bytes that are not a well-formed protobuf message at the top level. */
export class HistoryWireError extends CodedError<'history_wire_error'> {
  constructor(message: string) {
    super('history_wire_error', message)
  }
}

function varint(b: Uint8Array, pos: number): [value: number, next: number] {
  let value = 0
  for (let shift = 0; shift < 64; shift += 7) {
    if (pos >= b.length) throw new HistoryWireError('truncated varint')
    const byte = b[pos++]!
    value += (byte & 0x7f) * 2 ** shift
    if (byte < 0x80) return [value, pos]
  }
  throw new HistoryWireError('varint too long')
}

/** The byte ranges of the top-level conversations, and the other top-level fields in their order as one message. */
export function splitHistorySync(bytes: Buffer): { conversations: [start: number, end: number][]; rest: Buffer } {
  const conversations: [number, number][] = []
  const rest: Buffer[] = []
  let pos = 0
  while (pos < bytes.length) {
    const fieldStart = pos
    const [tag, afterTag] = varint(bytes, pos)
    pos = afterTag
    const wire = tag % 8
    if (wire === 0) pos = varint(bytes, pos)[1]
    else if (wire === 1) pos += 8
    else if (wire === 5) pos += 4
    else if (wire === 2) {
      const [len, data] = varint(bytes, pos)
      pos = data + len
      if (Math.floor(tag / 8) === CONVERSATIONS_FIELD && pos <= bytes.length) {
        conversations.push([data, pos])
        continue
      }
    } else throw new HistoryWireError(`wire type ${wire} at ${fieldStart}`)
    if (pos > bytes.length) throw new HistoryWireError('field past the end')
    rest.push(bytes.subarray(fieldStart, pos))
  }
  return { conversations, rest: Buffer.concat(rest) }
}

/**
 * `proto.HistorySync.decode(bytes)`, its conversations decoded `budgetMs` at a time with `nextTurn()` between.
 * Bytes the splitter cannot read are decoded in one go, so that the generated decoder reports what is wrong.
 */
export async function decodeHistorySyncInTurns(
  bytes: Buffer,
  budgetMs = HISTORY_DECODE_TURN_MS,
  nextTurn: () => Promise<void> = () => new Promise((resolve) => setImmediate(resolve))
): Promise<proto.HistorySync> {
  let split: ReturnType<typeof splitHistorySync>
  try {
    split = splitHistorySync(bytes)
  } catch (err) {
    if (err instanceof HistoryWireError) return proto.HistorySync.decode(bytes)
    throw err
  }
  const sync = proto.HistorySync.decode(split.rest)
  if (!split.conversations.length) return sync
  const conversations: proto.Conversation[] = []
  let turnStart = performance.now()
  for (const [start, end] of split.conversations) {
    if (performance.now() - turnStart >= budgetMs) {
      await nextTurn()
      turnStart = performance.now()
    }
    conversations.push(proto.Conversation.decode(bytes.subarray(start, end)))
  }
  sync.conversations = conversations
  return sync
}
