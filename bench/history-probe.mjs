// Preloaded into the core by the history bench (`--import bench/history-probe.mjs`, plain JS: the core runs without
// a TypeScript loader): every 2 ms a timer reads the main thread's own CPU time and run-queue wait
// (/proc/self/task/<pid>/schedstat: nanoseconds on a CPU, nanoseconds runnable but waiting for one) and keeps each
// gap between two firings (one iteration of the event loop, or a few when it is idle) that used ≥ 1 ms of CPU or
// lasted ≥ 3 ms of wall time, as [epoch ms at its end, CPU ms, monotonic start µs, monotonic end µs, run-queue wait
// ms]. CPU time, unlike wall time, does not grow when the machine is busy with other processes: it says how long
// the loop was held by this process's own work; the run-queue wait says how much of the wall time was the
// machine's. The monotonic µs are the clock of --cpu-prof profiles, to find a gap in a profile.
// Also every HTTP request the core served (diagnostics_channel): [epoch ms when node emitted 'request', ms until
// the response finished, path] (off with SWITCHBOARD_HISTORY_PROBE_REQUESTS=0, to check it costs nothing). Appended as JSON lines to $SWITCHBOARD_HISTORY_PROBE (gaps) and its `.requests`
// sibling every second and at exit: only what is new, because rewriting the whole record every second held the
// loop for up to ~35 ms by the end of a run (it showed in the slowest requests' profiles).
import { subscribe } from 'node:diagnostics_channel'
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs'
import { isMainThread } from 'node:worker_threads'

const file = process.env.SWITCHBOARD_HISTORY_PROBE
// --import preloads run in every worker thread too (the history ingest thread): only the main thread's loop is measured.
if (file && isMainThread) {
  const stat = `/proc/self/task/${process.pid}/schedstat`
  const sched = () => readFileSync(stat, 'utf8').split(' ').map(Number)
  const micros = () => Number(process.hrtime.bigint() / 1000n)
  const epoch = () => performance.timeOrigin + performance.now()
  /** @type {[number, number, number, number, number][]} */
  const turns = []
  /** @type {[number, number, string][]} */
  const requests = []
  let [last, lastWait] = sched()
  let lastAt = micros()
  setInterval(() => {
    const [now, wait] = sched()
    const at = micros()
    const ms = (now - last) / 1e6
    if (ms >= 1 || at - lastAt >= 3_000) turns.push([Date.now(), Math.round(ms * 100) / 100, lastAt, at, Math.round((wait - lastWait) / 1e4) / 100])
    last = now
    lastWait = wait
    lastAt = at
  }, 2).unref()
  /** @type {WeakMap<object, number>} */
  const started = new WeakMap()
  if (process.env.SWITCHBOARD_HISTORY_PROBE_REQUESTS !== '0') subscribe('http.server.request.start', ({ request }) => started.set(request, epoch()))
  subscribe('http.server.response.finish', ({ request }) => {
    const t0 = started.get(request)
    if (t0 !== undefined) requests.push([Math.round(t0 * 100) / 100, Math.round((epoch() - t0) * 100) / 100, String(request.url).split('?')[0]])
  })
  writeFileSync(file, '')
  writeFileSync(`${file}.requests`, '')
  /** @param {string} name @param {unknown[]} data */
  const put = (name, data) => {
    if (data.length) appendFileSync(name, data.map((x) => `${JSON.stringify(x)}\n`).join(''))
    data.length = 0
  }
  const write = () => {
    put(file, turns)
    put(`${file}.requests`, requests)
  }
  setInterval(write, 1_000).unref()
  process.on('exit', write)
}
