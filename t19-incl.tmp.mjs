// inclusive + self time per function over a window [endOffset-last, endOffset] seconds before profile end
import { readFileSync } from 'node:fs'
const [file, lastS, skipEndS, top = '40'] = process.argv.slice(2)
const p = JSON.parse(readFileSync(file, 'utf8'))
const byId = new Map(p.nodes.map((n) => [n.id, n]))
const parent = new Map()
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
const end = p.endTime - Number(skipEndS) * 1e6, start = end - Number(lastS) * 1e6
let t = p.startTime
const self = new Map(), incl = new Map()
let busy = 0
for (let i = 0; i < p.samples.length; i++) {
  t += p.timeDeltas[i]
  if (t < start || t > end) continue
  const dt = (p.timeDeltas[i + 1] ?? 0) / 1000
  let n = byId.get(p.samples[i])
  const name = (x) => `${x.callFrame.functionName || '(anon)'} ${x.callFrame.url.replace(/^.*\//, '')}:${x.callFrame.lineNumber}`
  if (n.callFrame.functionName === '(idle)') continue
  busy += dt
  self.set(name(n), (self.get(name(n)) ?? 0) + dt)
  const seen = new Set()
  for (let id = n.id; id !== undefined; id = parent.get(id)) { const k = name(byId.get(id)); if (!seen.has(k)) { seen.add(k); incl.set(k, (incl.get(k) ?? 0) + dt) } }
}
console.log(`busy ${busy.toFixed(0)} ms over ${lastS}s`)
const show = (m, label) => { console.log(label); for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, Number(top))) console.log(`  ${v.toFixed(0).padStart(7)} ${(100 * v / busy).toFixed(1).padStart(5)}%  ${k}`) }
show(incl, 'inclusive')
