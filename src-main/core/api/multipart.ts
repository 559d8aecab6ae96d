// multipart/form-data bodies (n8n's "Form-Data", Make's multipart, Python requests files=, PHP Guzzle
// multipart), parsed as a stream by @fastify/busboy: fields become strings; file parts are written straight to a
// temp file (0600) in the upload dir, never held in memory, and handed on as {upload, filename, mimetype} where
// `upload` is an unguessable id (messaging/send/uploads.ts) that the media routes read the file by. The whole body
// is capped by the route's body limit while it streams; the files are deleted when the request is answered.
import { randomBytes } from 'node:crypto'
import { createWriteStream, mkdirSync, rmSync } from 'node:fs'
import type { IncomingHttpHeaders } from 'node:http'
import { join } from 'node:path'
import { Transform, type Readable, type TransformCallback } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { Busboy, type BusboyHeaders, type BusboyInstance } from '@fastify/busboy'
import { coreErrors } from '../domain/core-errors.js'
import { registerUpload } from '../messaging/send/uploads.js'
import type { Params } from './request-params.js'

/** A file part as the routes see it (an object like the nested file parameter of JSON bodies). */
export interface UploadedFile {
  /** Id of the temp file (messaging/send/uploads.ts); absent for an empty file part (a form's empty file input). */
  upload?: string
  filename?: string
  mimetype?: string
}

export interface MultipartOptions {
  /** Where file parts are written (created 0700). */
  dir: string
  /** Bytes of the whole body (the route's body limit). */
  limit: number
}

const MAX_FILES = 20
const MAX_FIELDS = 1000

const malformed = () => coreErrors.invalidParam('body', 'the body is not valid multipart/form-data (boundary missing or parts malformed)')

/** Creates the upload dir, emptied: files left by a crash are deleted at start. */
export function prepareUploadDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true, mode: 0o700 })
}

/**
 * Parses the body. Ids of the files written are pushed to `uploads` as soon as they exist, so the caller can
 * release them whatever happens next; on failure the files of this body are deleted here. Repeated names
 * (events=a&events=b) become arrays, as in the form-urlencoded parser.
 */
export function parseMultipart(payload: Readable, headers: IncomingHttpHeaders, options: MultipartOptions, uploads: string[]): Promise<Params> {
  return new Promise<Params>((resolve, reject) => {
    const out: Params = {}
    const add = (name: string, value: string | UploadedFile) => {
      const prev = out[name]
      out[name] = prev === undefined ? value : Array.isArray(prev) ? [...(prev as unknown[]), value] : [prev, value]
    }
    const writing = new Map<string, { destroy(): void }>()
    const pending: Promise<void>[] = []
    let settled = false
    const fail = (e: Error) => {
      if (settled) return
      settled = true
      // Stop reading (as Fastify's own body limit does): the rest of the body is never kept, and Node drops it or the
      // connection once the answer is sent.
      payload.unpipe()
      for (const [path, stream] of writing) {
        stream.destroy()
        rmSync(path, { force: true })
      }
      reject(e)
    }

    if (Number(headers['content-length']) > options.limit) return fail(coreErrors.payloadTooLarge())
    let bb: BusboyInstance
    try {
      bb = Busboy({
        headers: headers as BusboyHeaders,
        defCharset: 'utf8',
        // As browsers and undici's FormData: a part is a file when it has a filename, whatever its type.
        isPartAFile: (_name, _type, filename) => filename !== undefined,
        limits: { fieldSize: options.limit, files: MAX_FILES, fields: MAX_FIELDS, fieldNameSize: 200, headerPairs: 100 }
      })
    } catch {
      return fail(malformed())
    }

    let seen = 0
    const counter = new Transform({
      transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
        seen += chunk.length
        if (seen > options.limit) {
          callback()
          fail(coreErrors.payloadTooLarge())
        } else callback(null, chunk)
      }
    })

    bb.on('field', (name: string, value: string, _nameTruncated: boolean, valueTruncated: boolean) => {
      if (valueTruncated) return fail(coreErrors.payloadTooLarge())
      add(name, value)
    })
    bb.on('file', (name: string, stream: Readable, filename: string, _encoding: string, mimeType: string) => {
      // Busboy says text/plain when a part has no Content-Type (Python requests' files= by default): that is no
      // type at all, so the media routes apply their own defaults (image/jpeg, application/pdf...) or a mimetype
      // the client sent as a separate field.
      const file: UploadedFile = { ...(filename ? { filename } : {}), ...(mimeType && mimeType !== 'text/plain' ? { mimetype: mimeType } : {}) }
      add(name, file)
      const path = join(options.dir, `${randomBytes(16).toString('hex')}.part`)
      const sink = createWriteStream(path, { flags: 'wx', mode: 0o600 })
      writing.set(path, sink)
      let size = 0
      stream.on('data', (chunk: Buffer) => (size += chunk.length))
      pending.push(
        pipeline(stream, sink).then(
          () => {
            writing.delete(path)
            if (settled) return void rmSync(path, { force: true })
            // An empty file part (a form's file input left empty) is no file: the route says which is missing.
            if (size === 0) return void rmSync(path, { force: true })
            const id = registerUpload(path, size)
            uploads.push(id)
            file.upload = id
          },
          (e: unknown) => {
            writing.delete(path)
            rmSync(path, { force: true })
            fail(e instanceof Error ? e : new Error(String(e)))
          }
        )
      )
    })
    bb.on('filesLimit', () => fail(coreErrors.invalidParam('body', `more than ${MAX_FILES} files in one request`)))
    bb.on('fieldsLimit', () => fail(coreErrors.invalidParam('body', `more than ${MAX_FIELDS} fields in one request`)))
    bb.on('error', () => fail(malformed()))
    bb.on('finish', () => {
      void Promise.all(pending).then(() => {
        if (settled) return
        settled = true
        resolve(out)
      })
    })
    payload.on('error', (e) => fail(e))
    counter.on('error', (e) => fail(e))
    payload.pipe(counter).pipe(bb)
  })
}
