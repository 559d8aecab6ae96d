// config.proxy from any of the API's spellings: `config: {proxy: {...}}`, `proxy: {...}`, flattened keys
// (proxy[server]=..., config.proxy.server=...), JSON text, or a bare URL string (http://user:pass@host:port).
// null or "" removes the proxy (on update).
import { coreErrors } from '../../domain/core-errors.js'
import { parseProxy, type ProxySetting } from '../../domain/proxy.js'
import { isPlainObject, type Params } from '../request-params.js'

export type ProxyParam = { given: false } | { given: true; proxy: ProxySetting | null }

const text = (v: unknown, name: string): string | null => {
  if (v === undefined || v === null || v === '') return null
  if (typeof v === 'string') return v
  if (typeof v === 'number') return String(v)
  throw coreErrors.invalidParam(name, 'must be a string')
}

function fromValue(raw: unknown): ProxySetting | null {
  if (raw === null || raw === '') return null
  if (typeof raw === 'string') {
    const t = raw.trim()
    if (t.startsWith('{')) {
      try {
        return fromValue(JSON.parse(t) as unknown)
      } catch {
        throw coreErrors.invalidParam('proxy', 'not valid JSON')
      }
    }
    return parseProxy({ server: t })
  }
  if (!isPlainObject(raw)) throw coreErrors.invalidParam('proxy', 'use {server, username, password} or a proxy URL')
  const server = text(raw.server ?? raw.url, 'proxy.server')
  if (server === null) {
    // {server: null} / {} removes, as the hosted API's `proxy: null`.
    if (raw.username || raw.password) throw coreErrors.missingParam(['proxy.server'])
    return null
  }
  return parseProxy({ server, username: text(raw.username, 'proxy.username'), password: text(raw.password, 'proxy.password') })
}

/** The proxy the request sets, if it mentions one; config.proxy wins over a top-level proxy. */
export function proxyParamOf(input: Params): ProxyParam {
  let config = input.config
  if (typeof config === 'string' && config.trim().startsWith('{')) {
    try {
      config = JSON.parse(config) as unknown
    } catch {
      throw coreErrors.invalidParam('config', 'not valid JSON')
    }
  }
  if (isPlainObject(config) && 'proxy' in config) return { given: true, proxy: fromValue(config.proxy) }
  if ('proxy' in input) return { given: true, proxy: fromValue(input.proxy) }
  return { given: false }
}
