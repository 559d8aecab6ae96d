// Message text search (issue 20 item 6) on real SQLite: the FTS5 index follows the store through the triggers
// (insert, edit, revoke, delete, instance wipe), words match as prefixes with case and accents ignored, typed
// FTS syntax is inert, and with 100k messages the query is served by the FTS index joined on the primary key
// (no scan of store_messages).
import type { WAMessage } from '@whiskeysockets/baileys'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/connection.js'
import { applyEdit, deleteInstanceStore, findMessage, ftsQuery, markRevoked, searchMessages, SEARCH_SQL, upsertMessage } from './index.js'
import { openStoreDb } from '../../testing/store-db.js'

const I = 'INSTANCE0001'
const OTHER = 'INSTANCE0002'
const A = '15550000001@s.whatsapp.net'
const B = '15550000002@s.whatsapp.net'

const text = (id: string, remoteJid: string, body: string, ts: number): WAMessage => ({ key: { id, remoteJid, fromMe: false }, message: { conversation: body }, messageTimestamp: ts })
const put = (db: Db, instanceId: string, m: WAMessage) => upsertMessage(db, instanceId, { chatId: m.key.remoteJid!, sender: m.key.remoteJid!, message: m, now: 0 })
const found = (db: Db, q: string, instanceId = I, chatId?: string) => searchMessages(db, instanceId, { text: q, limit: 50, offset: 0, ...(chatId ? { chatId } : {}) }).map((h) => h.message.id)

describe('message search', () => {
  it('finds every typed word as a word prefix, case and accents ignored, newest first, in one instance', () => {
    const db = openStoreDb()
    put(db, I, text('m1', A, 'Your payment of invoice 12 is due', 100))
    put(db, I, text('m2', B, 'Café opens at 9; see the invoice', 200))
    put(db, I, text('m3', A, 'nothing here', 300))
    put(db, I, { key: { id: 'm4', remoteJid: B, fromMe: true }, message: { imageMessage: { caption: 'Invoice photo', mimetype: 'image/jpeg' } }, messageTimestamp: 400 })
    put(db, OTHER, text('x1', A, 'invoice of another instance', 500))
    expect(found(db, 'invoice')).toEqual(['m4', 'm2', 'm1'])
    expect(found(db, 'pay inv')).toEqual(['m1'])
    expect(found(db, 'CAFE')).toEqual(['m2'])
    expect(found(db, 'invoice', I, A)).toEqual(['m1'])
    expect(found(db, 'invoice', OTHER)).toEqual(['x1'])
    expect(found(db, 'voice')).toEqual([]) // a prefix of words, not any substring
    const hit = searchMessages(db, I, { text: 'payment', limit: 5, offset: 0 })[0]!
    expect(hit.snippet).toContain('[[payment]]')
    expect(searchMessages(db, I, { text: 'invoice', limit: 1, offset: 1 }).map((h) => h.message.id)).toEqual(['m2'])
  })

  it('typed FTS syntax is inert: quotes, operators, stars and column filters are words or ignored', () => {
    const db = openStoreDb()
    put(db, I, text('m1', A, 'body NEAR the "end" OR not', 100))
    for (const q of ['"end', 'end"*', 'body:end', 'NEAR(body end)', 'end OR', '*', 'AND', '-end', '^end']) {
      expect(() => found(db, q), q).not.toThrow()
    }
    expect(found(db, 'near OR')).toEqual(['m1'])
    expect(ftsQuery('  ;;; ')).toBeUndefined()
    expect(ftsQuery('a"b c*')).toBe('"a"* "b"* "c"*')
  })

  it('follows the store: an edit changes what is found, a revoked or deleted message is found no more', () => {
    const db = openStoreDb()
    put(db, I, text('m1', A, 'first draft', 100))
    put(db, I, text('m2', A, 'to be deleted for everyone', 200))
    put(db, I, text('m3', B, 'draft of a wiped instance', 300))
    const m1 = findMessage(db, I, A, 'm1')!
    applyEdit(db, m1.pk, { conversation: 'final version' }, 150, 0)
    expect(found(db, 'draft')).toEqual(['m3'])
    expect(found(db, 'final')).toEqual(['m1'])
    markRevoked(db, findMessage(db, I, A, 'm2')!.pk, A, 250, 0)
    expect(found(db, 'deleted')).toEqual([])
    deleteInstanceStore(db, I)
    expect(found(db, 'draft')).toEqual([])
    expect(db.prepare("SELECT count(*) AS n FROM store_messages_fts WHERE store_messages_fts MATCH 'draft'").get()).toEqual({ n: 0 })
  })

  describe('with 100k messages', () => {
    const db = openStoreDb()
    const MESSAGES = 100_000
    beforeAll(() => {
      // Bulk rows straight into the table: the triggers index each one, as the ingestor's writes do.
      const ins = db.prepare(
        `INSERT INTO store_messages (instance_id, chat_id, id, from_me, sender, timestamp, type, body, ack, raw, created_at, updated_at)
         VALUES (?, ?, ?, 0, ?, ?, 'chat', ?, 0, '{}', 0, 0)`
      )
      const words = ['order', 'delivery', 'payment', 'hello', 'thanks', 'tomorrow', 'price', 'photo']
      db.transaction(() => {
        for (let i = 0; i < MESSAGES; i++) {
          const c = `1555${String(i % 2000).padStart(7, '0')}@s.whatsapp.net`
          ins.run(i % 5 === 0 ? OTHER : I, c, `M${i}`, c, 1_700_000_000 + i, `${words[i % 8]} number ${i} ${words[(i * 7) % 8]}`)
        }
      })()
      db.exec('ANALYZE')
    })

    it('is served by the FTS index, joined on the primary key: no scan of store_messages', () => {
      const p = (db.prepare(`EXPLAIN QUERY PLAN ${SEARCH_SQL}`).all({ match: '"unique"*', instanceId: I, chatId: null, limit: 20, offset: 0 }) as { detail: string }[]).map((r) => r.detail).join(' | ')
      expect(p).toMatch(/SCAN f VIRTUAL TABLE INDEX \d+:M/)
      expect(p).toMatch(/SEARCH m USING INTEGER PRIMARY KEY \(rowid=\?\)/)
      expect(p).not.toMatch(/SCAN m\b/)
    })

    it('answers right at that size', () => {
      expect(found(db, 'number 99999')).toEqual(['M99999'])
      expect(found(db, 'number 99995')).toEqual([]) // another instance's
      const hits = searchMessages(db, I, { text: 'payment', limit: 20, offset: 0 })
      expect(hits).toHaveLength(20)
      for (let i = 1; i < hits.length; i++) expect(hits[i - 1]!.message.timestamp).toBeGreaterThan(hits[i]!.message.timestamp)
      expect(hits.every((h) => /payment/.test(h.message.body))).toBe(true)
    })
  })
})
