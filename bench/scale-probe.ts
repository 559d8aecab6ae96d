// Preloaded into the core child process by the scale bench (`node --expose-gc --import ./bench/scale-probe.ts`):
// on SIGUSR2 it collects garbage and writes this process's memory figures to $SWITCHBOARD_BENCH_PROBE, so the
// bench reads heap as well as RSS from outside; when `$SWITCHBOARD_BENCH_PROBE.snapshot` names a file, it writes a
// heap snapshot there first (bench/heap-categories.ts reads it). Nothing else; the product never loads it.
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { getHeapSpaceStatistics, writeHeapSnapshot } from 'node:v8'

const file = process.env.SWITCHBOARD_BENCH_PROBE
let seq = 0
if (file) {
  process.on('SIGUSR2', () => {
    const gc = (globalThis as { gc?: () => void }).gc
    gc?.()
    gc?.()
    const request = `${file}.snapshot`
    if (existsSync(request)) {
      const target = readFileSync(request, 'utf8').trim()
      rmSync(request, { force: true })
      writeHeapSnapshot(target)
    }
    const m = process.memoryUsage()
    const spaces = Object.fromEntries(getHeapSpaceStatistics().map((s) => [s.space_name, s.space_used_size]))
    writeFileSync(`${file}.tmp`, JSON.stringify({ seq: ++seq, at: Date.now(), ...m, spaces }))
    renameSync(`${file}.tmp`, file)
  })
}
