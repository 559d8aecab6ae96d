// SIGKILL during delivery loses nothing: a new worker on the same database delivers every enqueued event.
import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase } from '../db/connection.js'
import { createDeliveryWorker, type DeliveryWorker } from './delivery-worker.js'
import { listDeliveries } from './outbox-queries.js'
import { openTestDb, receivedIds, startReceiver, type TestReceiver } from './testing.js'
import { verifyWebhook } from './verify.js'

const script = fileURLToPath(new URL('./crash-child.script.ts', import.meta.url))
let receiver: TestReceiver | undefined
let worker: DeliveryWorker | undefined
let child: ChildProcess | undefined

afterEach(async () => {
  // Never leave the child behind when an assertion failed before the kill.
  if (child?.pid && child.exitCode === null && child.signalCode === null) process.kill(-child.pid, 'SIGKILL')
  await worker?.stop()
  await receiver?.close()
})

describe('crash safety', () => {
  it('re-delivers events that were in flight when the process was SIGKILLed', async () => {
    const { db: setupDb, file } = openTestDb()
    setupDb.close()
    // Slow receiver: the first 3 requests are answered, the next ones are held open, so the child dies
    // with some deliveries done and others in flight.
    const held: Array<() => void> = []
    let slow = true
    let answered = 0
    receiver = await startReceiver((_req, res) => {
      if (!slow || answered < 3) {
        answered++
        res.end('ok')
      } else held.push(() => res.end('late'))
    })
    child = spawn(process.execPath, ['--import', 'tsx', script, file, receiver.url, '40'], {
      cwd: process.cwd(),
      detached: true,
      stdio: ['ignore', 'pipe', 'inherit']
    })
    const enqueued = await new Promise<string[]>((resolve, reject) => {
      let out = ''
      child!.stdout!.on('data', (c: Buffer) => {
        out += c.toString()
        const m = /ENQUEUED (\[.*\])\n/.exec(out)
        if (m) resolve(JSON.parse(m[1]!) as string[])
      })
      child!.once('exit', (code) => reject(new Error(`child exited early (${code})`)))
    })
    expect(enqueued).toHaveLength(40)
    await receiver.waitFor(() => held.length >= 4, 20_000)
    // Killed only once an answered delivery is committed too (the worker records outcomes in batches, so under load
    // the three answers could still be unrecorded when the fourth request was held).
    const peek = openDatabase(file)
    for (const until = Date.now() + 20_000; !listDeliveries(peek, { state: 'delivered' }).length && Date.now() < until; ) await new Promise((r) => setTimeout(r, 20))
    peek.close()
    const exited = new Promise((r) => child!.once('exit', r))
    process.kill(-child.pid!, 'SIGKILL')
    await exited
    for (const release of held) release()

    const db = openDatabase(file)
    expect(listDeliveries(db, { state: 'in_flight' }).length).toBeGreaterThan(0)
    expect(listDeliveries(db, { state: 'delivered' }).length).toBeGreaterThan(0)
    slow = false
    worker = createDeliveryWorker({ db }, { concurrency: 8, pollIntervalMs: 20 })
    worker.start()
    await receiver.waitFor(() => enqueued.every((id) => receivedIds(receiver!).includes(id)), 20_000)
    expect(new Set(receivedIds(receiver))).toEqual(new Set(enqueued))
    for (const req of receiver.requests) verifyWebhook(req.headers, req.body, 'crash-secret')
    await worker.stop()
    expect(listDeliveries(db, { limit: 100 }).every((d) => d.state === 'delivered')).toBe(true)
    db.close()
  })
})
