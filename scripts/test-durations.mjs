// Writes src-main/core/testing/test-durations.json (seconds per test file, ≥ 2 s) from vitest's results cache of a
// full run (node_modules/.vite/vitest/*/results.json): what the slow-first sequencer orders a fresh clone by.
// Usage: node scripts/test-durations.mjs [path/to/results.json]
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const cacheDir = join('node_modules', '.vite', 'vitest')
const file = process.argv[2] ?? join(cacheDir, readdirSync(cacheDir)[0], 'results.json')
const { results } = JSON.parse(readFileSync(file, 'utf8'))
const slow = results
  .filter(([, r]) => r.duration >= 2000)
  .sort((a, b) => b[1].duration - a[1].duration)
  .map(([key, r]) => [key, Math.round(r.duration / 1000)])
writeFileSync(join('src-main', 'core', 'testing', 'test-durations.json'), `${JSON.stringify(Object.fromEntries(slow), null, 1)}\n`)
console.log(`${slow.length} files of ${results.length} from ${file}`)
