// Reads under a big store (issue 14, item 4): one instance with 100k messages over 2,000 chats, seeded through the
// store repositories (the rows the ingestor writes), then /health, /v2/chats?limit=50, /v2/chats/overview and
// /v2/chats/messages?limit=50 (a different chat each time) requested in turn in one loop: p50/p99 each, and each
// read's p99 against /health's p99 in the same run (goal ≤ 3×). In process, one client, no concurrency: latency.
// Then the cost of the store's encryption on the same reads (issue 21, goal >= 0.85): the same rows seeded into a
// store in clear and an encrypted one (db/store-cipher.ts, as the app runs it), and the repository reads behind
// /v2/chats/messages and /v2/chats run from a freshly opened connection on each, alternated twice; ratio of the best.
// Env: BENCH_READS="100000,2000" (messages,chats), BENCH_READS_MS (loop time, default 10000).
import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { WAMessage } from '@whiskeysockets/baileys'
import { Pool } from 'undici'
import { createFileLogger } from '../src-main/core/logging/logger.js'
import { checkpointAndClose, openDatabase, type Db } from '../src-main/core/db/connection.js'
import { migrate } from '../src-main/core/db/migrate.js'
import { appMigrations } from '../src-main/core/db/migrations/index.js'
import { listChatMessages } from '../src-main/core/messaging/store/messages-repo.js'
import { listChatsWithLastMessage } from '../src-main/core/messaging/store/chats-repo.js'
import { touchChatWithMessage, upsertContact, upsertMessage } from '../src-main/core/messaging/store/index.js'
import { startCore } from '../src-main/core/start-core.js'
import { latencyStats, type BenchResult, type BenchRow } from './lib.js'

const [MESSAGES, CHATS] = (process.env.BENCH_READS ?? '100000,2000').split(',').map(Number) as [number, number]
const LOOP_MS = Number(process.env.BENCH_READS_MS ?? 10_000)

const chatJid = (n: number) => `1555${String(n).padStart(7, '0')}@s.whatsapp.net`

const base = 1_700_000_000

/** MESSAGES messages over CHATS chats of one instance, as the ingestor writes them (one transaction). */
function seed(db: Db, id: string): void {
  db.transaction(() => {
    for (let c = 0; c < CHATS; c++) upsertContact(db, id, chatJid(c), { notify: `Person ${c}`, ...(c % 2 ? { name: `Saved ${c}` } : {}) }, 0)
    for (let i = 0; i < MESSAGES; i++) {
      const chat = chatJid(i % CHATS)
      const fromMe = i % 3 === 0
      const message: WAMessage = {
        key: { remoteJid: chat, fromMe, id: `3EB0${String(i).padStart(16, '0')}` },
        message: { extendedTextMessage: { text: `message ${i} with some words in it, as people write them` } },
        messageTimestamp: base + i,
        pushName: fromMe ? undefined : `Person ${i % CHATS}`,
        status: 3
      }
      const r = upsertMessage(db, id, { chatId: chat, sender: fromMe ? '15550009999@s.whatsapp.net' : chat, message, now: 0 })
      touchChatWithMessage(db, id, chat, { pk: r.pk, timestamp: base + i, markRead: fromMe, countUnread: !fromMe }, 0)
    }
  })()
}

const STORE_READS = 2000

/** The repository reads behind /v2/chats/messages and /v2/chats on a store in clear or encrypted (per second). */
function storeReads(dataKey: Buffer | undefined): { pagesPerSecond: number; chatListsPerSecond: number } {
  const file = join(mkdtempSync(join(tmpdir(), 'sb-reads-store-')), 'switchboard.db')
  const db = openDatabase(file, { dataKey })
  migrate(db, appMigrations)
  seed(db, 'BENCHREADS1')
  db.exec('ANALYZE')
  checkpointAndClose(db)
  const cold = openDatabase(file, { dataKey })
  try {
    const t0 = performance.now()
    for (let i = 0; i < STORE_READS; i++) {
      if (listChatMessages(cold, 'BENCHREADS1', chatJid((i * 7919) % CHATS), { limit: 50 }).length === 0) throw new Error('bench: an empty page')
    }
    const t1 = performance.now()
    for (let i = 0; i < STORE_READS / 10; i++) {
      if (listChatsWithLastMessage(cold, 'BENCHREADS1', { limit: 50, offset: (i * 50) % CHATS }).length === 0) throw new Error('bench: an empty chat list')
    }
    const t2 = performance.now()
    return { pagesPerSecond: STORE_READS / ((t1 - t0) / 1000), chatListsPerSecond: STORE_READS / 10 / ((t2 - t1) / 1000) }
  } finally {
    cold.close()
  }
}

export default async function readsBench(): Promise<BenchResult> {
  const token = 'bench-reads-token-0123456789abcdef'
  const dataDir = mkdtempSync(join(tmpdir(), 'sb-reads-'))
  const { logger } = createFileLogger(join(dataDir, 'logs', 'switchboard.log'), 'info')
  const core = await startCore({ dataDir, port: 0, accessToken: token, logger, engine: { socketConfig: { waWebSocketUrl: 'ws://127.0.0.1:9/ws/chat' } } })
  try {
    const id = core.instances.create('default').id
    await core.instances.stop(id)
    const db = core.db
    const seedStart = performance.now()
    seed(db, id)
    db.exec('ANALYZE')
    const seedSeconds = (performance.now() - seedStart) / 1000

    const pool = new Pool(core.url, { connections: 1 })
    const headers = { 'access-token': token }
    const get = async (path: string) => {
      const t0 = performance.now()
      const res = await pool.request({ path, method: 'GET', headers })
      const body = await res.body.text()
      if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${body.slice(0, 200)}`)
      return performance.now() - t0
    }
    const reads: [string, (i: number) => string][] = [
      ['GET /health', () => '/health'],
      ['GET /v2/chats?limit=50', () => `/v2/chats?instance_id=${id}&limit=50`],
      ['GET /v2/chats/overview (20)', () => `/v2/chats/overview?instance_id=${id}`],
      ['GET /v2/chats/messages?limit=50', (i) => `/v2/chats/messages?instance_id=${id}&limit=50&downloadMedia=false&chatId=${chatJid((i * 7919) % CHATS).replace('@s.whatsapp.net', '@c.us')}`]
    ]
    const samples = reads.map(() => [] as number[])
    for (let i = 0; i < 50; i++) for (const [, path] of reads) await get(path(i))
    const end = performance.now() + LOOP_MS
    for (let i = 0; performance.now() < end; i++) {
      for (let r = 0; r < reads.length; r++) samples[r]!.push(await get(reads[r]![1](i)))
    }
    await pool.close()

    const stats = samples.map((s) => latencyStats(s))
    const health = stats[0]!
    const rows: BenchRow[] = reads.map(([name], r) => ({
      name,
      requests: stats[r]!.count,
      'p50 ms': stats[r]!.p50,
      'p99 ms': stats[r]!.p99,
      'max ms': stats[r]!.max,
      'p99 / health p99': stats[r]!.p99 / health.p99
    }))
    // The encryption's cost on the same reads, clear and encrypted alternated (a load spike lands on both sides).
    const key = randomBytes(32)
    const clear: ReturnType<typeof storeReads>[] = []
    const encrypted: ReturnType<typeof storeReads>[] = []
    for (let round = 0; round < 2; round++) {
      clear.push(storeReads(undefined))
      encrypted.push(storeReads(key))
    }
    const best = (runs: ReturnType<typeof storeReads>[], k: 'pagesPerSecond' | 'chatListsPerSecond') => Math.max(...runs.map((r) => r[k]))
    const pagesRatio = best(encrypted, 'pagesPerSecond') / best(clear, 'pagesPerSecond')
    const chatsRatio = best(encrypted, 'chatListsPerSecond') / best(clear, 'chatListsPerSecond')
    rows.push(
      { name: `store: ${STORE_READS} pages of 50 messages, clear`, 'reads/s': best(clear, 'pagesPerSecond') },
      { name: `store: ${STORE_READS} pages of 50 messages, encrypted`, 'reads/s': best(encrypted, 'pagesPerSecond'), 'encrypted / clear': pagesRatio },
      { name: `store: ${STORE_READS / 10} chat lists of 50, clear`, 'reads/s': best(clear, 'chatListsPerSecond') },
      { name: `store: ${STORE_READS / 10} chat lists of 50, encrypted`, 'reads/s': best(encrypted, 'chatListsPerSecond'), 'encrypted / clear': chatsRatio }
    )
    return {
      bench: 'reads',
      rows,
      summary: {
        messages: MESSAGES,
        chats: CHATS,
        'seed s': seedSeconds,
        'worst p99 ratio (goal <= 3)': Math.max(...stats.slice(1).map((s) => s.p99 / health.p99)),
        'store reads encrypted / clear, worst (goal >= 0.85)': Math.min(pagesRatio, chatsRatio)
      }
    }
  } finally {
    await core.close()
  }
}
