// A SIGKILL in the middle of a history part on the ingest thread (issue 24 item 2): the thread's transactions that
// committed stay, the chunk's record stays (the batch's last transaction, on the main thread, never ran), and the
// next start's ingest of the same chunk (the takeover announces recorded chunks again) stores the rest: every
// message exactly once, the record gone.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../db/connection.js'
import { migrate } from '../../db/migrate.js'
import { appMigrations } from '../../db/migrations/index.js'
import { upsertAccount } from '../../db/repositories/accounts-repo.js'
import { pendingHistoryChunks, recordHistoryChunk } from '../../db/repositories/history-chunks-repo.js'
import { insertInstance } from '../../db/repositories/instances-repo.js'

const script = fileURLToPath(new URL('./history-thread-child.script.ts', import.meta.url))
const MESSAGES = 6_000
const CHILD_INSTANCE = 'CRASH0000001'
const CHILD_CHUNK = 'CHUNK-CRASH'

/** Runs the child until `until` says so (or it exits); resolves with the last STORED count and whether DONE came. */
async function runChild(file: string, key: Buffer, until: (stored: number, done: boolean) => boolean, kill: boolean) {
  const child = spawn(process.execPath, ['--import', 'tsx', script, file, key.toString('hex'), String(MESSAGES), CHILD_INSTANCE, CHILD_CHUNK], { stdio: ['ignore', 'pipe', 'inherit'] })
  let stored = 0
  let done = false
  let out = ''
  const exited = new Promise((r) => child.once('exit', r))
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`child: no end in time (stored ${stored})`)), 60_000)
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      for (const m of out.matchAll(/STORED (\d+)\n/g)) stored = Number(m[1])
      if (out.includes('DONE\n')) done = true
      out = out.slice(out.lastIndexOf('\n') + 1)
      if (until(stored, done)) {
        clearTimeout(timer)
        if (kill) child.kill('SIGKILL')
        resolve()
      }
    })
    child.once('exit', () => {
      clearTimeout(timer)
      resolve()
    })
  })
  await exited
  return { stored, done }
}

describe('the history ingest thread, SIGKILLed mid-part', () => {
  it('loses and duplicates nothing: committed rows stay, the chunk record stays, the next ingest completes it', { timeout: 120_000 }, async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'sb-hist-kill-')), 'store.db')
    const key = randomBytes(32)
    const db = openDatabase(file, { dataKey: key })
    migrate(db, appMigrations)
    upsertAccount(db, { id: 'a', name: 'A', plan: 'free', token: 't', now: 1 })
    insertInstance(db, { id: CHILD_INSTANCE, accountId: 'a', sessionName: 'sess', status: 'WORKING', desiredRunning: true, ratePolicy: 'strict', now: 1 })
    recordHistoryChunk(db, CHILD_INSTANCE, CHILD_CHUNK, Buffer.from('notification'), true, 1)
    db.close()

    const first = await runChild(file, key, (stored) => stored > 0 && stored < MESSAGES, true)
    expect(first.done).toBe(false)
    const after = openDatabase(file, { dataKey: key })
    const count = () => (after.prepare('SELECT count(*) AS n FROM store_messages WHERE instance_id = ?').get(CHILD_INSTANCE) as { n: number }).n
    const partial = count()
    expect(after.pragma('integrity_check', { simple: true })).toBe('ok')
    expect(partial).toBeGreaterThan(0)
    expect(partial).toBeLessThan(MESSAGES)
    expect(pendingHistoryChunks(after, CHILD_INSTANCE).map((c) => c.id)).toEqual([CHILD_CHUNK])
    after.close()

    const second = await runChild(file, key, (_stored, done) => done, false)
    expect(second.done).toBe(true)
    const end = openDatabase(file, { dataKey: key })
    const n = (sql: string) => (end.prepare(sql).get(CHILD_INSTANCE) as { n: number }).n
    expect(n('SELECT count(*) AS n FROM store_messages WHERE instance_id = ?')).toBe(MESSAGES)
    expect(n('SELECT count(*) AS n FROM (SELECT DISTINCT chat_id, id FROM store_messages WHERE instance_id = ?)')).toBe(MESSAGES)
    expect(pendingHistoryChunks(end, CHILD_INSTANCE)).toEqual([])
    end.close()
  })
})
