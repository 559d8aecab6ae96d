// The WAL checkpoint thread: copies committed frames into the file off the event loop, hands checkpoints back to the
// main connection when stopped or when the thread cannot start, and loses nothing committed when the process is
// SIGKILLed in the middle of its copies.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { openDatabase, type Db } from './connection.js'
import { startWalCheckpointer } from './wal-checkpointer.js'

const script = fileURLToPath(new URL('./checkpoint-child.script.ts', import.meta.url))
const newFile = () => join(mkdtempSync(join(tmpdir(), 'sb-ckpt-')), 'app.db')
/** Polls `ok` every 5 ms until it holds (fails after ms). */
async function waitFor(ok: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms
  while (!ok()) {
    if (Date.now() > end) throw new Error('condition not met in time')
    await new Promise((r) => setTimeout(r, 5))
  }
}
const mark = (db: Db) => db.pragma('wal_autocheckpoint', { simple: true })

function seed(db: Db, rows: number): void {
  db.exec('CREATE TABLE IF NOT EXISTS notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)')
  const insert = db.prepare('INSERT INTO notes (body) VALUES (?)')
  for (let i = 0; i < rows; i++) db.transaction(() => insert.run(`row ${i} ${'x'.repeat(300)}`))()
}

describe('WAL checkpoint thread', () => {
  it('copies the frames of an encrypted store on its thread; the main connection only keeps a backstop', async () => {
    const file = newFile()
    const dataKey = randomBytes(32)
    const db = openDatabase(file, { dataKey })
    const checkpointer = startWalCheckpointer(db, { file, dataKey, intervalMs: 5, idleIntervalMs: 5 })
    expect(mark(db)).toBe(8000)
    seed(db, 300)
    await waitFor(() => checkpointer.copies > 0, 10_000)
    // Nothing written since: the thread's next pass copies the rest, after which a checkpoint of ours has no frame
    // left to copy (log === checkpointed).
    const c = checkpointer.copies
    await waitFor(() => {
      const [r] = db.pragma('wal_checkpoint(PASSIVE)') as { busy: number; log: number; checkpointed: number }[]
      return checkpointer.copies >= c && r!.busy === 0 && r!.log === r!.checkpointed
    }, 10_000)
    await checkpointer.stop()
    expect(mark(db)).toBe(1000)
    db.close()
    const again = openDatabase(file, { dataKey })
    expect(again.prepare('SELECT count(*) AS n FROM notes').get()).toEqual({ n: 300 })
    again.close()
  })

  it('gives the checkpoints back to the main connection when the thread fails (wrong key)', async () => {
    const file = newFile()
    const dataKey = randomBytes(32)
    const db = openDatabase(file, { dataKey })
    seed(db, 5)
    const failures: unknown[] = []
    const checkpointer = startWalCheckpointer(db, { file, dataKey: randomBytes(32), intervalMs: 5, idleIntervalMs: 5, onFailure: (e) => failures.push(e) })
    await waitFor(() => failures.length > 0, 10_000)
    expect(mark(db)).toBe(1000)
    expect(checkpointer.copies).toBe(0)
    await checkpointer.stop()
    db.close()
  })

  it('loses no committed row when the process is SIGKILLed while the thread copies', async () => {
    const file = newFile()
    const key = randomBytes(32)
    const child = spawn(process.execPath, ['--import', 'tsx', script, file, key.toString('hex')], { stdio: ['ignore', 'pipe', 'inherit'] })
    let committed = 0
    let copies = 0
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      for (const m of out.matchAll(/COMMITTED (\d+) COPIES (\d+)\n/g)) {
        committed = Number(m[1])
        copies = Number(m[2])
      }
      out = out.slice(out.lastIndexOf('\n') + 1)
    })
    const exited = new Promise((r) => child.once('exit', r))
    try {
      await waitFor(() => committed >= 3000 && copies >= 3, 60_000)
    } finally {
      child.kill('SIGKILL')
    }
    await exited
    const db = openDatabase(file, { dataKey: key })
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
    const { n } = db.prepare('SELECT count(*) AS n FROM notes').get() as { n: number }
    expect(n).toBeGreaterThanOrEqual(committed)
    db.close()
  }, 90_000)
})
