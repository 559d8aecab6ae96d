// Measures the import shape of the product code (issue 18's "done when"): file import circles and arrows that run
// back up the core's ladder (a lower folder importing a higher one). Test files (*.test.ts[x]) are not product; every
// other file counts, type-only imports included; product code importing test support is reported too.
// Usage: node scripts/import-shape.mjs [--json] [--root DIR]; exits 1 on a circle, a folder loop or product code
// importing test support (src-main/import-shape.test.ts holds the tree to that).
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const TREES = ['src-main', 'src-preload', 'src-renderer']
const isTest = (file) => /\.test\.tsx?$/.test(file)
// Test support: harnesses, fixtures and scripts that tests run; product code must never import them.
const isTestSupport = (rel) => /\/testing(\/|\.tsx?$)|\.script\.ts$|^src-renderer\/test\//.test(rel)

// The ladder, top first (eslint.config.js RANKS); testing/ (harnesses that start a whole core) and the composition
// root sit above everything. Folders on one rung (campaigns/account, engine/sandbox) may not import each other.
const LADDER = [
  ['testing'],
  ['composition'],
  ['api'],
  ['bridge'],
  ['mcp'],
  ['services'],
  ['settings'],
  ['campaigns', 'account'],
  ['messaging'],
  ['webhooks'],
  ['backup'],
  ['rate-limit'],
  ['engine', 'sandbox'],
  ['logging'],
  ['runtime'],
  ['db'],
  ['secrets'],
  ['domain']
]
const RANK = new Map(LADDER.flatMap((rung, i) => rung.map((folder) => [folder, LADDER.length - i])))

function walk(dir, out) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) walk(path, out)
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(path)
  }
  return out
}

function resolveImport(from, spec) {
  if (!spec.startsWith('.')) return null
  const base = resolve(dirname(from), spec)
  const stem = base.replace(/\.(js|jsx|ts|tsx|mjs)$/, '')
  for (const candidate of [stem + '.ts', stem + '.tsx', join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate)) return candidate
  }
  return null
}

/** The core folder a file belongs to (src-main/core/<folder>/...), or the composition root for the rest of src-main. */
function folderOf(rel) {
  const core = rel.match(/^src-main\/core\/([^/]+)\//)
  if (core) return core[1]
  if (rel.startsWith('src-main/')) return rel.startsWith('src-main/electron/') ? 'app' : 'composition'
  return null
}

/** Reads the product files under `root` (the repository by default) and returns the circles, the upward arrows, the folder loops and product files
 * importing test support (paths relative to `root`). */
export function measureImportShape(root = ROOT) {
  const files = TREES.flatMap((tree) => existsSync(join(root, tree)) ? walk(join(root, tree), []) : []).filter((f) => !isTest(f))
  const graph = new Map()
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
    const targets = new Set()
    for (const ref of info.importedFiles) {
      const target = resolveImport(file, ref.fileName)
      if (target && !isTest(target)) targets.add(target)
    }
    graph.set(file, [...targets])
  }

  // Tarjan's strongly connected components: every component with more than one file is an import circle.
  let index = 0
  const stack = []
  const meta = new Map()
  const circles = []
  function strongConnect(v) {
    meta.set(v, { index, low: index, onStack: true })
    index++
    stack.push(v)
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue
      if (!meta.has(w)) {
        strongConnect(w)
        meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).low)
      } else if (meta.get(w).onStack) meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).index)
    }
    if (meta.get(v).low === meta.get(v).index) {
      const component = []
      let w
      do {
        w = stack.pop()
        meta.get(w).onStack = false
        component.push(relative(root, w))
      } while (w !== v)
      if (component.length > 1) circles.push(component.sort())
    }
  }
  for (const v of graph.keys()) if (!meta.has(v)) strongConnect(v)

  const upward = []
  const folderEdges = new Map()
  for (const [from, targets] of graph) {
    const a = folderOf(relative(root, from))
    for (const to of targets) {
      const b = folderOf(relative(root, to))
      if (!a || !b || a === b) continue
      folderEdges.set(a, (folderEdges.get(a) ?? new Set()).add(b))
      const ra = RANK.get(a)
      const rb = RANK.get(b)
      if (ra !== undefined && rb !== undefined && rb >= ra) {
        upward.push(`${relative(root, from)} (${a}) -> ${relative(root, to)} (${b})`)
      }
    }
  }
  const supportInProduct = []
  for (const [from, targets] of graph) {
    if (isTestSupport(relative(root, from))) continue
    for (const to of targets) if (isTestSupport(relative(root, to))) supportInProduct.push(`${relative(root, from)} -> ${relative(root, to)}`)
  }
  const folderLoops = []
  for (const [a, tos] of folderEdges) for (const b of tos) if (a < b && folderEdges.get(b)?.has(a)) folderLoops.push(`${a} <-> ${b}`)
  return { files: files.length, circles, upward, folderLoops, supportInProduct }
}

// Run as a script: print the measure; exit 1 on a circle, a folder loop or product code importing test support.
if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const rootArg = process.argv.indexOf('--root')
  const { files, circles, upward, folderLoops, supportInProduct } = measureImportShape(rootArg > 0 ? resolve(process.argv[rootArg + 1]) : ROOT)
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify({ circles, upward, folderLoops, supportInProduct }, null, 2))
  } else {
    console.log(`${files} product files`)
    console.log(`file import circles: ${circles.length}`)
    for (const c of circles) console.log(`  ${c.join(' <-> ')}`)
    console.log(`imports up (or beside) the ladder: ${upward.length}`)
    for (const u of upward) console.log(`  ${u}`)
    console.log(`folder loops: ${folderLoops.length}`)
    for (const l of folderLoops) console.log(`  ${l}`)
    console.log(`product files importing test support: ${supportInProduct.length}`)
    for (const l of supportInProduct) console.log(`  ${l}`)
  }
  process.exitCode = circles.length > 0 || folderLoops.length > 0 || supportInProduct.length > 0 ? 1 : 0
}
