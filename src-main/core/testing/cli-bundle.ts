// The headless CLI (src-main/cli.ts) bundled with esbuild for one test run, so the tests' CLI child processes start
// plain node on compiled files instead of paying tsx's loader hooks and compile (~4 s → ~2 s a process). Used by
// vitest's global setup (cli-bundle.global-setup.ts) and Playwright's (e2e/global-setup.ts).
import { randomBytes } from 'node:crypto'
import { mkdirSync, readdirSync, realpathSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'

/** esbuild as tsx's own dependency: no devDependency of ours, the same version tsx compiles the sources with. */
const esbuild = (repoRoot: string): typeof import('esbuild') =>
  createRequire(createRequire(join(repoRoot, 'package.json')).resolve('tsx/package.json'))('esbuild') as typeof import('esbuild')

/** Whether a process of that id still runs (signal 0 only asks). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Builds the bundle; `entry` is what node runs (an absolute real path), `remove` deletes it after the run. */
export async function buildCliBundle(repoRoot: string): Promise<{ entry: string; remove: () => void }> {
  // Under node_modules, where node finds the packages the bundle keeps external; by its real path (node_modules may be
  // a symlink): node runs a script by its real path, and cli.ts only starts when its own URL is process.argv[1]'s.
  // One directory per run: several runs (worktrees) may share node_modules.
  const parent = join(realpathSync(join(repoRoot, 'node_modules')), '.cache', 'switchboard-test-cli')
  mkdirSync(parent, { recursive: true })
  // Bundles of runs that were killed before their teardown.
  for (const name of readdirSync(parent)) if (!alive(Number(name.split('-')[0]))) rmSync(join(parent, name), { recursive: true, force: true })
  const dir = join(parent, `${process.pid}-${randomBytes(4).toString('hex')}`)
  mkdirSync(dir, { recursive: true })
  // Split at the CLI's dynamic imports: one file would hoist every package's import to its top, and `accounts list`
  // would load Baileys and Fastify again (3× slower).
  await esbuild(repoRoot).build({
    // ...and the history ingest thread's code beside it (history-ingest-thread.ts looks for it there).
    // Named: both land at the top of the directory, beside the chunks.
    entryPoints: { cli: join(repoRoot, 'src-main', 'cli.ts'), 'history-ingest-worker': join(repoRoot, 'src-main', 'core', 'messaging', 'ingest', 'history-ingest-worker.ts') },
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
  return { entry: join(dir, 'cli.mjs'), remove: () => rmSync(dir, { recursive: true, force: true }) }
}
