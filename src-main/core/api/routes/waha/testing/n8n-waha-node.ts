// WAHA's published n8n node (devlikeapro/n8n-nodes-waha, node version 202409) as n8n sees it: the properties the
// node builds from WAHA's OpenAPI (waha-openapi.json) with @devlikeapro/n8n-openapi-node, and a small interpreter of
// n8n's declarative routing (n8n-workflow's RoutingNode + n8n-core's httpRequest) that turns one operation and its
// parameters into the HTTP request n8n sends. Test support for waha-n8n-node.test.ts.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

const here = (file: string): URL => new URL(file, import.meta.url)

/** One n8n node property (the subset the WAHA node's generated properties use). */
export interface N8nProperty {
  displayName: string
  name: string
  type: string
  default: unknown
  required?: boolean
  options?: { name: string; value: string; action?: string; routing?: { request: { method: string; url: string } } }[]
  routing?: { request: { qs?: Record<string, string>; body?: Record<string, string> } }
  displayOptions?: { show: { resource?: string[]; operation?: string[] } }
}

export const NODE_PACKAGE = '@devlikeapro/n8n-openapi-node'
export const SNAPSHOT = here('./n8n-waha-node.properties.json')

/** WAHAv202409.ts's customDefaults: the node fills these from the trigger's item ($json = WAHA's webhook envelope). */
const CUSTOM_DEFAULTS = [
  { find: { name: 'session', required: true, type: 'string' }, replace: { default: '={{ $json.session }}' } },
  { find: { name: 'chatId', required: true, type: 'string' }, replace: { default: '={{ $json.payload.from }}' } },
  { find: { name: 'messageId', type: 'string' }, replace: { default: '={{ $json.payload.id }}' } },
  { find: { name: 'reply_to', type: 'string' }, replace: { default: '' } }
]

type Ctor = new (...args: unknown[]) => object
export interface BuilderPackage {
  N8NPropertiesBuilder: new (doc: unknown, config: unknown) => { build(overrides: unknown): N8nProperty[] }
  DefaultOperationParser: Ctor
  DefaultResourceParser: Ctor
  OperationsCollector: Ctor
}
interface Operation { operationId?: string; summary?: string; description?: string }

/** The node's build (WAHAv202409.ts with its three parsers in openapi/*.ts), run with the given package. */
export function buildNodeProperties(pkg: BuilderPackage, startCase: (s: string) => string): N8nProperty[] {
  const doc: unknown = JSON.parse(readFileSync(here('./waha-openapi.json'), 'utf8'))
  const name = (operation: Operation): string => {
    const id = operation.operationId!.split('_').slice(1).join('_')
    return startCase(id || operation.operationId!)
  }
  class WAHAOperationParser extends pkg.DefaultOperationParser {
    name = (operation: Operation): string => name(operation)
    value = (operation: Operation): string => name(operation)
    action = (operation: Operation): string => operation.summary || name(operation)
    description = (operation: Operation): string => operation.description || operation.summary || ''
  }
  class WAHAResourceParser extends pkg.DefaultResourceParser {
    value = (tag: { name: string }): string => startCase(tag.name.replace(/[^a-zA-Z0-9_-]/g, ''))
  }
  const base = pkg.OperationsCollector.prototype as { parseFields: (this: unknown, ...args: unknown[]) => N8nProperty[] }
  class WAHAOperationsCollector extends pkg.OperationsCollector {
    parseFields = (...args: unknown[]): N8nProperty[] => {
      const fields = base.parseFields.apply(this, args)
      return fields.sort((a, b) => (a.name === 'session' ? -1 : b.name === 'session' ? 1 : 0))
    }
  }
  const config = { OperationsCollector: WAHAOperationsCollector, operation: new WAHAOperationParser(), resource: new WAHAResourceParser() }
  return new pkg.N8NPropertiesBuilder(doc, config).build(CUSTOM_DEFAULTS)
}

/**
 * The node's properties: built live when @devlikeapro/n8n-openapi-node is installed (and then they must equal the
 * committed snapshot), otherwise the snapshot that package (0.1.0, the node's lock) built from the same document.
 */
export function nodeProperties(): { properties: N8nProperty[]; live: N8nProperty[] | null } {
  const properties = JSON.parse(readFileSync(SNAPSHOT, 'utf8')) as N8nProperty[]
  const require = createRequire(import.meta.url)
  let pkg: BuilderPackage
  try {
    pkg = require(NODE_PACKAGE) as BuilderPackage
  } catch {
    return { properties, live: null }
  }
  const { startCase } = require('lodash') as { startCase: (s: string) => string }
  return { properties, live: buildNodeProperties(pkg, startCase) }
}

// ---- n8n's declarative routing, as RoutingNode and httpRequest apply it ----

export interface N8nOperation {
  resource: string
  operation: string
  action: string
  method: string
  url: string
  /** The properties n8n displays for this resource and operation (their routing builds the request). */
  fields: N8nProperty[]
}

/** Every operation the node offers (one option of a resource's `operation` property each). */
export function operationsOf(properties: N8nProperty[]): N8nOperation[] {
  const shownFor = (p: N8nProperty, resource: string, operation: string) =>
    p.displayOptions?.show.resource?.includes(resource) === true && p.displayOptions.show.operation?.includes(operation) === true
  return properties.filter((p) => p.name === 'operation' && p.options?.[0]?.routing).flatMap((p) => {
    const resource = p.displayOptions!.show.resource![0]!
    return p.options!.map((o) => ({
      resource,
      operation: o.value,
      action: o.action ?? o.name,
      method: o.routing!.request.method,
      url: o.routing!.request.url,
      fields: properties.filter((f) => f.name !== 'operation' && shownFor(f, resource, o.value))
    }))
  })
}

export interface N8nRequest {
  method: string
  path: string
  qs: Record<string, unknown>
  body: Record<string, unknown>
}

const get = (obj: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), obj)

/** n8n's expressions as the node's properties use them ("={{ … }}"); anything else is an error, never a guess. */
function evaluate(value: unknown, scope: { $value?: unknown; $json: unknown; $parameter: Record<string, unknown> }): unknown {
  if (typeof value !== 'string' || !value.startsWith('=')) return value
  const whole = /^=\{\{\s*(.+?)\s*\}\}$/.exec(value)
  const one = (expr: string): unknown => {
    if (expr === '$value') return scope.$value
    if (expr === 'JSON.parse($value)') return typeof scope.$value === 'string' ? JSON.parse(scope.$value) : scope.$value
    const param = /^\$parameter\["(\w+)"\]$/.exec(expr)
    if (param) return scope.$parameter[param[1]!]
    if (expr.startsWith('$json.')) return get(scope.$json, expr.slice('$json.'.length))
    throw new Error(`unsupported n8n expression: ${expr}`)
  }
  if (whole && !whole[1]!.includes('}}')) return one(whole[1]!)
  return value.slice(1).replace(/\{\{\s*(.+?)\s*\}\}/g, (_, expr: string) => String(one(expr)))
}

/**
 * The request n8n makes for one operation: each displayed parameter is what the user set, else its default (an
 * expression default is evaluated against the input item), and every parameter's routing adds its qs/body entry.
 */
export function requestFor(op: N8nOperation, set: Record<string, unknown>, $json: unknown): N8nRequest {
  const $parameter: Record<string, unknown> = {}
  for (const f of op.fields) $parameter[f.name] = f.name in set ? set[f.name] : evaluate(f.default, { $json, $parameter: {} })
  const qs: Record<string, unknown> = {}
  const body: Record<string, unknown> = {}
  for (const f of op.fields) {
    for (const [target, entries] of [[qs, f.routing?.request.qs], [body, f.routing?.request.body]] as const) {
      for (const [key, expr] of Object.entries(entries ?? {})) target[key] = evaluate(expr, { $value: $parameter[f.name], $json, $parameter })
    }
  }
  return { method: op.method, path: String(evaluate(op.url, { $json, $parameter })), qs, body }
}

/**
 * Sends it as n8n does: requestDefaults' headers (Accept and Content-Type JSON), the credential's X-Api-Key,
 * axios's query (null and undefined dropped), and a JSON body only when non-empty on a method that has one.
 */
export async function send(baseUrl: string, apiKey: string, req: N8nRequest): Promise<{ status: number; type: string; body: unknown }> {
  const query = new URLSearchParams()
  for (const [k, v] of Object.entries(req.qs)) {
    if (v === null || v === undefined) continue
    if (Array.isArray(v)) for (const item of v) query.append(`${k}[]`, String(item))
    else query.append(k, String(v))
  }
  const hasBody = !['GET', 'HEAD', 'OPTIONS'].includes(req.method) && Object.keys(req.body).length > 0
  const res = await fetch(`${baseUrl}${req.path}${query.size ? `?${query}` : ''}`, {
    method: req.method,
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-Api-Key': apiKey, 'User-Agent': 'n8n' },
    ...(hasBody ? { body: JSON.stringify(req.body) } : {})
  })
  const type = res.headers.get('content-type') ?? ''
  const text = await res.text()
  return { status: res.status, type, body: type.includes('json') && text ? JSON.parse(text) : text }
}
