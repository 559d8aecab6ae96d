// Child process of crash.test.ts: enqueues events, starts delivering them, and waits to be SIGKILLed.
// argv: <db file> <receiver url> <event count>
import { openDatabase } from '../db/connection.js'
import { migrate } from '../db/migrate.js'
import { createDeliveryWorker } from './delivery-worker.js'
import { enqueueEvent } from './outbox.js'
import { ownMigrations } from './testing.js'
import { setWebhook } from './webhook-repo.js'

const [file, url, count] = process.argv.slice(2)
const db = openDatabase(file!)
migrate(db, ownMigrations)
setWebhook(db, 'I1', { url: url!, events: ['*'], hmac: 'crash-secret' })
const ids: string[] = []
db.transaction(() => {
  for (let i = 0; i < Number(count); i++) {
    ids.push(enqueueEvent(db, { instanceId: 'I1', session: 'default', me: null, engine: 'NOWEB', event: 'message', payload: { i } }).envelope.id)
  }
})()
process.stdout.write(`ENQUEUED ${JSON.stringify(ids)}\n`)
createDeliveryWorker({ db }, { concurrency: 4, perWebhookConcurrency: 4, timeoutMs: 30_000, pollIntervalMs: 20 }).start()
setInterval(() => undefined, 1000) // stay alive until killed
