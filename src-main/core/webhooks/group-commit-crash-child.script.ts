// Child process of group-commit-crash.test.ts: enqueues events with enqueueEventGrouped in one turn (encrypted
// store, as the app), prints their ids the moment every promise resolved, and SIGKILLs itself right there.
// argv: <db file> <data key hex> <event count>
import { writeSync } from 'node:fs'
import { openDatabase } from '../db/connection.js'
import { migrate } from '../db/migrate.js'
import { enqueueEventGrouped } from './outbox-group-commit.js'
import { ownMigrations } from './testing.js'
import { setWebhook } from './webhook-repo.js'

const [file, keyHex, count] = process.argv.slice(2)
const db = openDatabase(file!, { dataKey: Buffer.from(keyHex!, 'hex') })
migrate(db, ownMigrations)
setWebhook(db, 'I1', { url: 'https://receiver.example/', events: ['*'] })
const accepted = Array.from({ length: Number(count) }, (_, i) =>
  enqueueEventGrouped(db, { instanceId: 'I1', session: 'default', me: null, engine: 'NOWEB', event: 'message', payload: { i } })
)
void Promise.all(accepted).then((results) => {
  writeSync(1, `ACCEPTED ${JSON.stringify(results.map((r) => r.envelope.id))}\n`)
  // No close, no exit handlers: whatever was not committed by now is gone.
  process.kill(process.pid, 'SIGKILL')
})
