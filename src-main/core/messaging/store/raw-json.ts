// How a WAMessage (or any Baileys object) is kept in a TEXT column: JSON with buffers as base64
// ({type:"Buffer",data}) and protobuf Longs as plain numbers, so getMessage() can hand Baileys back the
// exact bytes (messageSecret for poll/event decryption, media keys for downloads).
import { BufferJSON, type WAMessage } from '../../engine/wa-wire.js'

interface LongLike {
  low: number
  high: number
  unsigned?: boolean
  toNumber(): number
}

const isLong = (v: unknown): v is LongLike =>
  typeof v === 'object' && v !== null && typeof (v as LongLike).toNumber === 'function' && typeof (v as LongLike).low === 'number' && typeof (v as LongLike).high === 'number'

function replacer(this: unknown, key: string, value: unknown): unknown {
  // JSON.stringify calls toJSON before the replacer; buffers then arrive as {type:'Buffer', data:[...]}
  // and Longs as their own object. Read the original value from the holder instead.
  const original = (this as Record<string, unknown> | undefined)?.[key] ?? value
  if (isLong(original)) return original.toNumber()
  return BufferJSON.replacer(key, original)
}

export const encodeRaw = (value: unknown): string => JSON.stringify(value, replacer)

// Where BufferJSON.reviver can change a value: a {type:"Buffer"} object, or an object whose first key parses as an
// integer (it turns such all-number objects into buffers); an escape could spell either. Most stored messages
// (texts) have none, and a reviver call per value costs several times the parse itself: those parse without it.
const MAY_REVIVE = /"Buffer"|\{"(?:\\[bfnrt]|[\s+-])*\d|\\u/

export const decodeRaw = <T = unknown>(text: string): T => (MAY_REVIVE.test(text) ? JSON.parse(text, BufferJSON.reviver) : JSON.parse(text)) as T

export const decodeMessage = (text: string): WAMessage => decodeRaw<WAMessage>(text)
