// Temporary-link tokens at rest (issue 13): the table holds the token's SHA-256 hash and the token sealed with the
// data key, never the token in clear; GET still shows the live link, /temp-qr/<token> resolves it by hash, a
// revoked link forgets its token, and rows an older version wrote in clear are sealed (dead ones deleted).
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../db/connection.js'
import { migrate } from '../db/migrate.js'
import { appMigrations } from '../db/migrations/index.js'
import { currentTempLink, liveTempLinkByToken } from '../db/repositories/temp-links-repo.js'
import { hashTokenHex } from '../domain/tokens.js'
import type { TestCore } from '../testing/core-harness.js'
import { useInstanceCore } from '../testing/suite.js'

describe('temporary-link tokens at rest', () => {
  let t: TestCore
  let id: string
  useInstanceCore((core, instance) => ((t = core), (id = instance)))

  it('the database file holds the hash and a sealed token; GET shows the link, the page resolves it', async () => {
    const created = await t.call('POST', '/v2/session/temp-link', { instance_id: id })
    expect(created.statusCode, created.body).toBe(200)
    const link = created.json().link as string
    const token = link.split('/temp-qr/')[1]!
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/)

    const row = t.core.db.prepare('SELECT token_hash, token FROM temp_links WHERE instance_id = ? AND revoked_at IS NULL').get(id) as { token_hash: string; token: string }
    expect(row.token_hash).toBe(hashTokenHex(token))
    expect(row.token.startsWith('enc1:')).toBe(true)
    expect(row.token).not.toContain(token)
    t.core.db.pragma('wal_checkpoint(TRUNCATE)')
    const file = readFileSync(join(t.dataDir, 'switchboard.db'))
    expect(file.includes(Buffer.from(token))).toBe(false)
    // Not even the hash shows: the whole file is encrypted (issue 21 item 4); the row itself is checked above.
    expect(file.includes(Buffer.from(row.token_hash))).toBe(false)

    const got = await t.call('GET', '/v2/session/temp-link', { instance_id: id })
    expect(got.json()).toMatchObject({ status: 'success', link })
    expect((await t.inject({ method: 'GET', url: `/temp-qr/${token}` })).statusCode).toBe(200)
    expect((await t.inject({ method: 'GET', url: `/temp-qr/${token.slice(0, -1)}A` })).statusCode).toBe(410)
  })

  it('a revoked link forgets its token: only the hash stays, the page answers 410', async () => {
    const token = ((await t.call('POST', '/v2/session/temp-link', { instance_id: id })).json().link as string).split('/temp-qr/')[1]!
    expect((await t.call('DELETE', '/v2/session/temp-link', { instance_id: id })).json()).toMatchObject({ revoked: 1 })
    const row = t.core.db.prepare('SELECT token FROM temp_links WHERE token_hash = ?').get(hashTokenHex(token)) as { token: string }
    expect(row.token).toBe('')
    expect((await t.inject({ method: 'GET', url: `/temp-qr/${token}` })).statusCode).toBe(410)
    expect((await t.call('GET', '/v2/session/temp-link', { instance_id: id })).json()).toMatchObject({ link: null })
  })
})

describe('migration 0020: tokens an older version stored in clear', () => {
  it('seals live rows, deletes dead ones; the live link still resolves and shows', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sb-templink-'))
    const db = openDatabase(join(dir, 'switchboard.db'), { dataKey: randomBytes(32) })
    try {
      migrate(db, appMigrations.filter((m) => m.id !== 20))
      const now = Date.now()
      db.prepare("INSERT INTO accounts (id, name, plan, token_hash, created_at, updated_at) VALUES ('acc', 'a', 'free', 'h', 0, 0)").run()
      db.prepare("INSERT INTO instances (id, account_id, session_name, status, created_at, updated_at) VALUES ('AAAAAAAAAAAA', 'acc', 's', 'STOPPED', 0, 0)").run()
      const insert = db.prepare('INSERT INTO temp_links (token_hash, token, instance_id, created_at, expires_at, revoked_at) VALUES (?, ?, ?, ?, ?, ?)')
      const live = 'live-token-in-clear-0123456789abcdefghij'
      insert.run(hashTokenHex(live), live, 'AAAAAAAAAAAA', now, now + 600_000, null)
      insert.run(hashTokenHex('expired-token-0123456789'), 'expired-token-0123456789', 'AAAAAAAAAAAA', now - 3_600_000, now - 1_000, null)
      insert.run(hashTokenHex('revoked-token-0123456789'), 'revoked-token-0123456789', 'AAAAAAAAAAAA', now - 60_000, now + 600_000, now - 30_000)

      expect(migrate(db, appMigrations).applied).toEqual([20])
      const rows = db.prepare('SELECT token_hash, token FROM temp_links').all() as { token_hash: string; token: string }[]
      expect(rows).toHaveLength(1)
      expect(rows[0]!.token.startsWith('enc1:')).toBe(true)
      expect(liveTempLinkByToken(db, live, now)?.token).toBe(live)
      expect(currentTempLink(db, 'AAAAAAAAAAAA', now)?.token).toBe(live)
    } finally {
      db.close()
    }
  })
})
