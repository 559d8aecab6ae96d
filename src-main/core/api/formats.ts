// Body formats chosen by the Accept header: JSON (default), XML, plain text and HTML, for errors and for
// the success answers of the session operations ("Success ..." in text, <success>/<message> in XML).
import { XMLBuilder } from 'fast-xml-parser'
import Negotiator from 'negotiator'

export type BodyFormat = 'json' | 'xml' | 'text' | 'html'

const OFFERED = ['application/json', 'application/xml', 'text/xml', 'text/plain', 'text/html']
const FORMAT_OF: Record<string, BodyFormat> = {
  'application/json': 'json',
  'application/xml': 'xml',
  'text/xml': 'xml',
  'text/plain': 'text',
  'text/html': 'html'
}
export const CONTENT_TYPE: Record<BodyFormat, string> = {
  json: 'application/json; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  text: 'text/plain; charset=utf-8',
  html: 'text/html; charset=utf-8'
}

/** No Accept, `*\/*` or nothing we offer: JSON. */
export function negotiateFormat(accept: string | undefined): BodyFormat {
  if (!accept) return 'json'
  const type = new Negotiator({ headers: { accept } }).mediaType(OFFERED)
  return (type && FORMAT_OF[type]) || 'json'
}

const xml = new XMLBuilder({ format: true, ignoreAttributes: true, suppressEmptyNode: false, arrayNodeName: 'item' })

/** Arrays become repeated <item> elements; nulls become empty elements. */
function xmlSafe(value: unknown): unknown {
  if (Array.isArray(value)) return { item: value.map(xmlSafe) }
  if (value === null || value === undefined) return ''
  if (typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.replace(/[^A-Za-z0-9_.-]/g, '_'), xmlSafe(v)]))
  return value
}

export const toXml = (root: string, value: Record<string, unknown>): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n${xml.build({ [root]: xmlSafe(value) }) as string}`

export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

const sentence = (s: string) => s.replace(/[.\s]+$/, '')

export interface ErrorPayload {
  code: string
  message: string
  recommendation?: string | undefined
  missing?: string[] | undefined
  /** The JSON body, already in its variant's shape. */
  json: Record<string, unknown>
}

export function renderError(e: ErrorPayload, format: BodyFormat, status: number): string {
  switch (format) {
    case 'json':
      return JSON.stringify(e.json)
    case 'xml': {
      const details: Record<string, unknown> = {}
      if (e.recommendation) details.recommendation = e.recommendation
      if (e.missing) details.missing = e.missing
      return toXml('error', { code: e.code, message: e.message, details })
    }
    case 'text':
      return `Error: ${e.code}. ${sentence(e.message)}.${e.recommendation ? ` ${sentence(e.recommendation)}.` : ''}`
    case 'html':
      return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${status} ${escapeHtml(e.code)}</title></head><body><h1>${status} ${escapeHtml(
        e.code
      )}</h1><p>${escapeHtml(e.message)}</p>${e.recommendation ? `<p>${escapeHtml(e.recommendation)}</p>` : ''}</body></html>`
  }
}

/** Success answers of start/stop/restart/logout/delete in XML or plain text; JSON and HTML get the object. */
export function renderSuccess(body: Record<string, unknown>, message: string, format: BodyFormat): string {
  switch (format) {
    case 'xml':
      return toXml('response', { success: true, message, ...body })
    case 'text':
      return `Success. ${sentence(message)}.`
    default:
      return JSON.stringify(body)
  }
}
