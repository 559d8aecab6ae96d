// Shared benchmark helpers: latency statistics, a printed table and a JSON result file per run.
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export interface LatencyStats {
  count: number
  p50: number
  p90: number
  p99: number
  max: number
  mean: number
}

export function latencyStats(samplesMs: number[]): LatencyStats {
  const s = [...samplesMs].sort((a, b) => a - b)
  const at = (q: number) => (s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))]! : 0)
  const mean = s.length ? s.reduce((a, b) => a + b, 0) / s.length : 0
  return { count: s.length, p50: at(0.5), p90: at(0.9), p99: at(0.99), max: s.at(-1) ?? 0, mean }
}

export interface BenchRow {
  name: string
  [metric: string]: string | number
}

export interface BenchResult {
  /** Bench id, also the JSON file prefix. */
  bench: string
  rows: BenchRow[]
  /** Free-form figures (ratios against the in-run baseline go here). */
  summary: Record<string, number | string>
}

const round = (v: string | number) => (typeof v === 'number' ? (Math.abs(v) >= 100 ? v.toFixed(0) : v.toFixed(2)) : v)

export function printTable(result: BenchResult): void {
  const cols = [...new Set(result.rows.flatMap((r) => Object.keys(r)))]
  const cells = [cols, ...result.rows.map((r) => cols.map((c) => String(round(r[c] ?? ''))))]
  const widths = cols.map((_, i) => Math.max(...cells.map((row) => row[i]!.length)))
  console.log(`\n== ${result.bench} ==`)
  for (const [i, row] of cells.entries()) {
    console.log(row.map((c, j) => c.padEnd(widths[j]!)).join('  '))
    if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '))
  }
  for (const [k, v] of Object.entries(result.summary)) console.log(`${k}: ${round(v)}`)
}

export const resultsDir = join(dirname(fileURLToPath(import.meta.url)), 'results')

export function writeResult(result: BenchResult): string {
  mkdirSync(resultsDir, { recursive: true })
  const file = join(resultsDir, `${result.bench}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`)
  writeFileSync(file, JSON.stringify({ ...result, at: new Date().toISOString(), node: process.version }, null, 2))
  return file
}
