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
