// Vitest global setup: the headless CLI (src-main/cli.ts) bundled once per run with esbuild, so the tests' CLI child
// processes start plain node on compiled files instead of paying tsx's loader hooks and compile (~4 s → ~2 s a process).
// The bundle keeps packages external and sits under node_modules/.cache, where node finds them; the readme and
// refusal tests still run the real `tsx` command (cli-process.ts: cliCommand's viaTsx).
import { randomBytes } from 'node:crypto'
import { mkdirSync, readdirSync, realpathSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The bundled CLI of this run (absolute real path), or '' when the bundle could not be built. */
    cliBundle: string
  }
}

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..')

/** esbuild as tsx's own dependency: no devDependency of ours, the same version tsx compiles the sources with. */
const esbuild = (): typeof import('esbuild') => createRequire(createRequire(join(repoRoot, 'package.json')).resolve('tsx/package.json'))('esbuild') as typeof import('esbuild')

/** Whether a process of that id still runs (signal 0 only asks). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  // A real path (node_modules may be a symlink): node runs the bundle by its real path, and cli.ts only starts when
  // its own URL is process.argv[1]'s. One directory per run: several runs (worktrees) may share node_modules.
  const parent = join(realpathSync(join(repoRoot, 'node_modules')), '.cache', 'switchboard-test-cli')
  mkdirSync(parent, { recursive: true })
  // Bundles of runs that were killed before their teardown.
  for (const name of readdirSync(parent)) if (!alive(Number(name.split('-')[0]))) rmSync(join(parent, name), { recursive: true, force: true })
  const dir = join(parent, `${process.pid}-${randomBytes(4).toString('hex')}`)
  mkdirSync(dir, { recursive: true })
  // Split at the CLI's dynamic imports: one file would hoist every package's import to its top, and `accounts list`
  // would load Baileys and Fastify again (3× slower).
  await esbuild().build({
    entryPoints: [join(repoRoot, 'src-main', 'cli.ts')],
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    logLevel: 'warning'
  })
  project.provide('cliBundle', join(dir, 'cli.mjs'))
  return () => rmSync(dir, { recursive: true, force: true })
}
