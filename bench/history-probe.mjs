// Preloaded into the core by the history bench (`--import bench/history-probe.mjs`, plain JS: the core runs without
// a TypeScript loader): every 2 ms a timer reads the main thread's own CPU time (/proc/self/task/<pid>/schedstat,
// nanoseconds on a CPU) and keeps each turn of the event loop that used ≥ 1 ms of it, as [epoch ms, CPU ms]. CPU
// time, unlike wall time, does not grow when the machine is busy with other processes: it says how long the loop
// was held by this process's own work. Written to $SWITCHBOARD_HISTORY_PROBE every second and at exit. Each entry
// also carries the turn's monotonic start and end in µs (the clock of --cpu-prof profiles), to find it in a profile.
import { readFileSync, renameSync, writeFileSync } from 'node:fs'

const file = process.env.SWITCHBOARD_HISTORY_PROBE
if (file) {
  const stat = `/proc/self/task/${process.pid}/schedstat`
  const cpuNs = () => Number(readFileSync(stat, 'utf8').split(' ')[0])
  const micros = () => Number(process.hrtime.bigint() / 1000n)
  /** @type {[number, number, number, number][]} */
  const turns = []
  let last = cpuNs()
  let lastAt = micros()
  setInterval(() => {
    const now = cpuNs()
    const at = micros()
    const ms = (now - last) / 1e6
    if (ms >= 1) turns.push([Date.now(), Math.round(ms * 100) / 100, lastAt, at])
    last = now
    lastAt = at
  }, 2).unref()
  const write = () => {
    writeFileSync(`${file}.tmp`, JSON.stringify(turns))
    renameSync(`${file}.tmp`, file)
  }
  setInterval(write, 1_000).unref()
  process.on('exit', write)
}
