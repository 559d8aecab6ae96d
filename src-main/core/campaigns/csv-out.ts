// CSV output of lists and recipients: RFC 4180 quoting, and cells that a spreadsheet would run as a formula
// (=, +, -, @ first) prefixed with ' (CSV injection).
export function csvCell(v: string | number | null | undefined): string {
  let s = v === null || v === undefined ? '' : String(v)
  if (/^[=+\-@\t\r]/.test(s) && !/^[+-]?\d+(\.\d+)?$/.test(s)) s = `'${s}`
  return /[",\r\n;]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}

export const csvLine = (cells: ReadonlyArray<string | number | null | undefined>): string => `${cells.map(csvCell).join(',')}\r\n`
