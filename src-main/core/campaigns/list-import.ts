// Reads a contact list: a CSV (text or a byte stream, parsed by csv-parse as it arrives, UTF-8 checked chunk by
// chunk) or JSON rows -> column mapping (the phone column, which columns are variables) -> phones normalised with
// the default country -> duplicates merged. Every refused row is reported with its line and reason.
import { parse } from 'csv-parse'
import { Readable } from 'node:stream'
import type { ColumnMapping, ListContact, ListSource, RejectedRow } from './campaign-types.js'
import { campaignErrors } from './errors.js'
import { normalizePhone } from './phones.js'

export interface ParsedList {
  variables: string[]
  /** By phone, in first-seen order. */
  contacts: Map<string, ListContact>
  rejected: RejectedRow[]
  merged: Array<{ line: number; intoLine: number; phone: string }>
}

/** Headers that name the phone column when no mapping says which (compared without case, spaces, _ or -). */
const PHONE_HEADERS = new Set(['phone', 'phonenumber', 'number', 'mobile', 'mobilenumber', 'cell', 'cellphone', 'whatsapp', 'whatsappnumber', 'tel', 'telephone', 'telefono', 'teléfono', 'celular', 'movil', 'móvil', 'numero', 'número', 'telefone', 'handy', 'telefon', 'nomor', 'nohp', 'hp', 'portable', 'cellulare', 'msisdn', 'wa', 'chatid'])

const squash = (h: string) => h.trim().toLowerCase().replace(/[\s_\-.]/g, '')

/** A column name as a template variable: "First name" -> first_name. */
export const variableName = (header: string): string => header.trim().toLowerCase().replace(/\s+/g, '_')

interface Columns {
  phoneIndex: number
  /** [column index, variable name] */
  vars: Array<[number, string]>
}

function mapColumns(headers: string[], mapping: ColumnMapping | undefined): Columns {
  const clean = headers.map((h) => h.trim())
  const phoneIndex = mapping?.phone !== undefined
    ? clean.findIndex((h) => h === mapping.phone.trim() || squash(h) === squash(mapping.phone))
    : clean.findIndex((h) => PHONE_HEADERS.has(squash(h)))
  if (phoneIndex < 0) throw campaignErrors.missingPhoneColumn(clean, mapping?.phone)
  const vars: Array<[number, string]> = []
  const wanted = mapping?.variables
  clean.forEach((h, i) => {
    if (i === phoneIndex || !h) return
    if (wanted === undefined) vars.push([i, variableName(h)])
    else if (Array.isArray(wanted)) {
      if (wanted.some((w) => w.trim() === h)) vars.push([i, variableName(h)])
    } else if (wanted[h] !== undefined) vars.push([i, variableName(wanted[h]!)])
  })
  if (Array.isArray(wanted)) {
    const missing = wanted.find((w) => !clean.includes(w.trim()))
    if (missing) throw campaignErrors.invalidCampaign('mapping.variables', `the CSV has no column "${missing}"`)
  }
  return { phoneIndex, vars }
}

class ListBuilder {
  readonly contacts = new Map<string, ListContact>()
  readonly rejected: RejectedRow[] = []
  readonly merged: ParsedList['merged'] = []
  constructor(private readonly cols: Columns, private readonly country: string | null) {}

  add(cells: string[], line: number): void {
    const raw = cells[this.cols.phoneIndex] ?? ''
    if (!raw.trim()) {
      if (cells.every((c) => !c.trim())) return
      this.rejected.push({ line, reason: 'missing_phone', message: 'the phone cell is empty', value: '' })
      return
    }
    const n = normalizePhone(raw, this.country)
    if (!n.ok) {
      this.rejected.push({ line, reason: 'invalid_phone', message: n.message, value: raw.slice(0, 100) })
      return
    }
    const vars: Record<string, string> = {}
    for (const [i, name] of this.cols.vars) vars[name] = (cells[i] ?? '').trim()
    const known = this.contacts.get(n.phone)
    if (known) {
      // Merged: later non-empty values complete or update the first row.
      for (const [k, v] of Object.entries(vars)) if (v) known.vars[k] = v
      this.merged.push({ line, intoLine: known.line, phone: n.phone })
      return
    }
    this.contacts.set(n.phone, { phone: n.phone, vars, line })
  }

  result(): ParsedList {
    return { variables: this.cols.vars.map(([, v]) => v), contacts: this.contacts, rejected: this.rejected, merged: this.merged }
  }
}

/** Decodes UTF-8 chunk by chunk and refuses other encodings with a clear invalid_csv (the position says where). */
async function* utf8(stream: AsyncIterable<Buffer | string>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true })
  let offset = 0
  let first = true
  for await (const chunk of stream) {
    if (typeof chunk === 'string') {
      yield chunk
      continue
    }
    if (first && chunk.length >= 2 && ((chunk[0] === 0xff && chunk[1] === 0xfe) || (chunk[0] === 0xfe && chunk[1] === 0xff))) {
      throw campaignErrors.invalidCsv('The file is UTF-16; save it as CSV UTF-8')
    }
    first = false
    try {
      yield decoder.decode(chunk, { stream: true })
    } catch {
      throw campaignErrors.invalidCsv(`The file is not UTF-8 text (invalid bytes after byte ${offset}); save it as CSV UTF-8`)
    }
    offset += chunk.length
  }
  try {
    yield decoder.decode()
  } catch {
    throw campaignErrors.invalidCsv('The file ends in the middle of a UTF-8 character')
  }
}

/** The delimiter the header line uses most (comma, semicolon or tab: spreadsheets in many locales write ;). */
function delimiterOf(header: string): string {
  const count = (c: string) => header.split(c).length - 1
  return [',', ';', '\t'].reduce((best, c) => (count(c) > count(best) ? c : best), ',')
}

/** Text chunks, with the first line seen before parsing starts (to choose the delimiter). */
async function* withHeaderPeek(chunks: AsyncIterable<string>, onHeader: (line: string) => void): AsyncGenerator<string> {
  let head = ''
  let peeked = false
  for await (const c of chunks) {
    if (peeked) {
      yield c
      continue
    }
    head += c
    const nl = head.search(/\r?\n/)
    if (nl >= 0 || head.length > 64 * 1024) {
      onHeader(nl >= 0 ? head.slice(0, nl) : head)
      peeked = true
      yield head
    }
  }
  if (!peeked) {
    onHeader(head)
    yield head
  }
}

async function parseCsv(stream: AsyncIterable<Buffer | string>, mapping: ColumnMapping | undefined, country: string | null): Promise<ParsedList> {
  let delimiter = ','
  const text = withHeaderPeek(utf8(stream), (line) => (delimiter = delimiterOf(line.replace(/^\uFEFF/, ''))))
  // The first chunk (with the header) is pulled before the parser is built, so it can use the delimiter found.
  const firstChunk = await text.next()
  if (firstChunk.done || !firstChunk.value.replace(/^\uFEFF/, '').trim()) throw campaignErrors.invalidCsv('The file is empty')
  const source = Readable.from((async function* () {
    yield firstChunk.value
    yield* text
  })())
  const parser = parse({ bom: true, delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, info: true, max_record_size: 64 * 1024 })
  source.on('error', (e) => parser.destroy(e))
  source.pipe(parser)
  let builder: ListBuilder | undefined
  try {
    for await (const item of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (!builder) {
        builder = new ListBuilder(mapColumns(item.record, mapping), country)
        continue
      }
      builder.add(item.record, item.info.lines)
    }
  } catch (e) {
    if (e instanceof Error && 'code' in e && typeof e.code === 'string' && e.code.startsWith('CSV_')) {
      const line = (e as { lines?: number }).lines
      throw campaignErrors.invalidCsv(`The CSV cannot be read${line ? ` at line ${line}` : ''}: ${e.message}`, line)
    }
    throw e
  }
  if (!builder) throw campaignErrors.invalidCsv('The file has no header row')
  return builder.result()
}

function parseRows(rows: Array<Record<string, string | number | null>>, mapping: ColumnMapping | undefined, country: string | null): ParsedList {
  const headers: string[] = []
  const seen = new Set<string>()
  for (const r of rows) for (const k of Object.keys(r)) if (!seen.has(k)) (seen.add(k), headers.push(k))
  const builder = new ListBuilder(mapColumns(headers, mapping), country)
  rows.forEach((r, i) => builder.add(headers.map((h) => (r[h] === null || r[h] === undefined ? '' : String(r[h]))), i + 1))
  return builder.result()
}

export async function parseList(source: ListSource, mapping: ColumnMapping | undefined, defaultCountry: string | null): Promise<ParsedList> {
  if (source.kind === 'rows') return parseRows(source.rows, mapping, defaultCountry)
  const stream = source.kind === 'csv' ? (async function* () { yield source.text })() : source.stream
  return parseCsv(stream, mapping, defaultCountry)
}
