// The on-WhatsApp cache: positive and negative answers expire on their own clocks, per instance, bounded in size,
// kept in SQLite (no heap per number: issue 19's "heap flat after GC") and so still there for the next start.
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../db/connection.js'
import { migrate } from '../../db/migrate.js'
import { appMigrations } from '../../db/migrations/index.js'
import { OnWhatsAppCache } from './on-whatsapp-cache.js'

function freshDb() {
  const db = openDatabase(':memory:')
  migrate(db, appMigrations)
  return db
}

describe('OnWhatsAppCache', () => {
  it('keeps "on WhatsApp" longer than "not on WhatsApp", per instance', () => {
    let now = 0
    const c = new OnWhatsAppCache({ db: freshDb(), positiveTtlMs: 1_000, negativeTtlMs: 100, now: () => now })
    c.set('A', '1', { numberExists: true, chatId: '1@c.us' })
    c.set('A', '2', { numberExists: false, chatId: '2@c.us' })
    expect(c.get('B', '1')).toBeUndefined()
    now = 99
    expect(c.get('A', '2')).toEqual({ numberExists: false, chatId: '2@c.us' })
    now = 100
    expect(c.get('A', '2')).toBeUndefined()
    expect(c.get('A', '1')).toEqual({ numberExists: true, chatId: '1@c.us' })
    now = 1_000
    expect(c.get('A', '1')).toBeUndefined()
  })

  it('drops the answers expiring first past its bound, and forgets an instance', () => {
    let now = 0
    const c = new OnWhatsAppCache({ db: freshDb(), maxEntries: 2, pruneEvery: 1, now: () => now++ })
    c.set('A', '1', { numberExists: true, chatId: '1@c.us' })
    c.set('A', '2', { numberExists: true, chatId: '2@c.us' })
    c.set('B', '3', { numberExists: true, chatId: '3@c.us' })
    expect(c.size).toBe(2)
    expect(c.get('A', '1')).toBeUndefined()
    c.forget('A')
    expect(c.get('A', '2')).toBeUndefined()
    expect(c.get('B', '3')).toBeDefined()
  })

  it('deletes expired answers as it goes, so the table holds what is still trusted', () => {
    let now = 0
    const c = new OnWhatsAppCache({ db: freshDb(), negativeTtlMs: 10, pruneEvery: 100, now: () => now })
    for (let i = 0; i < 1_000; i++, now += 1) c.set('A', String(i), { numberExists: false, chatId: `${i}@c.us` })
    // Pruned at every 100th write: only the last ~10 ms of answers (and those written since the last prune) remain.
    expect(c.size).toBeLessThanOrEqual(10 + 100)
  })

  it('holds no answer in the heap: 20,000 numbers leave the object as small as it was', () => {
    const db = freshDb()
    const c = new OnWhatsAppCache({ db })
    for (let i = 0; i < 20_000; i++) c.set('A', String(15550000000 + i), { numberExists: true, chatId: `${15550000000 + i}@c.us` })
    expect(Object.values(c).some((v) => v instanceof Map || v instanceof Set || Array.isArray(v))).toBe(false)
    // ...and a second cache on the same database (the next start) knows them.
    expect(new OnWhatsAppCache({ db }).get('A', '15550019999')).toEqual({ numberExists: true, chatId: '15550019999@c.us' })
  })
})
