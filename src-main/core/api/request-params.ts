// One parameter object per request from the places v2 clients put them: query ∪ form body ∪ JSON body, the
// body winning; bracket keys (file[url]) and dotted keys (message.title) nested; JSON text in known keys
// parsed; objects keyed 0..n-1 (PHP's events[0]=...) read as arrays; the string "null" treated as absent.
// See reference/wawp-v2-api.md §4.

export type Params = Record<string, unknown>

/** Keys whose values clients send as JSON text in query strings and forms. Extend for new routes. */
export const JSON_TEXT_KEYS = new Set(['poll', 'contacts', 'participants', 'votes', 'messageIds', 'webhooks', 'events', 'retries', 'config', 'metadata', 'labels', 'proxy'])

const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype'])

export const isPlainObject = (v: unknown): v is Params => typeof v === 'object' && v !== null && !Array.isArray(v) && !Buffer.isBuffer(v)

/** `file[url]` -> ['file', 'url']; `message.title` -> ['message', 'title']; `a[0][b]` -> ['a', '0', 'b']. */
export function splitKey(key: string): string[] {
  // Most keys are plain (instance_id, access_token, chatId): no regex for them.
  if (!key.includes('[') && !key.includes('.')) return [key]
  const bracket = /^([^[\]]+)((?:\[[^[\]]*\])+)$/.exec(key)
  if (bracket) return [bracket[1]!, ...[...bracket[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)].filter((p) => p !== '')
  if (key.includes('.') && !key.startsWith('.') && !key.endsWith('.')) return key.split('.')
  return [key]
}

function parseJsonText(key: string, value: unknown): unknown {
  if (typeof value !== 'string' || !JSON_TEXT_KEYS.has(key)) return value
  const t = value.trim()
  if (!(t.startsWith('[') || t.startsWith('{'))) return value
  try {
    return JSON.parse(t) as unknown
  } catch {
    return value // not JSON after all: the route's validation decides
  }
}

function setKey(target: Params, key: string, value: unknown): void {
  if (FORBIDDEN.has(key)) return
  target[key] = isPlainObject(target[key]) && isPlainObject(value) ? { ...(target[key] as Params), ...value } : value
}

function setPath(target: Params, path: string[], value: unknown): void {
  if (path.length === 1) return setKey(target, path[0]!, value)
  if (path.some((p) => FORBIDDEN.has(p))) return
  let node = target
  for (const part of path.slice(0, -1)) {
    const next = node[part]
    if (!isPlainObject(next)) node[part] = {}
    node = node[part] as Params
  }
  const last = path[path.length - 1]!
  // A nested object and flattened keys for the same parent merge instead of replacing each other.
  node[last] = isPlainObject(node[last]) && isPlainObject(value) ? { ...(node[last] as Params), ...value } : value
}

// Every request runs these over its query and body: plain loops over own keys, no entry arrays, and plain keys
// (instance_id, access_token, chatId) without a split.
function normalizeObject(source: Params): Params {
  const out: Params = {}
  for (const key in source) {
    if (!Object.hasOwn(source, key)) continue
    const raw = source[key]
    if (raw === undefined || raw === 'null') continue
    const nested = isPlainObject(raw) ? normalizeObject(raw) : raw
    if (!key.includes('[') && !key.includes('.')) {
      setKey(out, key, parseJsonText(key, nested))
      continue
    }
    const path = splitKey(key)
    setPath(out, path, parseJsonText(path[0]!, nested))
  }
  return out
}

/**
 * `{"0": a, "1": b}` -> `[a, b]`, at any depth below the top: PHP's http_build_query (and Guzzle form_params)
 * spell every array as events[0]=...&events[1]=..., and the hosted docs render arrays the same way. Only dense
 * 0..n-1 keys: JavaScript lists integer keys first and ascending, so comparing with the index suffices.
 */
function denseArrays(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(denseArrays)
  if (!isPlainObject(value)) return value
  const keys = Object.keys(value)
  const out: Params = {}
  for (const k of keys) out[k] = denseArrays(value[k])
  return keys.length > 0 && keys.every((k, i) => k === String(i)) ? keys.map((k) => out[k]) : out
}

/** Normalises one source (query, form or JSON). Runs after the nesting, so flat and nested spellings merge first. */
export function normalizeParams(source: unknown): Params {
  if (!isPlainObject(source)) return {}
  const out = normalizeObject(source)
  for (const k in out) {
    const v = out[k]
    if (typeof v === 'object' && v !== null) out[k] = denseArrays(v)
  }
  return out
}

/** query ∪ body, body wins; duplicates are never an error. */
export const mergeParams = (query: unknown, body: unknown): Params => {
  const merged = normalizeParams(query)
  if (!isPlainObject(body)) return merged
  const fromBody = normalizeParams(body)
  for (const k in fromBody) setKey(merged, k, fromBody[k])
  return merged
}

/** "true"/"false"/"1"/"0"/1/0/true/false -> boolean; anything else -> undefined. */
export function looseBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value
  if (value === 1 || value === '1' || value === 'true') return true
  if (value === 0 || value === '0' || value === 'false') return false
  return undefined
}

/** A single string parameter; repeated query keys (arrays) take the last value, as most servers do. */
export function stringParam(params: Params, key: string): string | undefined {
  let v = params[key]
  if (Array.isArray(v)) v = v[v.length - 1]
  if (typeof v === 'number') return String(v)
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined
}
