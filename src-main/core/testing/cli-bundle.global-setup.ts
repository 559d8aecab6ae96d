// Vitest global setup: the CLI bundled once per run (cli-bundle.ts), handed to the tests, which start it through
// cliCommand (cli-process.ts); the readme test still runs the real `tsx` path, and cli-refusal the tsx CLI itself.
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { TestProject } from 'vitest/node'
import { buildCliBundle } from './cli-bundle.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The bundled CLI of this run (absolute real path). */
    cliBundle: string
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const bundle = await buildCliBundle(join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..'))
  project.provide('cliBundle', bundle.entry)
  return bundle.remove
}
