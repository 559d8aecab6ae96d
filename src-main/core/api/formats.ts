// Body formats chosen by the Accept header: JSON (default), XML, plain text and HTML, for errors and for
// the success answers of the session operations ("Success ..." in text, <success>/<message> in XML).
import { XMLBuilder } from 'fast-xml-parser'
import Negotiator from 'negotiator'

export type BodyFormat = 'json' | 'xml' | 'text' | 'html'

// Order breaks ties: `*/*` picks JSON, and `text/*` picks plain text (not text/xml, nor HTML).
const OFFERED = ['application/json', 'application/xml', 'text/plain', 'text/html', 'text/xml']
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

const negotiated = new Map<string, BodyFormat>()

/** No Accept, `*\/*` or nothing we offer: JSON. Results are memoised: clients send the same few Accept values. */
export function negotiateFormat(accept: string | undefined): BodyFormat {
  if (!accept) return 'json'
  let format = negotiated.get(accept)
  if (!format) {
    const type = new Negotiator({ headers: { accept } }).mediaType(OFFERED)
    format = (type && FORMAT_OF[type]) || 'json'
    if (negotiated.size >= 256) negotiated.clear() // junk Accept values cannot grow it without bound
    negotiated.set(accept, format)
  }
  return format
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
  /** `error` in the rate-limit and temp-link operations' variant (spec: status, code, message, free_policies). */
  status?: 'error' | undefined
  code: string
  message: string
  recommendation?: string | undefined
  missing?: string[] | undefined
  /** Policies of the free plan (403 subscription_required). */
  freePolicies?: string[] | undefined
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
      return toXml('error', {
        ...(e.status ? { status: e.status } : {}),
        code: e.code,
        message: e.message,
        ...(e.freePolicies ? { free_policies: e.freePolicies } : {}),
        details
      })
    }
    case 'text': {
      // "Error:" already says status error; the free policies are part of the message a person reads.
      const free = e.freePolicies ? ` Free policies: ${e.freePolicies.join(', ')}.` : ''
      return `Error: ${e.code}. ${sentence(e.message)}.${free}${e.recommendation ? ` ${sentence(e.recommendation)}.` : ''}`
    }
    case 'html': {
      const free = e.freePolicies ? `<p>Free policies: ${escapeHtml(e.freePolicies.join(', '))}</p>` : ''
      return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${status} ${escapeHtml(e.code)}</title></head><body><h1>${status} ${escapeHtml(
        e.code
      )}</h1><p>${escapeHtml(e.message)}</p>${free}${e.recommendation ? `<p>${escapeHtml(e.recommendation)}</p>` : ''}</body></html>`
    }
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
