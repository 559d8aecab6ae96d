// Request body parsers: JSON (an empty body is {}), form-urlencoded, multipart, and JSON text sent with the
// wrong Content-Type or none (Python requests' data=json.dumps(...), curl -d '{...}', Make's raw text body).
// Anything else stays 415 unsupported_media_type.
import { parse as parseQueryString } from 'node:querystring'
import type { Readable } from 'node:stream'
import type { FastifyInstance, FastifyRequest, onRequestAbortHookHandler, onResponseHookHandler } from 'fastify'
import { coreErrors } from '../domain/core-errors.js'
import { releaseUpload } from '../messaging/send/uploads.js'
import { parseMultipart, prepareUploadDir } from './multipart.js'
import { hookList } from './route-hooks.js'

type Done = (err: Error | null, body?: unknown) => void

declare module 'fastify' {
  interface FastifyRequest {
    /** Ids of the files this request's multipart body was streamed to; released once it is answered. */
    uploads: string[] | null
  }
}

export interface BodyParserOptions {
  /** Where multipart file parts are written (emptied at start). */
  uploadDir: string
}

const releaseUploads = (request: FastifyRequest): void => {
  const ids = request.uploads
  if (!ids) return
  request.uploads = null
  for (const id of ids) void releaseUpload(id).catch((e: unknown) => request.log.warn({ err: e }, 'an uploaded file could not be deleted'))
}

/** A body that is JSON whatever its Content-Type says: an object or array, nothing a form or text field starts with. */
const looksLikeJson = (text: string): boolean => /^\s*[{[]/.test(text)

export function registerBodyParsers(app: FastifyInstance, options: BodyParserOptions): void {
  const jsonParser = app.getDefaultJsonParser('error', 'error')
  const asText = (body: string | Buffer) => (typeof body === 'string' ? body : body.toString('utf8'))

  // Clients often send Content-Type: application/json with an empty body (POST/DELETE without fields).
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request: FastifyRequest, body: string | Buffer, done: Done) => {
    const text = asText(body)
    if (text.trim() === '') return done(null, {})
    return jsonParser(request, text, done)
  })

  // curl -d '{...}' without -H sends JSON labelled as a form: read it as the JSON it is.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (request: FastifyRequest, body: string | Buffer, done: Done) => {
    const text = asText(body)
    if (looksLikeJson(text)) return jsonParser(request, text, done)
    return done(null, parseQueryString(text))
  })

  // Form tools send file uploads and plain fields as multipart: streamed, file parts to disk, the whole body capped
  // by the route's bodyLimit as it arrives (Fastify enforces it only for buffered parsers). The files are deleted
  // once the request is answered (or aborted).
  prepareUploadDir(options.uploadDir)
  app.decorateRequest('uploads', null)
  // Route-level hooks on the routes that take a body only: a GET (the polled /v2/session/info) pays nothing.
  const onResponse: onResponseHookHandler = (request, _reply, done) => {
    releaseUploads(request)
    done()
  }
  const onRequestAbort: onRequestAbortHookHandler = (request, done) => {
    releaseUploads(request)
    done()
  }
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    if (methods.every((m) => m === 'GET' || m === 'HEAD')) return
    route.onResponse = [...hookList(route.onResponse), onResponse]
    route.onRequestAbort = [...hookList(route.onRequestAbort), onRequestAbort]
  })
  app.addContentTypeParser('multipart/form-data', (request: FastifyRequest, payload: Readable, done: Done) => {
    const uploads: string[] = []
    request.uploads = uploads
    parseMultipart(payload, request.headers, { dir: options.uploadDir, limit: request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? 1024 * 1024 }, uploads).then(
      (params) => done(null, params),
      (e: Error) => done(e)
    )
  })

  // text/plain and any other or missing Content-Type: JSON text is read as JSON; text/plain otherwise stays the
  // plain string it was (the route then says the body must be an object); other types are 415.
  app.removeContentTypeParser('text/plain')
  app.addContentTypeParser('*', { parseAs: 'string' }, (request: FastifyRequest, body: string | Buffer, done: Done) => {
    const text = asText(body)
    if (looksLikeJson(text)) return jsonParser(request, text, done)
    const type = request.headers['content-type']
    if (type !== undefined && /^text\/plain\s*(;|$)/i.test(type)) return done(null, text)
    return done(coreErrors.unsupportedMediaType(type))
  })
}
