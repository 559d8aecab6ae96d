// `npm run bench [name...]`: runs every bench/*.bench.ts (or the named ones) one after another,
// prints a table per bench and writes JSON under bench/results/.
import { readdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { printTable, writeResult, type BenchResult } from './lib.js'

const here = dirname(fileURLToPath(import.meta.url))
const wanted = process.argv.slice(2)
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => !wanted.length || wanted.includes(f.replace(/\.bench\.ts$/, '')))
  .sort()

let failed = 0
for (const f of files) {
  const mod = (await import(pathToFileURL(`${here}/${f}`).href)) as { default: () => Promise<BenchResult> }
  try {
    const result = await mod.default()
    printTable(result)
    console.log(`written ${writeResult(result)}`)
  } catch (e) {
    failed++
    console.error(`bench ${f} failed:`, e)
  }
}
process.exit(failed ? 1 : 0)
