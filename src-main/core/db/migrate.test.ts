import { describe, expect, it } from 'vitest'
import { openDatabase } from './connection.js'
import { migrate, MigrationError } from './migrate.js'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const m1 = { id: 1, name: 'one', sql: 'CREATE TABLE a (x INTEGER);' }
const m2 = { id: 2, name: 'two', sql: 'CREATE TABLE b (y INTEGER);' }

describe('migrate', () => {
  it('applies pending migrations once, in order', () => {
    const db = openDatabase(':memory:')
    expect(migrate(db, [m2, m1]).applied).toEqual([1, 2])
    expect(migrate(db, [m1, m2]).applied).toEqual([])
    expect(db.prepare("SELECT name FROM sqlite_master WHERE type='table' AND name IN ('a','b')").all()).toHaveLength(2)
  })

  it('refuses a database written by a newer version', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'sb-mig-')), 'x.db')
    const db = openDatabase(file)
    migrate(db, [m1, m2])
    db.close()
    const again = openDatabase(file)
    expect(() => migrate(again, [m1])).toThrowError(expect.objectContaining({ code: 'database_too_new' }))
  })

  it('refuses a database with an applied migration it does not know below its latest (another branch)', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'sb-mig-')), 'x.db')
    const db = openDatabase(file)
    const branch = { id: 2, name: 'branch-only', sql: 'CREATE TABLE z (q INTEGER);' }
    migrate(db, [m1, branch])
    const m3 = { id: 3, name: 'three', sql: 'CREATE TABLE c (x INTEGER);' }
    expect(() => migrate(db, [m1, m3])).toThrowError(
      expect.objectContaining({ code: 'database_unknown_migrations', message: expect.stringContaining('2-branch-only') })
    )
    // Nothing was applied on top of it.
    expect(db.prepare('SELECT id FROM schema_migrations ORDER BY id').all()).toEqual([{ id: 1 }, { id: 2 }])
  })

  it('detects an edited migration', () => {
    const db = openDatabase(':memory:')
    migrate(db, [m1])
    expect(() => migrate(db, [{ ...m1, sql: 'CREATE TABLE a (z TEXT);' }])).toThrow(MigrationError)
  })

  it('rolls back a failing migration completely', () => {
    const db = openDatabase(':memory:')
    const bad = { id: 3, name: 'bad', sql: 'CREATE TABLE c (x INTEGER); INSERT INTO nope VALUES (1);' }
    expect(() => migrate(db, [m1, bad])).toThrow()
    expect(db.prepare("SELECT count(*) n FROM sqlite_master WHERE name='c'").get()).toEqual({ n: 0 })
    expect(db.prepare('SELECT id FROM schema_migrations').all()).toEqual([{ id: 1 }])
  })
})
