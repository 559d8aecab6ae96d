// SIGKILL during the one-time encryption of a store in clear: wherever the process dies (copying, rekeying,
// verifying, around the rename), the store on disk is either the old file in clear or the finished encrypted one,
// every row readable, and the next keyed open finishes the job.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { copyFileSync, existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { checkpointAndClose, openDatabase } from './connection.js'
import { encryptingFile, storeFileState } from './store-cipher.js'

const script = fileURLToPath(new URL('./encrypt-child.script.ts', import.meta.url))
const ROWS = 60_000

function seedPlaintext(file: string): void {
  const db = openDatabase(file)
  db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL); CREATE INDEX notes_body ON notes(body)')
  const insert = db.prepare('INSERT INTO notes (body) VALUES (?)')
  db.transaction(() => {
    for (let i = 0; i < ROWS; i++) insert.run(`row ${i} ${'x'.repeat(200)}`)
  })()
  checkpointAndClose(db)
}

/** Runs the child and SIGKILLs it `delayMs` after it starts opening the store; `took`: from then to its end. */
function encryptAndKill(file: string, keyHex: string, delayMs: number): Promise<{ outcome: 'killed' | 'finished'; took: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, file, keyHex], { stdio: ['ignore', 'pipe', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()))
    let killAt: NodeJS.Timeout | undefined
    let opening = 0
    // Timed from the child's OPENING line (just before openDatabase), not from the copy's appearance: a copy left
    // by the previous kill is there before the child even starts.
    child.stdout.on('data', (c: Buffer) => {
      if (opening || !c.toString().includes('OPENING')) return
      opening = performance.now()
      if (Number.isFinite(delayMs)) killAt = setTimeout(() => child.kill('SIGKILL'), delayMs)
    })
    child.on('exit', (code, signal) => {
      clearTimeout(killAt)
      const took = performance.now() - opening
      if (signal === 'SIGKILL') resolve({ outcome: 'killed', took })
      else if (code === 0) resolve({ outcome: 'finished', took })
      else reject(new Error(`child exited ${code}: ${stderr}`))
    })
  })
}

describe('SIGKILL during the encryption of a store in clear', () => {
  it('leaves a usable store at every point, and the next open completes the migration', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sb-cipher-kill-'))
    const file = join(dir, 'switchboard.db')
    seedPlaintext(file)
    const key = randomBytes(32)
    // How long the migration takes on this machine now: a copy of the store encrypted without a kill.
    const calibration = join(dir, 'calibration.db')
    copyFileSync(file, calibration)
    const { outcome: calibrated, took } = await encryptAndKill(calibration, key.toString('hex'), Infinity)
    expect(calibrated).toBe('finished')
    const outcomes: string[] = []
    const states: string[] = []
    // Kills walked through the copy, the rekey, the check and the rename, then one past the end.
    for (const fraction of [0, 0.3, 0.6, 0.9, 1.5]) {
      if (storeFileState(file) === 'encrypted') break
      outcomes.push((await encryptAndKill(file, key.toString('hex'), fraction * took)).outcome)
      const state = storeFileState(file)
      expect(['plaintext', 'encrypted']).toContain(state)
      states.push(state)
      // Read-only: the store as it is on disk (in clear, or encrypted with the key), every row there.
      const look = openDatabase(file, { dataKey: key, readonly: true })
      expect((look.prepare('SELECT count(*) AS n FROM notes').get() as { n: number }).n).toBe(ROWS)
      look.close()
    }
    // The first kill landed mid-migration: the store was still the file in clear afterwards.
    expect(outcomes[0]).toBe('killed')
    expect(states[0]).toBe('plaintext')
    const db = openDatabase(file, { dataKey: key })
    expect((db.prepare('SELECT count(*) AS n FROM notes').get() as { n: number }).n).toBe(ROWS)
    expect(db.pragma('quick_check', { simple: true })).toBe('ok')
    db.close()
    expect(storeFileState(file)).toBe('encrypted')
    expect(existsSync(encryptingFile(file))).toBe(false)
  }, 120_000)
})
