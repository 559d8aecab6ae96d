// Issue 18's import shape, measured by scripts/import-shape.mjs over the product files (tests excluded, type-only
// imports included): no file import circle, no arrow up the core's ladder, no folder loop, and product code never
// imports test support. A small tree with one of each shows the measure sees them.
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const script = join(root, 'scripts/import-shape.mjs')

interface Shape {
  circles: string[][]
  upward: string[]
  folderLoops: string[]
  supportInProduct: string[]
}

function measure(dir: string): { shape: Shape; exitCode: number } {
  try {
    return { shape: JSON.parse(execFileSync(process.execPath, [script, '--json', '--root', dir], { encoding: 'utf8' })) as Shape, exitCode: 0 }
  } catch (e) {
    const err = e as { status: number; stdout: string }
    return { shape: JSON.parse(err.stdout) as Shape, exitCode: err.status }
  }
}

describe('import shape', () => {
  it('the product code has no import circle, no arrow up the ladder and no test support in it', () => {
    const { shape, exitCode } = measure(root)
    expect(shape).toEqual({ circles: [], upward: [], folderLoops: [], supportInProduct: [] })
    expect(exitCode).toBe(0)
  })

  it('sees a circle (type-only too), an upward arrow, a folder loop and product code importing test support', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sb-shape-'))
    const file = (path: string, text: string) => {
      mkdirSync(dirname(join(dir, path)), { recursive: true })
      writeFileSync(join(dir, path), text)
    }
    file('src-preload/contract/a.ts', "import type { B } from './b.js'\nexport type A = B | 1\n")
    file('src-preload/contract/b.ts', "import type { A } from './a.js'\nexport type B = A | 2\n")
    file('src-main/core/db/low.ts', "import { top } from '../api/top.js'\nexport const low = top\n")
    file('src-main/core/api/top.ts', "import { low } from '../db/low.js'\nexport const top = 1\nvoid low\n")
    file('src-main/core/api/top.test.ts', "import { support } from '../account/testing.js'\nvoid support\n")
    file('src-main/core/account/testing.ts', 'export const support = 1\n')
    file('src-main/core/account/service.ts', "import { support } from './testing.js'\nvoid support\n")
    const { shape, exitCode } = measure(dir)
    expect(shape.circles).toHaveLength(2)
    expect(shape.circles).toEqual(
      expect.arrayContaining([
        ['src-preload/contract/a.ts', 'src-preload/contract/b.ts'],
        ['src-main/core/api/top.ts', 'src-main/core/db/low.ts']
      ])
    )
    expect(shape.upward).toEqual(['src-main/core/db/low.ts (db) -> src-main/core/api/top.ts (api)'])
    expect(shape.folderLoops).toEqual(['api <-> db'])
    expect(shape.supportInProduct).toEqual(['src-main/core/account/service.ts -> src-main/core/account/testing.ts'])
    expect(exitCode).toBe(1)
  })
})
