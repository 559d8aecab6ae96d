// Child process of wal-checkpointer.test.ts: writes rows one transaction each while the checkpoint thread copies the
// WAL, printing the count committed so far, until it is SIGKILLed. argv: <db file> <data key hex>
import { openDatabase } from './connection.js'
import { startWalCheckpointer } from './wal-checkpointer.js'

const [file, keyHex] = process.argv.slice(2)
const dataKey = Buffer.from(keyHex!, 'hex')
const db = openDatabase(file!, { dataKey })
db.exec('CREATE TABLE IF NOT EXISTS notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL); CREATE INDEX IF NOT EXISTS notes_body ON notes(body)')
const checkpointer = startWalCheckpointer(db, { file: file!, dataKey, intervalMs: 2, idleIntervalMs: 2 })
const insert = db.prepare('INSERT INTO notes (body) VALUES (?)')
const write = db.transaction((i: number) => insert.run(`row ${i} ${'x'.repeat(300)}`))
let n = 0
const step = () => {
  for (let j = 0; j < 50; j++) write(n++)
  // Printed after the commits: every row counted here is committed.
  process.stdout.write(`COMMITTED ${n} COPIES ${checkpointer.copies}\n`)
  setImmediate(step)
}
step()
