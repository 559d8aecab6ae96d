// Child process of history-thread-crash.test.ts: a store with one instance and a recorded history chunk; the
// ingestor with its history thread is handed the chunk's batch (as the takeover announces it, again after a
// restart). Prints STORED <n> as the thread's rows appear and DONE once the chunk's record is gone (the batch
// committed). argv: <db file> <data key hex> <messages> <instance id> <chunk id>
import { randomBytes } from 'node:crypto'
import type { BaileysEventMap, WAMessage } from '@whiskeysockets/baileys'
import { openDatabase } from '../../db/connection.js'
import { pendingHistoryChunks } from '../../db/repositories/history-chunks-repo.js'
import { createEventBus } from '../../domain/event-bus.js'
import type { CoreEventMap } from '../../domain/events.js'
import type { BaileysBusEvents } from '../../engine/baileys/baileys-events.js'
import { startHistoryIngestThread } from './history-ingest-thread.js'
import { startIngestor } from './ingestor.js'
import { mainTurns, newWriteTurns } from './write-turns.js'

const [file, keyHex, total, CHILD_INSTANCE, CHILD_CHUNK] = process.argv.slice(2) as [string, string, string, string, string]
{
  const dataKey = Buffer.from(keyHex, 'hex')
  // As start-core.ts: IMMEDIATE transactions on this connection, taking turns with the thread's.
  const writeTurns = newWriteTurns()
  const db = openDatabase(file, { dataKey, sharedWriter: { onTopLevel: mainTurns(writeTurns) } })
  const thread = startHistoryIngestThread({ file, dataKey, writeTurns, onFailure: (err) => process.stderr.write(`thread failed: ${String(err)}\n`) })
  const bus = createEventBus<CoreEventMap & BaileysBusEvents>()
  startIngestor({
    db,
    bus,
    instance: (id) => (id === CHILD_INSTANCE ? { name: 'sess', me: { id: '15550009999@c.us', lid: null, pushName: 'Me', platform: null } } : undefined),
    engineName: 'NOWEB',
    wakeDeliveries: () => undefined,
    logger: { error: (o, m) => process.stderr.write(`${m} ${String(o.err ?? o.what)}\n`) },
    historyThread: thread
  })
  const n = Number(total)
  const chats = 50
  const messages: WAMessage[] = Array.from({ length: n }, (_, i) => ({
    key: { id: `M${i}`, remoteJid: `1555${String(i % chats).padStart(7, '0')}@s.whatsapp.net`, fromMe: i % 3 === 0 },
    messageTimestamp: 1_700_000_000 + i,
    message: { conversation: `history ${i} ${randomBytes(8).toString('hex')}` }
  }))
  const history = { chats: [], contacts: [], messages, lidPnMappings: [], isLatest: true, progress: 100, syncType: null } as unknown as BaileysEventMap['messaging-history.set']
  bus.emit('engine.baileys', { instanceId: CHILD_INSTANCE, events: { 'messaging-history.set': history }, historyChunks: [CHILD_CHUNK] })
  const count = db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM store_messages WHERE instance_id = ?')
  const report = setInterval(() => {
    process.stdout.write(`STORED ${count.get(CHILD_INSTANCE)!.n}\n`)
    if (!pendingHistoryChunks(db, CHILD_INSTANCE).length) {
      process.stdout.write('DONE\n')
      clearInterval(report)
      void thread.stop().then(() => db.close())
    }
  }, 20)
}
