// Where the memory goes per instance (issue 24): reads two V8 heap snapshots of the core taken by the scale bench at
// N = a and N = b instances (BENCH_SCALE_SNAPSHOT=DIR writes DIR/scale-<N>.heapsnapshot) and prints, per instance,
// (b − a) ÷ (b − a instances) by category: self size by node kind and constructor, and by "owner" — the nearest
// ancestor on the shortest path from the GC roots whose constructor says what it is (a Map's tables, a closure's
// context and a Buffer's bytes are charged to the object that holds them).
// Usage: npx tsx bench/heap-categories.ts DIR/scale-5.heapsnapshot DIR/scale-25.heapsnapshot [--top=25]
// (N is read from the file name, or given as FILE:N). Large snapshots need node's --max-old-space-size.
import { readFileSync } from 'node:fs'

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]]; edge_fields: string[]; edge_types: [string[], ...unknown[]] } }
  nodes: number[]
  edges: number[]
  strings: string[]
}

/** Constructors too generic to say whose memory it is: their bytes go to the nearest named holder. */
const GENERIC = new Set([
  'Object', 'Array', 'Map', 'Set', 'WeakMap', 'WeakSet', 'system / Context', 'system / PropertyCell', '(object properties)',
  '(object elements)', 'Uint8Array', 'Buffer', 'ArrayBuffer', 'system / JSArrayBufferData', 'Promise', 'Number', 'String'
])

type Totals = Map<string, number>

function categorize(file: string): { byKind: Totals; byOwner: Totals; total: number } {
  const snap = JSON.parse(readFileSync(file, 'utf8')) as Snapshot
  const { node_fields: nf, node_types: nt, edge_fields: ef, edge_types: et } = snap.snapshot.meta
  const NF = nf.length
  const EF = ef.length
  const [iType, iName, iSize, iEdges] = ['type', 'name', 'self_size', 'edge_count'].map((f) => nf.indexOf(f)) as [number, number, number, number]
  const [eType, eTo] = ['type', 'to_node'].map((f) => ef.indexOf(f)) as [number, number]
  const types = nt[0]
  const edgeTypes = et[0]
  const weak = edgeTypes.indexOf('weak')
  const { nodes, edges, strings } = snap
  const count = nodes.length / NF
  const firstEdge = new Uint32Array(count + 1)
  for (let i = 0, e = 0; i < count; i++) {
    firstEdge[i] = e
    e += nodes[i * NF + iEdges]! * EF
  }
  firstEdge[count] = edges.length
  const kind = (i: number) => types[nodes[i * NF + iType]!]!
  const name = (i: number) => strings[nodes[i * NF + iName]!]!
  const size = (i: number) => nodes[i * NF + iSize]!
  /** What a node is, for the by-kind table: an object's constructor, else its kind. */
  const label = (i: number): string => {
    const k = kind(i)
    if (k === 'object' || k === 'native') return name(i)
    if (k === 'closure') return '(closures)'
    if (k.includes('string')) return '(strings)'
    if (k === 'hidden' || k === 'array') return `(${k}) ${name(i).startsWith('system /') ? name(i) : ''}`.trim()
    return `(${k})`
  }
  // Shortest paths from the roots (breadth first over strong edges): each node's owner is its own name when that
  // name is specific, else its parent's owner.
  const owner = new Int32Array(count).fill(-1)
  const ownerName: string[] = []
  const ownerId = new Map<string, number>()
  const idOf = (s: string) => {
    let id = ownerId.get(s)
    if (id === undefined) {
      id = ownerName.push(s) - 1
      ownerId.set(s, id)
    }
    return id
  }
  const specific = (i: number): string | undefined => {
    const k = kind(i)
    const n = name(i)
    if (k === 'object' && !GENERIC.has(n)) return n
    if (k === 'closure' && n) return `${n}()`
    return undefined
  }
  const queue = new Uint32Array(count)
  let head = 0
  let tail = 0
  owner[0] = idOf('(GC roots)')
  queue[tail++] = 0
  while (head < tail) {
    const i = queue[head++]!
    for (let e = firstEdge[i]!; e < firstEdge[i + 1]!; e += EF) {
      if (edges[e + eType] === weak) continue
      const j = edges[e + eTo]! / NF
      if (owner[j] !== -1) continue
      const s = specific(j)
      owner[j] = s === undefined ? owner[i]! : idOf(s)
      queue[tail++] = j
    }
  }
  const byKind: Totals = new Map()
  const byOwner: Totals = new Map()
  let total = 0
  for (let i = 0; i < count; i++) {
    const s = size(i)
    total += s
    const k = label(i)
    byKind.set(k, (byKind.get(k) ?? 0) + s)
    const o = owner[i] === -1 ? '(unreachable)' : ownerName[owner[i]!]!
    byOwner.set(o, (byOwner.get(o) ?? 0) + s)
  }
  return { byKind, byOwner, total }
}

const args = process.argv.slice(2)
const top = Number(args.find((a) => a.startsWith('--top='))?.slice(6) ?? 25)
const files = args.filter((a) => !a.startsWith('--'))
if (files.length !== 2) {
  console.error('usage: heap-categories.ts A.heapsnapshot[:N] B.heapsnapshot[:N] [--top=25]')
  process.exit(2)
}
const parsed = files.map((f) => {
  const [path, n] = f.includes(':') ? f.split(':') as [string, string] : [f, /scale-(\d+)\./.exec(f)?.[1] ?? '']
  if (!n) throw new Error(`no N for ${f}: name it scale-<N>.heapsnapshot or pass FILE:N`)
  return { path, n: Number(n) }
})
const [a, b] = parsed as [{ path: string; n: number }, { path: string; n: number }]
const A = categorize(a.path)
const B = categorize(b.path)
const per = b.n - a.n
const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(9)
console.log(`heap (self sizes) ${(A.total / 2 ** 20).toFixed(1)} MB at N = ${a.n}, ${(B.total / 2 ** 20).toFixed(1)} MB at N = ${b.n}: ${kb((B.total - A.total) / per)} KB per instance`)
for (const [title, key] of [['by kind / constructor', 'byKind'], ['by owner (nearest named holder on the shortest path from the roots)', 'byOwner']] as const) {
  const keys = new Set([...A[key].keys(), ...B[key].keys()])
  const rows = [...keys].map((k) => ({ k, d: ((B[key].get(k) ?? 0) - (A[key].get(k) ?? 0)) / per })).sort((x, y) => y.d - x.d)
  console.log(`\nper instance, ${title} (KB, top ${top}):`)
  for (const r of rows.slice(0, top)) console.log(`${kb(r.d)}  ${r.k}`)
  const rest = rows.slice(top).reduce((s, r) => s + r.d, 0)
  console.log(`${kb(rest)}  (the rest)`)
}
