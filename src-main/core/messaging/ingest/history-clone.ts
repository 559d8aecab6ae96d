// A structured clone (postMessage) of a decoded history chunk back into what the ingest handlers expect: the clone
// keeps plain data only, so protobuf Longs arrive as {low, high, unsigned} objects and Buffers as Uint8Arrays. Longs
// become the number Long.toNumber() gives (what toNum() and the raw JSON (raw-json.ts) make of them anyway), Buffers
// a Buffer over the same memory, before the handlers read timestamps or encode rows.

const isClonedLong = (v: Record<string, unknown>): boolean => {
  const keys = Object.keys(v)
  return keys.length === 3 && typeof v.low === 'number' && typeof v.high === 'number' && typeof v.unsigned === 'boolean'
}

/** As Long.prototype.toNumber. */
const longToNumber = (low: number, high: number, unsigned: boolean): number => (unsigned ? high >>> 0 : high) * 4294967296 + (low >>> 0)

/** Revives in place where it can; returns the value to use. */
export function reviveCloned(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value
  if (value instanceof Uint8Array) return Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = reviveCloned(value[i])
    return value
  }
  const obj = value as Record<string, unknown>
  if (isClonedLong(obj)) return longToNumber(obj.low as number, obj.high as number, obj.unsigned as boolean)
  for (const key of Object.keys(obj)) {
    const v = obj[key]
    if (v !== null && typeof v === 'object') obj[key] = reviveCloned(v)
  }
  return obj
}
