// The file of a media send, typed (a URL to fetch, or base64 / data: URL text) and read into bytes. URLs are
// fetched with a timeout and a size cap; outside the sandbox, loopback and private addresses are refused (the API
// must not become a way into the LAN), on every redirect hop too. How clients spell the file (file[url], a top-level url...) is read at the
// API boundary (api/params/media-param.ts).
import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { BlockList, isIP } from 'node:net'
import { Agent, request } from 'undici'
import { coreErrors } from '../../domain/core-errors.js'
import { isDomainError } from '../../domain/errors.js'
import { sendErrors } from './send-errors.js'
import { readUpload, uploadSize } from './uploads.js'

export interface MediaLimits {
  /** Largest file accepted, in bytes (URL downloads and base64 alike). */
  maxBytes: number
  /** Whole download (connect, headers, body). */
  timeoutMs: number
  /** Sandbox mode: files on loopback and private addresses are fine. */
  allowPrivate: boolean
  /**
   * Origins (`http://127.0.0.1:8080`) fetched even when private addresses are refused. Not a setting: tests use it
   * to serve the first hop from a local server while the guard stays on for every other hop.
   */
  allowOrigins?: readonly string[]
}

export const DEFAULT_MEDIA_LIMITS: MediaLimits = { maxBytes: 64 * 1024 * 1024, timeoutMs: 30_000, allowPrivate: false }

export interface MediaFile {
  data: Buffer
  mimetype: string | undefined
  filename: string | undefined
}

/**
 * A file to send as the caller has it: a URL to fetch, base64 text (a data: URL too) or a file uploaded with the
 * request (multipart, streamed to disk; see uploads.ts), and what it knows of it.
 */
export type FileSpec = (
  | { url: string; data?: undefined; upload?: undefined }
  | { data: string; url?: undefined; upload?: undefined }
  | { upload: string; url?: undefined; data?: undefined }
) & {
  mimetype?: string
  filename?: string
}

/** How errors name the parts of a file (the caller's own spelling, so a client sees the parameter it sent). */
export interface FileNames {
  url: string
  data: string
  /** The uploaded file part (default: the data name). */
  upload?: string
}

/** `file` -> file[url] / file[data], the names the send and status endpoints document. */
export const fileNames = (name: string): FileNames => ({ url: `${name}[url]`, data: `${name}[data]`, upload: name })

/** Reads a file into bytes: base64 decoded, URLs downloaded, uploads read; the caller's mimetype and filename win. */
export async function loadFile(spec: FileSpec, limits: MediaLimits, names: FileNames = fileNames('file')): Promise<MediaFile> {
  if (spec.upload !== undefined) {
    // The size is known from the upload: a file over the limit is refused before it is read into memory.
    const size = uploadSize(spec.upload)
    if (size !== undefined && size > limits.maxBytes) throw sendErrors.fileTooLarge(limits.maxBytes)
    const bytes = await readUpload(spec.upload)
    if (!bytes) throw coreErrors.invalidParam(names.upload ?? names.data, 'not a file uploaded with this request')
    if (!bytes.length) throw coreErrors.invalidParam(names.upload ?? names.data, 'the uploaded file is empty')
    return { data: bytes, mimetype: spec.mimetype, filename: spec.filename }
  }
  if (spec.data !== undefined) {
    const decoded = decodeBase64(spec.data, names.data, limits.maxBytes)
    return { data: decoded.bytes, mimetype: spec.mimetype ?? decoded.mimetype, filename: spec.filename }
  }
  const fetched = await fetchFile(spec.url.trim(), limits, names.url)
  return { data: fetched.bytes, mimetype: spec.mimetype ?? fetched.mimetype, filename: spec.filename ?? fetched.filename }
}

const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/

export function decodeBase64(text: string, param: string, maxBytes: number): { bytes: Buffer; mimetype: string | undefined } {
  let body = text.trim()
  let mimetype: string | undefined
  const dataUrl = /^data:([^;,]*)(?:;[^,]*)?;base64,/i.exec(body)
  if (dataUrl) {
    mimetype = dataUrl[1] || undefined
    body = body.slice(dataUrl[0].length)
  }
  body = body.replace(/\s+/g, '')
  if (!body || body.length % 4 === 1 || !BASE64.test(body)) throw sendErrors.invalidBase64(param)
  // Check the size before decoding: 4 characters carry 3 bytes.
  if (Math.floor((body.length * 3) / 4) - 2 > maxBytes) throw sendErrors.fileTooLarge(maxBytes)
  const bytes = Buffer.from(body, body.includes('-') || body.includes('_') ? 'base64url' : 'base64')
  if (!bytes.length) throw sendErrors.invalidBase64(param)
  if (bytes.length > maxBytes) throw sendErrors.fileTooLarge(maxBytes)
  return { bytes, mimetype }
}

const PRIVATE = new BlockList()
for (const [net, prefix] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.168.0.0', 16]] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv4')
}
// No ::ffff:0:0/96 rule: BlockList matches IPv4 addresses against IPv4-mapped IPv6 rules, so it would refuse every
// IPv4 address. Mapped addresses are unwrapped below instead.
for (const [net, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10]] as const) PRIVATE.addSubnet(net, prefix, 'ipv6')

export const isPrivateAddress = (ip: string): boolean => {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)
  if (mapped) return isPrivateAddress(mapped[1]!)
  const family = isIP(ip)
  return family === 4 ? PRIVATE.check(ip, 'ipv4') : family === 6 ? PRIVATE.check(ip, 'ipv6') : false
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void

/** DNS lookup that refuses private addresses at connect time (so a rebinding name cannot slip through). */
export function publicOnlyLookup(hostname: string, options: object, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, [])
    const list = addresses as LookupAddress[]
    if (list.some((a) => isPrivateAddress(a.address))) {
      return callback(Object.assign(new Error(`${hostname} resolves to a private address`), { code: 'EPRIVATE' }), [])
    }
    if ((options as { all?: boolean }).all) return callback(null, list)
    return callback(null, list[0]!.address, list[0]!.family)
  })
}

let publicAgent: Agent | undefined
let anyAgent: Agent | undefined
const agentFor = (allowPrivate: boolean): Agent =>
  allowPrivate ? (anyAgent ??= new Agent({ connections: 16 })) : (publicAgent ??= new Agent({ connections: 16, connect: { lookup: publicOnlyLookup as never } }))

/** Redirects followed per download; each hop is checked like the first URL. */
export const MAX_REDIRECTS = 5
const REDIRECTS = new Set([301, 302, 303, 307, 308])

/**
 * The URL if it may be fetched: http(s) only and, outside the sandbox, no loopback or private IP literal and no
 * localhost name (names that resolve to such addresses are refused by the agent's lookup, at connect time).
 */
function checkedUrl(raw: string | URL, limits: MediaLimits, param: string, hop: string): URL {
  let parsed: URL
  try {
    parsed = new URL(raw)
  } catch {
    throw sendErrors.invalidFileUrl(param, `${hop}not a URL`)
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw sendErrors.invalidFileUrl(param, `${hop}only http and https URLs are fetched`)
  const host = parsed.hostname.replace(/^\[|\]$/g, '')
  if (!limits.allowPrivate && !limits.allowOrigins?.includes(parsed.origin) && (host === 'localhost' || host.endsWith('.localhost') || isPrivateAddress(host))) {
    throw sendErrors.invalidFileUrl(param, `${hop}loopback and private network addresses are not fetched`)
  }
  return parsed
}

/**
 * Downloads a file. Redirects are followed here, not by undici, so that every hop passes the same checks as the
 * first URL before anything connects to it (undici's own redirect handling would follow a 302 to an IP literal
 * such as 127.0.0.1 or 10.0.0.1, which no DNS lookup sees). At most MAX_REDIRECTS hops.
 */
export async function fetchFile(url: string, limits: MediaLimits, param: string): Promise<{ bytes: Buffer; mimetype: string | undefined; filename: string | undefined }> {
  let current = checkedUrl(url, limits, param, '')
  // Our own controller, cleared when done: a timeout firing after the body was dropped must abort nothing.
  const abort = new AbortController()
  const timer = setTimeout(() => abort.abort(Object.assign(new Error('timed out'), { name: 'TimeoutError' })), limits.timeoutMs)
  try {
    for (let hop = 0; ; hop++) {
      const res = await send(current, url, param, limits, abort.signal)
      if (!REDIRECTS.has(res.statusCode)) return await readBody(res, current, url, limits)
      discard(res)
      const location = res.headers.location
      if (typeof location !== 'string' || !location) throw sendErrors.fileUnreachable(url, `HTTP ${res.statusCode} without a Location`)
      if (hop >= MAX_REDIRECTS) throw sendErrors.fileUnreachable(url, `more than ${MAX_REDIRECTS} redirects`)
      let next: URL
      try {
        next = new URL(location, current)
      } catch {
        throw sendErrors.invalidFileUrl(param, 'redirected to something that is not a URL')
      }
      current = checkedUrl(next, limits, param, `redirected to ${next.origin}: `)
    }
  } finally {
    clearTimeout(timer)
  }
}

type Response = Awaited<ReturnType<typeof request>>

async function send(target: URL, url: string, param: string, limits: MediaLimits, signal: AbortSignal): Promise<Response> {
  try {
    return await request(target, { dispatcher: agentFor(limits.allowPrivate), signal, maxRedirections: 0, headers: { 'user-agent': 'Switchboard' } })
  } catch (e) {
    // The agent's lookup refused a name that resolves to a private address: the caller's URL is at fault.
    if (codeOf(e) === 'EPRIVATE') throw sendErrors.invalidFileUrl(param, `${target.hostname} resolves to a loopback or private network address, which is not fetched`)
    throw sendErrors.fileUnreachable(url, describe(e))
  }
}

function discard(res: Response): void {
  res.body.on('error', () => {})
  res.body.destroy()
}

async function readBody(res: Response, final: URL, url: string, limits: MediaLimits): Promise<{ bytes: Buffer; mimetype: string | undefined; filename: string | undefined }> {
  const chunks: Buffer[] = []
  try {
    if (res.statusCode < 200 || res.statusCode > 299) throw sendErrors.fileUnreachable(url, `HTTP ${res.statusCode}`)
    const declared = Number(res.headers['content-length'])
    if (Number.isFinite(declared) && declared > limits.maxBytes) throw sendErrors.fileTooLarge(limits.maxBytes)
    let size = 0
    for await (const chunk of res.body) {
      const b = chunk as Buffer
      size += b.length
      if (size > limits.maxBytes) throw sendErrors.fileTooLarge(limits.maxBytes)
      chunks.push(b)
    }
  } catch (e) {
    discard(res)
    if (isDomainError(e)) throw e
    throw sendErrors.fileUnreachable(url, describe(e))
  }
  const type = res.headers['content-type']
  const mimetype = typeof type === 'string' && type && !type.startsWith('application/octet-stream') ? type.split(';')[0]!.trim() : undefined
  let last = ''
  try {
    last = decodeURIComponent(final.pathname.split('/').pop() ?? '')
  } catch {
    // A malformed %-escape in the path: no file name rather than an error.
  }
  return { bytes: Buffer.concat(chunks), mimetype, filename: last || undefined }
}

const codeOf = (e: unknown): string | undefined => {
  const cause = (e as { cause?: unknown } | undefined)?.cause
  return (e as { code?: string } | undefined)?.code ?? (cause as { code?: string } | undefined)?.code
}

function describe(e: unknown): string {
  if (e instanceof Error) {
    const code = codeOf(e)
    if (e.name === 'TimeoutError' || e.name === 'AbortError') return 'timed out'
    return code ? `${code} ${e.message}`.slice(0, 200) : e.message.slice(0, 200)
  }
  return String(e).slice(0, 200)
}
