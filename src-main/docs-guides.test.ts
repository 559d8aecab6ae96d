// The README and the docs/ guides stay true to the code: every relative link points at a file that exists, every
// `npm run X` is a script of package.json, and every `npm run serve -- <command>` is a command the CLI knows.
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const pages = ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)]
const scripts = Object.keys((JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts)
const cli = readFileSync(join(root, 'src-main', 'cli.ts'), 'utf8')
/** The subcommands cli.ts dispatches on (`process.argv[2] === 'x'`). */
const subcommands = new Set([...cli.matchAll(/process\.argv\[2\] === '([a-z-]+)'/g)].map((m) => m[1]!))

describe('README and docs/ guides', () => {
  it('knows the CLI subcommands it checks against', () => {
    expect([...subcommands].sort()).toEqual(expect.arrayContaining(['accounts', 'backup', 'restore', 'token', 'ui-link']))
  })

  for (const page of pages) {
    it(`${page}: links, npm scripts and CLI commands exist`, () => {
      const text = readFileSync(join(root, page), 'utf8')
      for (const [, target] of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
        if (/^[a-z]+:/.test(target!)) continue
        expect(existsSync(resolve(root, dirname(page), target!)), `${page} links to ${target}`).toBe(true)
      }
      for (const [, script] of text.matchAll(/npm run ([a-z0-9:-]+)/g)) expect(scripts, `${page}: npm run ${script}`).toContain(script)
      for (const [, command] of text.matchAll(/npm run serve -- ([a-z][a-z-]*)/g)) expect([...subcommands], `${page}: npm run serve -- ${command}`).toContain(command)
    })
  }
})
