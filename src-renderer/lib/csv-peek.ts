// The head of a CSV file for the column-mapping step: the header and the first rows, read in the renderer (the
// core parses the whole file when the list is created). Handles quotes, doubled quotes, CRLF, a BOM, and the
// separator (comma, semicolon or tab: spreadsheet exports in many locales use ';'). PURE.

export interface CsvPeek {
  columns: string[]
  rows: string[][]
  /** Data lines in the file (a rough count: quoted newlines are rare in contact lists). */
  approxRows: number
  separator: ',' | ';' | '\t'
}

function detectSeparator(firstLine: string): CsvPeek['separator'] {
  const count = (c: string) => firstLine.split(c).length - 1
  const candidates: CsvPeek['separator'][] = [',', ';', '\t']
  return candidates.reduce((best, c) => (count(c) > count(best) ? c : best), ',')
}

/** Parses up to `maxRows` data rows after the header. */
export function peekCsv(text: string, maxRows = 5): CsvPeek {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  const separator = detectSeparator(src.slice(0, src.search(/\r?\n/) >>> 0 || src.length))
  const records: string[][] = []
  let field = ''
  let record: string[] = []
  let quoted = false
  let i = 0
  const endRecord = () => {
    record.push(field)
    field = ''
    if (record.some((f) => f.trim() !== '')) records.push(record)
    record = []
  }
  while (i < src.length && records.length <= maxRows) {
    const ch = src[i]!
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        field += '"'
        i += 2
        continue
      }
      if (ch === '"') quoted = false
      else field += ch
    } else if (ch === '"' && field === '') quoted = true
    else if (ch === separator) {
      record.push(field)
      field = ''
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++
      endRecord()
    } else field += ch
    i++
  }
  if (i >= src.length && (field !== '' || record.length)) endRecord()
  const [header = [], ...rows] = records
  const columns = header.map((c, n) => c.trim() || `column ${n + 1}`)
  const lines = src.split(/\r?\n/).filter((l) => l.trim() !== '').length
  return { columns, rows: rows.slice(0, maxRows), approxRows: Math.max(0, lines - 1), separator }
}

/** The column that most likely holds the phone number, else the first. */
export function guessPhoneColumn(columns: string[]): string | undefined {
  return columns.find((c) => /phone|mobile|number|tel|whats|cell|celular|telefone|tel[eé]fono|handy|nummer|numero|hp/i.test(c)) ?? columns[0]
}

