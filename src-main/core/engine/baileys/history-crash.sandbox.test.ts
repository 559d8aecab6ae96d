// The crash window of the history takeover (issue 24 item 2): Baileys records a history notification as processed
// before our decode and ingest of the chunk are done. A real core pairs with a seeded sandbox phone; the takeover is
// halted right after a chunk's record is written (the seam a test holds), the first chunk is let through, then the
// core stops with the second chunk neither decoded nor stored while Baileys' creds already count it as processed.
// The next start on the same data dir announces the recorded chunk again: every message arrives exactly once.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { proto } from '@whiskeysockets/baileys'
import { afterAll, describe, expect, it } from 'vitest'
import { pendingHistoryChunks } from '../../db/repositories/history-chunks-repo.js'
import { pairInstance, startTestCore, waitUntil, type TestCore } from '../../testing/core-harness.js'

const PHONE = '15550000624'
// Two message chunks (≤ 2,000 messages each, the newest first) and the PUSH_NAME chunk.
const SEED = { contacts: 100, chats: 60, messages: 2_400, groups: 4, labels: 2, lid_share: 0.4 }
const CHUNKS = 3

let t: TestCore | undefined
afterAll(async () => {
  await t?.close()
})

const count = (core: TestCore, sql: string, id: string): number => (core.core.db.prepare(sql).get(id) as { n: number }).n
const stored = (core: TestCore, id: string) => count(core, 'SELECT count(*) AS n FROM store_messages WHERE instance_id = ?', id)
const distinct = (core: TestCore, id: string) => count(core, 'SELECT count(*) AS n FROM (SELECT DISTINCT chat_id, id FROM store_messages WHERE instance_id = ?)', id)
const records = (core: TestCore, id: string) => count(core, 'SELECT count(*) AS n FROM engine_history_chunks WHERE instance_id = ?', id)
const processedByBaileys = (core: TestCore, id: string): number => {
  const creds = core.core.db.prepare('SELECT open_secret(creds) AS c FROM engine_auth_creds WHERE instance_id = ?').get(id) as { c: string }
  return (JSON.parse(creds.c) as { processedHistoryMessages?: unknown[] }).processedHistoryMessages?.length ?? 0
}

describe('a history chunk taken over from Baileys, across a stop before its ingest', () => {
  it('is announced again at the next start: every message stored exactly once, no record left', { timeout: 150_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sb-hist-crash-'))
    const recorded: string[] = []
    t = await startTestCore('sandbox', {
      dataDir,
      logLevel: 'warn',
      // The first chunk goes through; every later one halts for good after its record (the process "dies" there).
      engine: { afterHistoryChunkRecorded: (_instance, chunk) => (recorded.push(chunk) > 1 ? new Promise<void>(() => {}) : undefined) }
    })
    await t.core.sandbox!.createPhone({ phoneNumber: PHONE, name: 'Shop' })
    const seeded = await t.call('POST', `/sandbox/phones/${PHONE}/history`, {}, SEED)
    expect(seeded.json()).toMatchObject({ messages: SEED.messages, chunks: CHUNKS })
    const id = await pairInstance(t, PHONE)
    const first = t
    await waitUntil(
      // Chunks are announced one after another: the second halts, the third waits behind it.
      () => recorded.length === 2 && records(first, id) === CHUNKS - 1 && processedByBaileys(first, id) >= CHUNKS,
      40_000,
      'every chunk taken and recorded, the first committed'
    )
    // The crash window: Baileys has every chunk as processed; the later ones are only in their records, not stored.
    const partial = stored(first, id)
    expect(partial).toBeGreaterThan(0)
    expect(partial).toBeLessThan(SEED.messages)
    // Its media downloaded, the compressed chunk is kept in the record: the next start needs no download.
    const kept = () => pendingHistoryChunks(first.core.db, id).map((c) => c.chunk?.length ?? proto.Message.HistorySyncNotification.decode(c.notification).initialHistBootstrapInlinePayload?.length ?? 0)
    await waitUntil(() => kept().every((n) => n > 0), 20_000, 'chunk bytes kept')
    expect(pendingHistoryChunks(first.core.db, id)[0]!.id).toBe(recorded[1])
    await first.close()
    t = undefined

    t = await startTestCore('sandbox', { dataDir, accessToken: first.token, logLevel: 'warn' })
    const second = t
    await second.waitForStatus(id, 'WORKING', 30_000)
    await waitUntil(() => stored(second, id) >= SEED.messages && records(second, id) === 0, 40_000, 'every message stored, no record left')
    expect(stored(second, id)).toBe(SEED.messages)
    expect(distinct(second, id)).toBe(SEED.messages)
    const chats = (await second.call('GET', '/v2/chats', { instance_id: id, limit: '1000' })).json() as unknown[]
    expect(chats).toHaveLength(SEED.chats)
  })
})
