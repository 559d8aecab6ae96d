// The headless CLI as a child process refusing a data dir it must not touch: one clear line, exit code 1, no
// stack trace (the async log file used to crash the exit with "sonic boom is not ready yet").
import { spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { openDatabase } from './core/db/connection.js'
import { migrate } from './core/db/migrate.js'
import { appMigrations } from './core/db/migrations/index.js'

const here = dirname(fileURLToPath(import.meta.url))
const tsxCli = join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist', 'cli.mjs')

/** A data dir whose database has the app's migrations plus `extra` rows in schema_migrations. */
function dataDirWith(extra: { id: number; name: string }): string {
  const dir = mkdtempSync(join(tmpdir(), 'sb-refuse-'))
  const db = openDatabase(join(dir, 'switchboard.db'))
  migrate(db, appMigrations)
  db.prepare('INSERT INTO schema_migrations (id, name, checksum, applied_at) VALUES (?, ?, ?, ?)').run(extra.id, extra.name, 'x', Date.now())
  db.close()
  return dir
}

async function runCli(dataDir: string): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, [tsxCli, join(here, 'cli.ts'), '--port', '0', '--data-dir', dataDir, '--access-token', 'refusal-test'], { stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  child.stdout.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr.on('data', (d: Buffer) => (out += d.toString()))
  const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)))
  return { code, out }
}

const expectCleanRefusal = (run: { code: number | null; out: string }, message: RegExp) => {
  expect(run.code, run.out).toBe(1)
  expect(run.out).toMatch(message)
  expect(run.out).not.toMatch(/sonic boom|\n\s+at |Error:|listening on/)
  expect(run.out.trim().split('\n')).toHaveLength(1)
}

describe('CLI refusing a database', () => {
  it('from a newer version: one clear line, exit code 1, no stack trace', async () => {
    const run = await runCli(dataDirWith({ id: 999_999, name: 'from-the-future' }))
    expectCleanRefusal(run, /^switchboard: failed to start \(\w+\): This database was written by a newer version of Switchboard \(schema 999999 > \d+\)\. Update the app or use another data dir\.$/m)
  })

  it('from another branch (an unknown migration below the latest): refused the same way', async () => {
    const run = await runCli(dataDirWith({ id: 150, name: 'other-branch' }))
    expectCleanRefusal(run, /^switchboard: failed to start \(\w+\): This database has migrations this version of Switchboard does not know \(150-other-branch\)/m)
  })
})
