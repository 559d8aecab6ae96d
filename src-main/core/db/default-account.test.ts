import { mkdtempSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabase } from './connection.js'
import { ensureDefaultAccount, revealDefaultToken, rotateDefaultToken, secretsPath } from './default-account.js'
import { migrate } from './migrate.js'
import { appMigrations } from './migrations/index.js'
import { findAccountByToken, getAccount } from './repositories/accounts-repo.js'

const setup = () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sb-acct-'))
  const db = openDatabase(join(dataDir, 'switchboard.db'))
  migrate(db, appMigrations)
  return { dataDir, db }
}

describe('default account', () => {
  it('creates a random token on first run, keeps it (0600 secrets file) and stores only its hash', () => {
    const { dataDir, db } = setup()
    const account = ensureDefaultAccount(db, { dataDir, plan: 'free', now: 1 })
    const token = revealDefaultToken(dataDir)!
    expect(token.length).toBeGreaterThanOrEqual(43)
    expect(statSync(secretsPath(dataDir)).mode & 0o777).toBe(0o600)
    expect(account.token_hash).toMatch(/^[0-9a-f]{64}$/)
    const dump = JSON.stringify(db.prepare('SELECT * FROM accounts').all())
    expect(dump).not.toContain(token)
    ensureDefaultAccount(db, { dataDir, plan: 'paid', now: 2 })
    expect(revealDefaultToken(dataDir)).toBe(token)
    expect(findAccountByToken(db, token)?.plan).toBe('paid')
  })

  it('keeps the plan when none is given (flags override only when given); a new account starts on free', () => {
    const { dataDir, db } = setup()
    expect(ensureDefaultAccount(db, { dataDir, now: 1 }).plan).toBe('free')
    expect(ensureDefaultAccount(db, { dataDir, plan: 'paid', now: 2 }).plan).toBe('paid')
    expect(ensureDefaultAccount(db, { dataDir, now: 3 }).plan).toBe('paid')
    expect(ensureDefaultAccount(db, { dataDir, plan: 'free', now: 4 }).plan).toBe('free')
  })

  it('takes the token from the flag, replacing the kept one', () => {
    const { dataDir, db } = setup()
    ensureDefaultAccount(db, { dataDir, plan: 'free', now: 1 })
    const old = revealDefaultToken(dataDir)!
    ensureDefaultAccount(db, { dataDir, accessToken: 'from-flag', plan: 'free', now: 2 })
    expect(findAccountByToken(db, 'from-flag')?.id).toBe('default')
    expect(findAccountByToken(db, old)).toBeUndefined()
    expect(JSON.parse(readFileSync(secretsPath(dataDir), 'utf8')).defaultAccessToken).toBe('from-flag')
  })

  it('rotates: the old token stops working at once', () => {
    const { dataDir, db } = setup()
    ensureDefaultAccount(db, { dataDir, plan: 'free', now: 1 })
    const old = revealDefaultToken(dataDir)!
    const fresh = rotateDefaultToken(db, dataDir)
    expect(fresh).not.toBe(old)
    expect(revealDefaultToken(dataDir)).toBe(fresh)
    expect(findAccountByToken(db, old)).toBeUndefined()
    expect(findAccountByToken(db, fresh)?.id).toBe('default')
    expect(getAccount(db, 'default')?.is_default).toBe(1)
  })
})
