// Playwright global setup: the CLI bundled once for the run (src-main/core/testing/cli-bundle.ts); the fixtures start
// each test's core as plain node on it (SWITCHBOARD_TEST_CLI_BUNDLE, inherited by the workers) instead of via tsx.
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildCliBundle } from '../src-main/core/testing/cli-bundle.js'

export default async function globalSetup(): Promise<() => void> {
  const bundle = await buildCliBundle(join(dirname(fileURLToPath(import.meta.url)), '..'))
  process.env.SWITCHBOARD_TEST_CLI_BUNDLE = bundle.entry
  return bundle.remove
}
