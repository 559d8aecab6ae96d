// multipart/form-data bodies (n8n's "Form-Data", Make's multipart, Python requests files=, PHP Guzzle
// multipart): fields as strings, uploaded files as {data (base64), filename, mimetype}, the nested file shape
// every media route reads. Parsed by Node's own fetch implementation (undici), so no extra dependency.
import { coreErrors } from '../domain/core-errors.js'
import type { Params } from './request-params.js'

export interface UploadedFile {
  data: string
  filename?: string
  mimetype?: string
}

/** Repeated names (events=a&events=b) become arrays, as in the form-urlencoded parser. */
export async function parseMultipart(body: Buffer, contentType: string): Promise<Params> {
  let form: FormData
  try {
    form = await new Response(body, { headers: { 'content-type': contentType } }).formData()
  } catch {
    throw coreErrors.invalidParam('body', 'the body is not valid multipart/form-data (boundary missing or parts malformed)')
  }
  const out: Params = {}
  for (const [name, part] of form.entries()) {
    const value: string | UploadedFile = typeof part === 'string' ? part : await uploadedFile(part)
    const prev = out[name]
    out[name] = prev === undefined ? value : Array.isArray(prev) ? [...(prev as unknown[]), value] : [prev, value]
  }
  return out
}

async function uploadedFile(file: File): Promise<UploadedFile> {
  const data = Buffer.from(await file.arrayBuffer()).toString('base64')
  // A part without a Content-Type (Python requests' files= by default) has type "": the media routes then apply
  // their own defaults (image/jpeg, application/pdf...) or a mimetype the client sent as a separate field.
  return { data, ...(file.name ? { filename: file.name } : {}), ...(file.type ? { mimetype: file.type } : {}) }
}
