// Reads under a big store (issue 14, item 4): one instance with 100k messages over 2,000 chats, seeded through the
// store repositories (the rows the ingestor writes), then /health, /v2/chats?limit=50, /v2/chats/overview and
// /v2/chats/messages?limit=50 (a different chat each time) requested in turn in one loop: p50/p99 each, and each
// read's p99 against /health's p99 in the same run (goal ≤ 3×). In process, one client, no concurrency: latency.
// Env: BENCH_READS="100000,2000" (messages,chats), BENCH_READS_MS (loop time, default 10000).
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { WAMessage } from '@whiskeysockets/baileys'
import { Pool } from 'undici'
import { createFileLogger } from '../src-main/core/logging/logger.js'
import { touchChatWithMessage, upsertContact, upsertMessage } from '../src-main/core/messaging/store/index.js'
import { startCore } from '../src-main/core/start-core.js'
import { latencyStats, type BenchResult, type BenchRow } from './lib.js'

const [MESSAGES, CHATS] = (process.env.BENCH_READS ?? '100000,2000').split(',').map(Number) as [number, number]
const LOOP_MS = Number(process.env.BENCH_READS_MS ?? 10_000)

const chatJid = (n: number) => `1555${String(n).padStart(7, '0')}@s.whatsapp.net`

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
    const base = 1_700_000_000
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
    return {
      bench: 'reads',
      rows,
      summary: {
        messages: MESSAGES,
        chats: CHATS,
        'seed s': seedSeconds,
        'worst p99 ratio (goal <= 3)': Math.max(...stats.slice(1).map((s) => s.p99 / health.p99))
      }
    }
  } finally {
    await core.close()
  }
}
