// CSV fixtures for campaign tests and the bench: N contacts with a name and an order number, phones in a range
// that the caller creates as sandbox phones (on WhatsApp) or leaves out (not on WhatsApp), written the ways people
// write them (+, spaces, dashes), plus optional broken rows with their expected line numbers.
export interface CampaignFixture {
  csv: string
  /** E.164 digits of every valid contact, in file order. */
  phones: string[]
  /** Lines (1-based, header = 1) of the rows that must be rejected. */
  badLines: number[]
}

export function campaignCsv(opts: { count: number; prefix?: string; start?: number; badRows?: number; delimiter?: ',' | ';' }): CampaignFixture {
  const prefix = opts.prefix ?? '1555'
  const d = opts.delimiter ?? ','
  const lines = [`Name${d}Phone${d}Order`]
  const phones: string[] = []
  const badLines: number[] = []
  const width = 11 - prefix.length
  for (let i = 0; i < opts.count; i++) {
    const digits = `${prefix}${String((opts.start ?? 0) + i).padStart(width, '0')}`
    phones.push(digits)
    const written = i % 3 === 0 ? `+${digits}` : i % 3 === 1 ? `+${digits.slice(0, 1)} ${digits.slice(1, 4)}-${digits.slice(4)}` : `+${digits.slice(0, 1)} (${digits.slice(1, 4)}) ${digits.slice(4)}`
    lines.push(`Person ${i}${d}${written}${d}A-${1000 + i}`)
  }
  for (let b = 0; b < (opts.badRows ?? 0); b++) {
    lines.push(`Broken ${b}${d}${b % 2 ? '' : 'not-a-number'}${d}X`)
    badLines.push(lines.length)
  }
  return { csv: `${lines.join('\n')}\n`, phones, badLines }
}
