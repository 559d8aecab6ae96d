// SIGKILL right after enqueueEventGrouped's promises resolved loses no accepted event: the group's commit came first.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../db/connection.js'
import { listDeliveries } from './outbox-queries.js'

const script = fileURLToPath(new URL('./group-commit-crash-child.script.ts', import.meta.url))

describe('group commit crash safety', () => {
  it('keeps every event whose promise resolved when the process is SIGKILLed at that moment', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'sb-wh-gc-')), 'app.db')
    const key = randomBytes(32)
    const child = spawn(process.execPath, ['--import', 'tsx', script, file, key.toString('hex'), '300'], {
      cwd: process.cwd(),
      stdio: ['ignore', 'pipe', 'inherit']
    })
    let out = ''
    child.stdout.on('data', (c: Buffer) => (out += c.toString()))
    const signal = await new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, sig) => resolve(sig)))
    expect(signal).toBe('SIGKILL')
    const m = /ACCEPTED (\[.*\])\n/.exec(out)
    expect(m).not.toBeNull()
    const accepted = JSON.parse(m![1]!) as string[]
    expect(accepted).toHaveLength(300)

    const db = openDatabase(file, { dataKey: key })
    try {
      const stored = new Set(db.prepare('SELECT id FROM webhook_events').pluck().all() as string[])
      expect(accepted.filter((id) => !stored.has(id))).toEqual([])
      const deliveries = listDeliveries(db, { limit: 1000 })
      expect(new Set(deliveries.map((d) => d.eventId))).toEqual(new Set(accepted))
      expect(deliveries.every((d) => d.state === 'pending')).toBe(true)
    } finally {
      db.close()
    }
  })
})
