// Cost of encrypting the whole store (issue 21 item 4, goal <= 15 % slower): the same work on a store in clear and
// on an encrypted one, in the same run. Ingest: incoming messages one transaction each through the ingestor (store
// + outbox rows, as live traffic). Reads: pages of 50 messages of random chats from a freshly reopened connection
// (cold page cache, so pages are read from the file and decrypted). Env: BENCH_CIPHER="20000,500" (messages,chats).
import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import type { WAMessage } from '@whiskeysockets/baileys'
import { checkpointAndClose, openDatabase } from '../src-main/core/db/connection.js'
import { migrate } from '../src-main/core/db/migrate.js'
import { appMigrations } from '../src-main/core/db/migrations/index.js'
import { createEventBus } from '../src-main/core/domain/event-bus.js'
import type { CoreEventMap } from '../src-main/core/domain/events.js'
import type { BaileysBusEvents } from '../src-main/core/engine/baileys/baileys-events.js'
import { startIngestor } from '../src-main/core/messaging/ingest/ingestor.js'
import { listChatMessages } from '../src-main/core/messaging/store/messages-repo.js'
import { createWebhookService } from '../src-main/core/webhooks/webhook-service.js'
import type { BenchResult, BenchRow } from './lib.js'

const [MESSAGES, CHATS] = (process.env.BENCH_CIPHER ?? '20000,500').split(',').map(Number) as [number, number]
const READS = 2000
const I = 'BENCHCIPHER1'
const chatJid = (n: number) => `1555${String(n).padStart(7, '0')}@s.whatsapp.net`

const message = (n: number): WAMessage => ({
  key: { id: `BENCH${n}`, remoteJid: chatJid(n % CHATS), fromMe: false },
  message: { conversation: `benchmark message ${n} with some words in it, as people write them` },
  messageTimestamp: 1_700_000_000 + n,
  pushName: 'Bench'
})

interface Run {
  ingestPerSecond: number
  readsPerSecond: number
}

async function run(dataKey: Buffer | undefined): Promise<Run> {
  const file = join(mkdtempSync(join(tmpdir(), 'sb-bench-cipher-')), 'switchboard.db')
  const db = openDatabase(file, { dataKey })
  migrate(db, appMigrations)
  const bus = createEventBus<CoreEventMap & BaileysBusEvents>()
  const svc = createWebhookService({ db, isInstanceDeliverable: () => true })
  svc.set(I, { url: 'http://127.0.0.1:9/hook', events: ['message'] })
  startIngestor({ db, bus, instance: () => ({ name: 'bench', me: null }), engineName: 'NOWEB', wakeDeliveries: () => undefined, logger: { error: () => undefined } })
  const t0 = performance.now()
  for (let n = 0; n < MESSAGES; n++) bus.emit('engine.baileys', { instanceId: I, events: { 'messages.upsert': { messages: [message(n)], type: 'notify' } } })
  const ingestSeconds = (performance.now() - t0) / 1000
  await svc.stop()
  checkpointAndClose(db)

  const cold = openDatabase(file, { dataKey })
  const t1 = performance.now()
  for (let i = 0; i < READS; i++) {
    const page = listChatMessages(cold, I, chatJid((i * 7919) % CHATS), { limit: 50 })
    if (page.length === 0) throw new Error('bench: an empty page')
  }
  const readSeconds = (performance.now() - t1) / 1000
  cold.close()
  return { ingestPerSecond: MESSAGES / ingestSeconds, readsPerSecond: READS / readSeconds }
}

export default async function cipherBench(): Promise<BenchResult> {
  const key = randomBytes(32)
  // Alternated, twice each, so a load spike on the machine does not land on one side only; the best of each kept.
  const clear: Run[] = []
  const encrypted: Run[] = []
  for (let round = 0; round < 2; round++) {
    clear.push(await run(undefined))
    encrypted.push(await run(key))
  }
  const best = (runs: Run[], k: keyof Run) => Math.max(...runs.map((r) => r[k]))
  const rows: BenchRow[] = [
    { name: `ingest ${MESSAGES} messages, one transaction each`, 'clear /s': best(clear, 'ingestPerSecond'), 'encrypted /s': best(encrypted, 'ingestPerSecond'), 'encrypted / clear': best(encrypted, 'ingestPerSecond') / best(clear, 'ingestPerSecond') },
    { name: `${READS} pages of 50 messages, cold cache`, 'clear /s': best(clear, 'readsPerSecond'), 'encrypted /s': best(encrypted, 'readsPerSecond'), 'encrypted / clear': best(encrypted, 'readsPerSecond') / best(clear, 'readsPerSecond') }
  ]
  return { bench: 'cipher', rows, summary: { messages: MESSAGES, chats: CHATS, 'goal: encrypted / clear >=': 0.85 } }
}
