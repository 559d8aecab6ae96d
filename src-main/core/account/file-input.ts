// A file parameter as the v2 API takes it (like the send endpoints): nested file:{url|data, mimetype,
// filename}, flat file[url]/file[data] keys (already nested by request-params), a top-level url alias, or a
// plain string (URL, data: URL or base64). URLs are downloaded here, with a timeout and a size cap.
import { isPlainObject, stringParam, type Params } from '../api/request-params.js'
import { coreErrors } from '../domain/core-errors.js'
import { accountErrors } from './errors.js'

export interface FileInput {
  body: Buffer
  mimetype: string | undefined
  filename: string | undefined
}

export interface FileOptions {
  /** Largest accepted file in bytes. */
  maxBytes: number
  /** Accept a top-level `url` as an alias of file[url]. */
  topLevelUrl?: boolean
  timeoutMs?: number
}

const DATA_URL = /^data:([^;,]+)?(?:;[^,]*)?;base64,(.*)$/s
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/

function decodeBase64(param: string, text: string): { body: Buffer; mimetype?: string } {
  const m = DATA_URL.exec(text.trim())
  const payload = (m ? m[2]! : text).replace(/\s+/g, '')
  if (!payload || !BASE64.test(payload)) throw coreErrors.invalidParam(param, 'not valid base64')
  const body = Buffer.from(payload, /[-_]/.test(payload) ? 'base64url' : 'base64')
  if (!body.length) throw coreErrors.invalidParam(param, 'the file is empty')
  return { body, ...(m?.[1] ? { mimetype: m[1] } : {}) }
}

async function download(param: string, url: string, o: FileOptions): Promise<{ body: Buffer; mimetype?: string }> {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw coreErrors.invalidParam(param, 'not a URL')
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw coreErrors.invalidParam(param, 'only http and https URLs are fetched')
  let res: Response
  try {
    res = await fetch(parsed, { signal: AbortSignal.timeout(o.timeoutMs ?? 30_000), redirect: 'follow' })
  } catch (e) {
    throw accountErrors.mediaFetchFailed(param, (e as Error).name === 'TimeoutError' ? 'timed out' : (e as Error).message)
  }
  if (!res.ok) {
    await res.body?.cancel()
    throw accountErrors.mediaFetchFailed(param, `HTTP ${res.status}`)
  }
  const declared = Number(res.headers.get('content-length') ?? NaN)
  if (declared > o.maxBytes) {
    await res.body?.cancel()
    throw accountErrors.invalidMedia(param, `larger than ${o.maxBytes} bytes`)
  }
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of res.body ?? []) {
    size += (chunk as Uint8Array).length
    if (size > o.maxBytes) throw accountErrors.invalidMedia(param, `larger than ${o.maxBytes} bytes`)
    chunks.push(Buffer.from(chunk as Uint8Array))
  }
  if (!size) throw accountErrors.invalidMedia(param, 'the download is empty')
  const type = res.headers.get('content-type')?.split(';')[0]?.trim()
  return { body: Buffer.concat(chunks), ...(type ? { mimetype: type } : {}) }
}

/** The file of `input[key]` (default `file`), or undefined when none was sent. */
export async function readFileParam(input: Params, o: FileOptions, key = 'file'): Promise<FileInput | undefined> {
  const raw = input[key]
  const nested = isPlainObject(raw) ? raw : undefined
  const text = typeof raw === 'string' && raw.trim() ? raw.trim() : undefined
  const url = (nested && stringParam(nested, 'url')) ?? (text && /^https?:\/\//i.test(text) ? text : undefined) ?? (o.topLevelUrl ? stringParam(input, 'url') : undefined)
  const data = (nested && stringParam(nested, 'data')) ?? (text && !/^https?:\/\//i.test(text) ? text : undefined)
  const mimetype = nested ? stringParam(nested, 'mimetype') : undefined
  const filename = nested ? stringParam(nested, 'filename') : undefined
  let got: { body: Buffer; mimetype?: string }
  if (data) {
    got = decodeBase64(`${key}[data]`, data)
    if (got.body.length > o.maxBytes) throw accountErrors.invalidMedia(`${key}[data]`, `larger than ${o.maxBytes} bytes`)
  } else if (url) {
    got = await download(`${key}[url]`, url, o)
  } else {
    return undefined
  }
  return { body: got.body, mimetype: mimetype ?? got.mimetype, filename }
}

/** Like readFileParam, but a missing file is a 400 naming it. */
export async function requireFileParam(input: Params, o: FileOptions, key = 'file'): Promise<FileInput> {
  const file = await readFileParam(input, o, key)
  if (!file) throw coreErrors.missingParam([`${key}[url] or ${key}[data]`])
  return file
}
