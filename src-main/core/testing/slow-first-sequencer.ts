// Vitest's file order (vitest.config.ts sequence.sequencer): longest first, so no long file starts last and keeps
// the run going alone. Vitest's own order needs its results cache, which a fresh clone (CI) lacks: it then runs the
// projects one after another by name and each project's files by size — the 95 s isolated file started last.
import { readFileSync } from 'node:fs'
import { relative } from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/** Seconds per file of a full CI run (scripts/test-durations.mjs writes it); files under 2 s are not listed. */
const KNOWN: Record<string, number> = JSON.parse(readFileSync(new URL('./test-durations.json', import.meta.url), 'utf8')) as Record<string, number>

/**
 * Isolated files first (each has a process of its own), then the shared-process files (kept together: a shared
 * worker is reused only while the next file queued is of its project), then the renderer's many short ones, which
 * fill the workers' ends.
 */
const PROJECT_RANK: Record<string, number> = { 'main-isolated': 0, main: 1, renderer: 2 }

/** A file not listed yet, by its kind: full-stack files start CLI processes, sandbox files pair phones. */
function guess(file: string): number {
  if (file.includes('.fullstack.')) return 30
  if (file.includes('.sandbox.') || file.includes('.browser.')) return 10
  return 0
}

export class SlowFirstSequencer extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root
    const seconds = new Map<TestSpecification, number>()
    for (const spec of files) {
      const key = `${spec.project.name}:${relative(root, spec.moduleId)}`
      // This machine's last run when it has one (cached results), else the CI list, else a guess by name.
      const cached = this.ctx.cache.getFileTestResults(key)
      seconds.set(spec, cached ? cached.duration / 1000 : (KNOWN[key] ?? guess(spec.moduleId)))
    }
    const rank = (spec: TestSpecification) => PROJECT_RANK[spec.project.name] ?? 3
    return Promise.resolve(
      [...files].sort(
        (a, b) =>
          a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
          rank(a) - rank(b) ||
          a.project.name.localeCompare(b.project.name) ||
          seconds.get(b)! - seconds.get(a)! ||
          (this.ctx.cache.getFileStats(`${b.project.name}:${relative(root, b.moduleId)}`)?.size ?? 0) - (this.ctx.cache.getFileStats(`${a.project.name}:${relative(root, a.moduleId)}`)?.size ?? 0)
      )
    )
  }
}
