// The file parameter of media endpoints, in every spelling clients use: file[url] / file[data] (flat or nested),
// file[mimetype] / file[filename] (also mimeType / fileName), a top-level url, mimetype and filename, or `file` as
// a URL, data: URL or base64 string. Parsed here into a typed FileSpec; messaging/send/media-input.ts reads it.
import { coreErrors } from '../../domain/core-errors.js'
import { fileNames, loadFile, type FileSpec, type MediaFile, type MediaLimits } from '../../messaging/send/media-input.js'
import { isPlainObject, type Params } from '../request-params.js'
import { str } from './send-params.js'

function fileFromString(v: string): Params {
  const t = v.trim()
  return /^https?:\/\//i.test(t) ? { url: t } : { data: t }
}

/** The `name` parameter (default `file`) as a FileSpec; missing_param `<name>[url]` when it holds neither data nor a URL. */
export function fileSpecParam(p: Params, name = 'file'): FileSpec {
  const raw = p[name]
  const file: Params = isPlainObject(raw) ? raw : typeof raw === 'string' ? fileFromString(raw) : {}
  const url = str(file, 'url') ?? (name === 'file' ? str(p, 'url') : undefined)
  const data = str(file, 'data') ?? str(file, 'base64')
  // A file part of a multipart body (api/multipart.ts): an id of the file it was streamed to, not its bytes.
  const upload = str(file, 'upload')
  const mimetype = str(file, 'mimetype') ?? str(file, 'mimeType') ?? (name === 'file' ? str(p, 'mimetype') : undefined)
  const filename = str(file, 'filename') ?? str(file, 'fileName') ?? (name === 'file' ? str(p, 'filename') : undefined)
  const known = { ...(mimetype !== undefined ? { mimetype } : {}), ...(filename !== undefined ? { filename } : {}) }
  if (upload !== undefined) return { upload, ...known }
  // base64 wins over a URL when both are given.
  if (data !== undefined && data.trim() !== '') return { data, ...known }
  if (url !== undefined && url.trim() !== '') return { url: url.trim(), ...known }
  throw coreErrors.missingParam([`${name}[url]`])
}

/** Reads the `name` parameter (and its aliases) into bytes; every error, a missing file too, rejects. */
export async function readMediaParam(p: Params, limits: MediaLimits, name = 'file'): Promise<MediaFile> {
  return loadFile(fileSpecParam(p, name), limits, fileNames(name))
}
