// A scoped key's "last used" (issue 23 item 6): recorded on a real SQLite file, at most once a minute per key
// (a busy key costs one write a minute, not one per request), each key on its own clock, forgotten on revoke.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../db/connection.js'
import { migrate } from '../db/migrate.js'
import { appMigrations } from '../db/migrations/index.js'
import { insertAccount } from '../db/repositories/accounts-repo.js'
import { ApiKeyService, LAST_USED_WRITE_INTERVAL_MS } from './api-key-service.js'

describe('ApiKeyService.recordUse', () => {
  it('stores the last use at most once a minute per key, and lists it', () => {
    const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'sb-keys-')), 'app.db'))
    migrate(db, appMigrations)
    insertAccount(db, { id: 'acc_1', name: 'Shop', plan: 'paid', token: 'full-token', instanceQuota: null, now: 1 })
    let now = 1_000_000
    const keys = new ApiKeyService({ db, now: () => now })
    const a = keys.create('acc_1', { name: 'n8n' }).key
    const b = keys.create('acc_1', { name: 'Make' }).key
    const lastUsed = (id: string) => keys.list('acc_1').find((k) => k.id === id)!.lastUsedAt
    expect(lastUsed(a.id)).toBeNull()

    // Count the writes SQLite makes (total_changes counts every row an UPDATE touched).
    const writes = () => (db.prepare('SELECT total_changes() AS n').get() as { n: number }).n
    keys.recordUse(a.id)
    expect(lastUsed(a.id)).toBe(1_000_000)
    const before = writes()
    for (let i = 0; i < 100; i++) {
      now += 500
      keys.recordUse(a.id)
    }
    // 50 s of requests: no write, the minute-old value stays.
    expect(writes()).toBe(before)
    expect(lastUsed(a.id)).toBe(1_000_000)
    now = 1_000_000 + LAST_USED_WRITE_INTERVAL_MS
    keys.recordUse(a.id)
    expect(lastUsed(a.id)).toBe(now)
    expect(writes()).toBe(before + 1)

    // Another key has its own minute.
    keys.recordUse(b.id)
    expect(lastUsed(b.id)).toBe(now)
    expect(lastUsed(a.id)).toBe(now)

    // A revoked key's use is a no-op (its row is gone), and a key unknown to the db records nothing.
    keys.revoke('acc_1', b.id)
    keys.recordUse(b.id)
    keys.recordUse('key_nope')
    expect(keys.list('acc_1').map((k) => k.id)).toEqual([a.id])
    db.close()
  })
})
