// SIGKILL during the one-time encryption of a store in clear: wherever the process dies (copying, rekeying,
// verifying, around the rename), the store on disk is either the old file in clear or the finished encrypted one,
// every row readable, and the next keyed open finishes the job.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
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

/** Runs the child and SIGKILLs it `delayMs` after the copy appears (or lets it finish when it is faster). */
function encryptAndKill(file: string, keyHex: string, delayMs: number): Promise<'killed' | 'finished'> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, file, keyHex], { stdio: ['ignore', 'pipe', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()))
    let killAt: NodeJS.Timeout | undefined
    const watch = setInterval(() => {
      if (killAt || !existsSync(encryptingFile(file))) return
      killAt = setTimeout(() => child.kill('SIGKILL'), delayMs)
    }, 1)
    child.on('exit', (code, signal) => {
      clearInterval(watch)
      clearTimeout(killAt)
      if (signal === 'SIGKILL') resolve('killed')
      else if (code === 0) resolve('finished')
      else reject(new Error(`child exited ${code}: ${stderr}`))
    })
  })
}

describe('SIGKILL during the encryption of a store in clear', () => {
  it('leaves a usable store at every point, and the next open completes the migration', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'sb-cipher-kill-')), 'switchboard.db')
    seedPlaintext(file)
    const key = randomBytes(32)
    const outcomes: string[] = []
    // Increasing delays walk the kill through the copy, the rekey, the check and the rename.
    for (const delay of [0, 5, 20, 60, 150, 400]) {
      if (storeFileState(file) === 'encrypted') break
      outcomes.push(await encryptAndKill(file, key.toString('hex'), delay))
      const state = storeFileState(file)
      expect(['plaintext', 'encrypted']).toContain(state)
      // Read-only: the store as it is on disk (in clear, or encrypted with the key), every row there.
      const look = openDatabase(file, { dataKey: key, readonly: true })
      expect((look.prepare('SELECT count(*) AS n FROM notes').get() as { n: number }).n).toBe(ROWS)
      look.close()
    }
    // At least one kill landed mid-migration (the store was still in clear afterwards).
    expect(outcomes[0]).toBe('killed')
    const db = openDatabase(file, { dataKey: key })
    expect((db.prepare('SELECT count(*) AS n FROM notes').get() as { n: number }).n).toBe(ROWS)
    expect(db.pragma('quick_check', { simple: true })).toBe('ok')
    db.close()
    expect(storeFileState(file)).toBe('encrypted')
    expect(existsSync(encryptingFile(file))).toBe(false)
  }, 120_000)
})
