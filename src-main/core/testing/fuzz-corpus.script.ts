// Writes api/fuzz-corpus.json (beside its replay): junk requests generated from the OpenAPI document,
// deterministically (no randomness: every operation gets the same fixed set of variants). Regenerate after API
// changes and commit the result:
//   npx tsx src-main/core/testing/fuzz-corpus.script.ts
// The replay is api/fuzz-corpus.test.ts. {{token}}, {{instance}} and {{huge}} are filled in at replay time.
import { writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startTestCore } from './core-harness.js'

export interface FuzzRequest {
  /** "<METHOD> <path template>" of the operation, and which variant this is. */
  op: string
  variant: string
  method: string
  /** Path and query, percent-encoded as sent; {{token}}, {{instance}} and {{huge}} are replaced at replay. */
  url: string
  headers?: Record<string, string>
  /** Raw body text. */
  body?: string
  /** Operations that end the session or disturb the network (stop, logout, faults...) replay last. */
  late?: boolean
  /** A live stream when accepted (GET /v2/events): replayed over real HTTP and closed by the test once it started. */
  stream?: boolean
}

interface OpenApiParam {
  in: string
  name: string
  example?: unknown
}
interface OpenApiOperation {
  parameters?: OpenApiParam[]
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, { example?: unknown }> } }> }
  security?: unknown[]
}

const LATE = /^(?:\/v2\/session\/(?:stop|restart|logout|delete|create|start)|\/v1\/session\/restart|\/sandbox\/faults|\/sandbox\/phones\/\{phone\}\/devices)/
const CREDENTIAL_KEYS = new Set(['access_token', 'instance_id'])
/** Streams never end with valid credentials (the live event stream): marked, so the replay closes them once they started. */
const STREAMING = /^\/v2\/events(?:\/|$)/

/** Plausible values for path parameters (the variants put junk there too). */
const PATH_VALUES: Record<string, string> = {
  token: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
  id: '120363000000000000@g.us',
  chatId: '447441429009@c.us',
  number: '447441429009',
  lid: '123456789012345@lid',
  instanceId: '{{instance}}',
  file: 'a.jpg',
  labelId: '1',
  phone: '15550000001',
  device: '1'
}

/** Wrong types, in turn per parameter. */
const WRONG_TYPES: unknown[] = [123, true, null, [], {}, [1, { a: null }], { a: { b: [] } }, -1e308, 1.5, '', ' ', 'null', '[]', '{}']

/** Weird encodings, raw in a query string. */
const WEIRD_QUERY = ['%00', '%FF%FE', '%C3%28', '%', '%%41', '%F0%9F%98%80%E2%80%AE%E2%80%8B', '+%2B+', '%0D%0ASet-Cookie:%20x=1', '..%2F..%2Fetc%2Fpasswd', '%EF%BF%BF%ED%A0%80']

/** Expanded at replay to 70,000 characters (kept short in the committed file). */
const HUGE = '{{huge}}'

function operationParams(op: OpenApiOperation): { query: string[]; body: string[]; path: string[] } {
  const params = op.parameters ?? []
  const query = params.filter((p) => p.in === 'query' && !CREDENTIAL_KEYS.has(p.name)).map((p) => p.name)
  const path = params.filter((p) => p.in === 'path').map((p) => p.name)
  const schema = op.requestBody?.content?.['application/json']?.schema
  const body = Object.keys(schema?.properties ?? {}).filter((k) => !CREDENTIAL_KEYS.has(k))
  return { query, body, path }
}

function examples(op: OpenApiOperation): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const p of op.parameters ?? []) if (p.in === 'query' && !CREDENTIAL_KEYS.has(p.name) && p.example !== undefined) out[p.name] = p.example
  const props = op.requestBody?.content?.['application/json']?.schema?.properties ?? {}
  for (const [k, v] of Object.entries(props)) if (!CREDENTIAL_KEYS.has(k) && v.example !== undefined) out[k] = v.example
  return out
}

const q = (pairs: [string, string][]): string => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')

export function generateCorpus(doc: { paths: Record<string, Record<string, OpenApiOperation>> }): FuzzRequest[] {
  const out: FuzzRequest[] = []
  for (const [template, item] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(m)) continue
      const method = m.toUpperCase()
      const name = `${method} ${template}`
      const late = LATE.test(template)
      const { query, body, path } = operationParams(op)
      const names = [...new Set([...query, ...body])]
      const fill = (values: Record<string, string> = {}) =>
        template.replace(/\{(\w+)\}/g, (_all, p: string) => values[p] ?? (PATH_VALUES[p] === '{{instance}}' ? '{{instance}}' : encodeURIComponent(PATH_VALUES[p] ?? 'x')))
      const creds = 'access_token={{token}}&instance_id={{instance}}'
      const hasBody = method !== 'GET'
      const add = (variant: string, r: Omit<FuzzRequest, 'op' | 'variant' | 'method' | 'late'>) => out.push({ op: name, variant, method, ...r, ...(late ? { late } : {}) })
      const json = (v: unknown) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(v) })
      // Values in the query for GET, as a JSON body otherwise.
      const send = (variant: string, params: Record<string, unknown>) =>
        hasBody
          ? add(variant, { url: `${fill()}?${creds}`, ...json(params) })
          : add(variant, { url: `${fill()}?${creds}${names.length ? '&' : ''}${q(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]))}` })

      if (STREAMING.test(template)) {
        const stream = (variant: string, url: string, headers?: Record<string, string>) => add(variant, { url, stream: true, ...(headers ? { headers } : {}) })
        stream('missing and foreign credentials', `${fill()}?instance_id=%00%FF&access_token=`)
        stream('wrong token', `${fill()}?access_token=not-a-token&instance_id={{instance}}`)
        stream('no parameters', `${fill()}?${creds}`)
        stream('wrong types', `${fill()}?${creds}&${names.map((n, i) => `${encodeURIComponent(n)}=${encodeURIComponent(JSON.stringify(WRONG_TYPES[i % WRONG_TYPES.length]))}`).join('&')}`)
        stream('huge strings', `${fill()}?${creds}&${names.map((n) => `${encodeURIComponent(n)}={{huge}}`).join('&')}`)
        stream('weird encodings in the query', `${fill()}?${creds}&${names.map((n, i) => `${encodeURIComponent(n)}=${WEIRD_QUERY[i % WEIRD_QUERY.length]}`).join('&')}`)
        stream('junk cursor header', `${fill()}?${creds}`, { 'last-event-id': 'evt_not-a-cursor' })
        continue
      }
      send('no parameters', {})
      send('examples', examples(op))
      send('wrong types', Object.fromEntries(names.map((n, i) => [n, WRONG_TYPES[i % WRONG_TYPES.length]])))
      send('huge strings', Object.fromEntries(names.map((n) => [n, HUGE])))
      add('weird encodings in the query', {
        url: `${fill()}?${creds}&${(names.length ? names : ['x']).map((n, i) => `${encodeURIComponent(n)}=${WEIRD_QUERY[i % WEIRD_QUERY.length]}`).join('&')}`
      })
      add('duplicate and nested parameters', {
        url: `${fill()}?${creds}&${(names.length ? names : ['x']).map((n) => `${n}=a&${n}=b&${n}[]=c&${n}[x][y]=d&${n}.z=e`).join('&')}&instance_id=AAAAAAAAAAAA`
      })
      add('missing and foreign credentials', { url: `${fill()}?instance_id=%00%FF&access_token=` })
      if (hasBody) {
        add('broken JSON', { url: `${fill()}?${creds}`, headers: { 'content-type': 'application/json' }, body: `{"${names[0] ?? 'x'}": "x",` })
        add('JSON with duplicate keys and prototype keys', {
          url: `${fill()}?${creds}`,
          headers: { 'content-type': 'application/json' },
          body: `{${names.map((n) => `"${n}":"a","${n}":{"x":[1,{"__proto__":{"polluted":1}}]}`).join(',')}${names.length ? ',' : ''}"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}`
        })
        add('JSON that is not an object', { url: `${fill()}?${creds}`, headers: { 'content-type': 'application/json' }, body: '[1,2,"three"]' })
        add('form with nested junk', {
          url: `${fill()}?${creds}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: [...names.map((n) => `${n}[__proto__][x]=1&${n}[0][1][2]=x&${n}=%FF%00`), 'constructor[prototype][x]=1', 'a[=b', '=&&=='].join('&')
        })
        add('multipart with a bad boundary', {
          url: `${fill()}?${creds}`,
          headers: { 'content-type': 'multipart/form-data; boundary=abc' },
          body: `--xyz\r\nContent-Disposition: form-data; name="${names[0] ?? 'x'}"\r\n\r\nv\r\n--abc`
        })
        add('multipart with a file in every parameter', {
          url: `${fill()}?${creds}`,
          headers: { 'content-type': 'multipart/form-data; boundary=B0UNDARY' },
          body: `${(names.length ? names : ['file'])
            .map((n) => `--B0UNDARY\r\nContent-Disposition: form-data; name="${n}"; filename="../../${n}.bin"\r\nContent-Type: application/x-evil\r\n\r\n\u0000\u00ff junk bytes\r\n`)
            .join('')}--B0UNDARY--\r\n`
        })
        add('XML body', { url: `${fill()}?${creds}`, headers: { 'content-type': 'application/xml' }, body: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>' })
      }
      if (path.length) {
        for (const junk of ['%2e%2e%2f%2e%2e%2fetc%2fpasswd', '%00', encodeURIComponent('😀'.repeat(40)), 'x'.repeat(190), '%25%32%65', '@', '%40g.us']) {
          add(`path parameter junk ${junk.slice(0, 24)}`, { url: `${fill(Object.fromEntries(path.map((p) => [p, junk])))}?${creds}` })
        }
      }
    }
  }
  // Operations without parameters get the same request under several variant names: keep the first.
  const seen = new Set<string>()
  return out.filter((r) => {
    const key = JSON.stringify([r.method, r.url, r.headers, r.body])
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

// Run as a script: fetch the document from a sandbox core (the sandbox admin routes are documented there too).
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const t = await startTestCore('sandbox', { logLevel: 'warn' })
  try {
    const res = await t.inject({ method: 'GET', url: '/docs/json' })
    const corpus = generateCorpus(res.json())
    const file = join(dirname(fileURLToPath(import.meta.url)), '../api/fuzz-corpus.json')
    writeFileSync(file, `${JSON.stringify(corpus, null, 0).replace(/\},\{"op"/g, '},\n{"op"')}\n`)
    console.log(`${corpus.length} requests -> ${file}`)
  } finally {
    await t.close()
  }
  process.exit(0)
}
