// Where a core's CPU went (issue 24, idle CPU): reads a V8 .cpuprofile (node --cpu-prof, e.g. the scale bench with
// BENCH_CORE_NODE_ARGS="--cpu-prof --cpu-prof-dir=DIR") and prints self time by package or source file and by
// function, over a window of the profile: --last=S keeps the last S seconds before --skip-end=S (the idle phase of a
// scale run ends just before the clean stop that writes the profile).
// --from=S --to=S instead pick seconds S after the profile's start (its file name says when the process started).
// Usage: npx tsx bench/cpu-profile-summary.ts FILE.cpuprofile [--last=60] [--skip-end=2] [--from=S --to=S] [--top=25]
import { readFileSync } from 'node:fs'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
interface Profile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number }

const argv = process.argv.slice(2)
const flag = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1]
const file = argv.find((a) => !a.startsWith('--'))
if (!file) throw new Error('usage: cpu-profile-summary.ts FILE.cpuprofile [--last=S] [--skip-end=S] [--top=N]')
const top = Number(flag('top') ?? 25)
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile

/** node_modules/<package> (scoped too), a file of ours, or V8's own pseudo-frames ((idle), (garbage collector), …). */
function where(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)'
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
  if (m) return m[1]!
  if (url.startsWith('node:')) return url
  return url.replace(/^file:\/\//, '').replace(/^.*?\/(src-main|bench)\//, '$1/')
}

const byId = new Map(profile.nodes.map((n) => [n.id, n]))
// Sample times: startTime + cumulative deltas (µs).
const times: number[] = []
let t = profile.startTime
for (const d of profile.timeDeltas) times.push((t += d))
const from = flag('from')
const to = flag('to')
const end = to ? profile.startTime + Number(to) * 1e6 : profile.endTime - Number(flag('skip-end') ?? 0) * 1e6
const last = flag('last')
const start = from ? profile.startTime + Number(from) * 1e6 : last ? end - Number(last) * 1e6 : profile.startTime

const byWhere = new Map<string, number>()
const byFunction = new Map<string, number>()
let total = 0
for (let i = 0; i < profile.samples.length; i++) {
  const at = times[i]!
  if (at < start || at > end) continue
  // The sample's weight is the time to the next sample.
  const w = (times[i + 1] ?? profile.endTime) - at
  const node = byId.get(profile.samples[i]!)!
  const { functionName, url, lineNumber } = node.callFrame
  const place = where(url, functionName)
  total += w
  byWhere.set(place, (byWhere.get(place) ?? 0) + w)
  const fn = `${functionName || '(anonymous)'} ${place}${url ? `:${lineNumber + 1}` : ''}`
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + w)
}

const seconds = (end - start) / 1e6
const busy = total - (byWhere.get('(idle)') ?? 0)
console.log(`${file}: window ${seconds.toFixed(1)} s, busy (not "(idle)") ${(busy / 1e3).toFixed(0)} ms = ${((busy / 1e6 / seconds) * 100).toFixed(2)} % of a core`)
const print = (title: string, m: Map<string, number>) => {
  console.log(`\n${title} (ms, % of the busy time)`)
  for (const [k, v] of [...m].filter(([k]) => k !== '(idle)').sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${(v / 1e3).toFixed(1).padStart(9)}  ${((v / busy) * 100).toFixed(1).padStart(5)} %  ${k}`)
  }
}
print('self time by package / file', byWhere)
print('self time by function', byFunction)
