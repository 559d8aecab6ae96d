import { mkdtempSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase, SqliteBindingError } from './connection.js'

const require = createRequire(import.meta.url)
/** The plain-Node build that npm installed (the Electron one lives apart in out/native/). */
const nodeBuild = join(dirname(require.resolve('better-sqlite3-multiple-ciphers/package.json')), 'build', 'Release', 'better_sqlite3.node')

describe('openDatabase nativeBinding', () => {
  const envBefore = process.env.SWITCHBOARD_SQLITE_BINDING
  afterEach(() => {
    if (envBefore === undefined) delete process.env.SWITCHBOARD_SQLITE_BINDING
    else process.env.SWITCHBOARD_SQLITE_BINDING = envBefore
  })
  const file = () => join(mkdtempSync(join(tmpdir(), 'sb-bind-')), 'x.db')

  it('loads the binary it is pointed at (option or SWITCHBOARD_SQLITE_BINDING)', () => {
    const db = openDatabase(file(), { nativeBinding: nodeBuild })
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(db.prepare('SELECT sqlite_version() AS v').get()).toEqual({ v: expect.stringMatching(/^3\./) })
    db.close()
    process.env.SWITCHBOARD_SQLITE_BINDING = nodeBuild
    const viaEnv = openDatabase(file())
    expect(viaEnv.prepare('SELECT 1 AS one').get()).toEqual({ one: 1 })
    viaEnv.close()
  })

  it('fails loudly, naming the path and the command, when the binary is missing', () => {
    const missing = join(tmpdir(), 'no-such-dir', 'better_sqlite3.node')
    const expected = expect.objectContaining({ code: 'sqlite_binding_missing', message: expect.stringContaining(missing) })
    expect(() => openDatabase(file(), { nativeBinding: missing })).toThrowError(expected)
    process.env.SWITCHBOARD_SQLITE_BINDING = missing
    expect(() => openDatabase(file())).toThrowError(expected)
    expect(() => openDatabase(file())).toThrowError(/npm run electron:sqlite/)
    expect(() => openDatabase(file())).toThrowError(SqliteBindingError)
  })

  it('says which binary could not be loaded when it is not a loadable module (e.g. the other ABI)', () => {
    const bogus = join(mkdtempSync(join(tmpdir(), 'sb-bind-')), 'better_sqlite3.node')
    writeFileSync(bogus, 'not a shared library')
    expect(() => openDatabase(file(), { nativeBinding: bogus })).toThrowError(
      expect.objectContaining({ code: 'sqlite_binding_unloadable', message: expect.stringContaining(bogus) })
    )
  })
})

describe('openDatabase sharedWriter (another connection writes the same file)', () => {
  const setup = (sharedWriter?: { onTopLevel?: (active: boolean) => void }) => {
    const file = join(mkdtempSync(join(tmpdir(), 'sb-shared-')), 'x.db')
    const a = openDatabase(file, sharedWriter ? { sharedWriter } : {})
    a.exec('CREATE TABLE t (k INTEGER PRIMARY KEY, v TEXT)')
    a.prepare("INSERT INTO t VALUES (1, 'a')").run()
    const other = openDatabase(file)
    other.pragma('busy_timeout = 0')
    return { a, other }
  }
  /** A reads, the other connection commits a write, then A writes: what a history thread's commit can do to the main thread. */
  const readThenWrite = (a: ReturnType<typeof setup>['a'], other: ReturnType<typeof setup>['other'], deferred = false) => {
    const steps: string[] = []
    const tx = a.transaction(() => {
      a.prepare('SELECT v FROM t WHERE k = 1').get()
      try {
        other.prepare("INSERT INTO t VALUES (2, 'other')").run()
        steps.push('other wrote')
      } catch (e) {
        steps.push(`other: ${(e as { code?: string }).code}`)
      }
      a.prepare("UPDATE t SET v = 'mine' WHERE k = 1").run()
      steps.push('a wrote')
    })
    if (deferred) tx.deferred()
    else tx()
    return steps
  }

  it('without it a read-then-write transaction fails when the other connection committed in between (the bug it prevents)', () => {
    const { a, other } = setup()
    expect(() => readThenWrite(a, other)).toThrowError(expect.objectContaining({ code: expect.stringMatching(/^SQLITE_BUSY/) }))
  })

  it('with it the transaction holds the write lock from BEGIN: the other connection waits, this one commits', () => {
    const { a, other } = setup({})
    expect(readThenWrite(a, other)).toEqual(['other: SQLITE_BUSY', 'a wrote'])
    expect(a.prepare('SELECT v FROM t WHERE k = 1').get()).toEqual({ v: 'mine' })
  })

  it('brackets each outermost transaction with onTopLevel (nested ones are savepoints inside it); .deferred stays deferred', () => {
    const calls: boolean[] = []
    const { a, other } = setup({ onTopLevel: (active) => void calls.push(active) })
    const inner = a.transaction(() => a.prepare("INSERT INTO t VALUES (3, 'c')").run())
    a.transaction(() => {
      expect(a.inTransaction).toBe(true)
      inner()
    })()
    expect(calls).toEqual([true, false])
    expect(() => a.transaction(() => { throw new Error('rolled back') })()).toThrowError('rolled back')
    expect(calls).toEqual([true, false, true, false])
    // The explicit variants are what they say: a deferred one can still fail as above.
    expect(() => readThenWrite(a, other, true)).toThrowError(expect.objectContaining({ code: expect.stringMatching(/^SQLITE_BUSY/) }))
  })
})
