// The request path's cached account/instance lookups (row-cache.ts) never answer from a stale row: writes through
// the repositories or raw SQL and rolled-back transactions are seen by the very next lookup, writes by another
// connection (the accounts CLI on the same file) within FOREIGN_COMMIT_WINDOW_MS; unknown tokens are never cached.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../connection.js'
import { migrate } from '../migrate.js'
import { appMigrations } from '../migrations/index.js'
import { deleteAccount, findAccountByToken, insertAccount, setAccountPlan, setAccountToken } from './accounts-repo.js'
import { deleteInstance, getOwnedInstance, insertInstance, setInstanceStatus } from './instances-repo.js'
import { FOREIGN_COMMIT_WINDOW_MS } from './row-cache.js'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

const setup = () => {
  const file = join(mkdtempSync(join(tmpdir(), 'sb-rowcache-')), 'switchboard.db')
  const db = openDatabase(file)
  migrate(db, appMigrations)
  insertAccount(db, { id: 'acc_1', name: 'Acme', plan: 'free', token: 'token-one', instanceQuota: null, now: 1 })
  insertInstance(db, { id: 'INST00000001', accountId: 'acc_1', sessionName: 's', status: 'STOPPED', desiredRunning: false, ratePolicy: 'strict', now: 1 })
  return { file, db }
}

const other = (file: string): Db => openDatabase(file)

describe('cached auth lookups', () => {
  it('answers the same (frozen) row while nothing changes, and the new state right after a repository write', () => {
    const { db } = setup()
    const first = findAccountByToken(db, 'token-one')!
    expect(findAccountByToken(db, 'token-one')).toBe(first)
    expect(Object.isFrozen(first)).toBe(true)
    setAccountPlan(db, 'acc_1', 'paid', 2)
    expect(findAccountByToken(db, 'token-one')?.plan).toBe('paid')
    setAccountToken(db, 'acc_1', 'token-two', 3)
    expect(findAccountByToken(db, 'token-one')).toBeUndefined()
    expect(findAccountByToken(db, 'token-two')?.id).toBe('acc_1')

    expect(getOwnedInstance(db, 'acc_1', 'INST00000001')?.status).toBe('STOPPED')
    setInstanceStatus(db, 'INST00000001', 'WORKING', 'engine:open', 4)
    expect(getOwnedInstance(db, 'acc_1', 'INST00000001')?.status).toBe('WORKING')
    expect(getOwnedInstance(db, 'acc_other', 'INST00000001')).toBeUndefined()
    deleteInstance(db, 'INST00000001')
    expect(getOwnedInstance(db, 'acc_1', 'INST00000001')).toBeUndefined()
    // Any write through the connection counts, not only the repositories' (tests and migrations use raw SQL).
    db.prepare("UPDATE accounts SET plan = 'free' WHERE id = 'acc_1'").run()
    expect(findAccountByToken(db, 'token-two')?.plan).toBe('free')
    deleteAccount(db, 'acc_1')
    expect(findAccountByToken(db, 'token-two')).toBeUndefined()
  })

  it('sees another connection\'s commits within a millisecond (the accounts CLI rotating or removing on the same data dir)', async () => {
    const { file, db } = setup()
    expect(findAccountByToken(db, 'token-one')?.plan).toBe('free')
    expect(getOwnedInstance(db, 'acc_1', 'INST00000001')).toBeDefined()
    const cli = other(file)
    setAccountToken(cli, 'acc_1', 'token-rotated', 2)
    await sleep(FOREIGN_COMMIT_WINDOW_MS + 1)
    expect(findAccountByToken(db, 'token-one')).toBeUndefined()
    expect(findAccountByToken(db, 'token-rotated')?.id).toBe('acc_1')
    deleteInstance(cli, 'INST00000001')
    await sleep(FOREIGN_COMMIT_WINDOW_MS + 1)
    expect(getOwnedInstance(db, 'acc_1', 'INST00000001')).toBeUndefined()
    cli.close()
  })

  it('never keeps a row read inside a transaction that is rolled back, nor an unknown token', () => {
    const { db } = setup()
    expect(findAccountByToken(db, 'token-one')).toBeDefined()
    try {
      db.transaction(() => {
        setAccountToken(db, 'acc_1', 'token-in-tx', 2)
        expect(findAccountByToken(db, 'token-in-tx')?.id).toBe('acc_1')
        throw new Error('rollback')
      })()
    } catch {
      // rolled back on purpose
    }
    expect(findAccountByToken(db, 'token-in-tx')).toBeUndefined()
    expect(findAccountByToken(db, 'token-one')?.id).toBe('acc_1')
    expect(findAccountByToken(db, 'no-such-token')).toBeUndefined()
    insertAccount(db, { id: 'acc_2', name: 'Late', plan: 'free', token: 'no-such-token', instanceQuota: null, now: 3 })
    expect(findAccountByToken(db, 'no-such-token')?.id).toBe('acc_2')
  })
})
