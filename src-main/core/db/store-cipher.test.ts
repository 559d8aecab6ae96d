// The whole store encrypted at rest, on real SQLite files: no page (main file or WAL) shows the header or a row in
// clear, a wrong or missing key is a DataKeyError with its code (not a crash), and a store written in clear by an
// older version is encrypted on its first keyed open, rows and schema intact.
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkpointAndClose, openDatabase } from './connection.js'
import { encryptingFile, storeFileState } from './store-cipher.js'

const SECRET_TEXT = 'the customer said: my card number is 4111'
const newFile = () => join(mkdtempSync(join(tmpdir(), 'sb-cipher-')), 'switchboard.db')
const bytesOf = (file: string) => (existsSync(file) ? readFileSync(file) : Buffer.alloc(0))

function seed(file: string, dataKey: Buffer | undefined, rows = 50): void {
  const db = openDatabase(file, { dataKey })
  db.exec('CREATE TABLE IF NOT EXISTS notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL); CREATE INDEX IF NOT EXISTS notes_body ON notes(body)')
  const insert = db.prepare('INSERT INTO notes (body) VALUES (?)')
  db.transaction(() => {
    for (let i = 0; i < rows; i++) insert.run(`${SECRET_TEXT} #${i}`)
  })()
  checkpointAndClose(db)
}

const countNotes = (file: string, dataKey: Buffer | undefined, readonly = false) => {
  const db = openDatabase(file, { dataKey, readonly })
  try {
    return (db.prepare('SELECT count(*) AS n FROM notes').get() as { n: number }).n
  } finally {
    db.close()
  }
}

describe('store encrypted at rest', () => {
  it('writes no header, row or index entry in clear, in the file or its WAL, and reads back with the key', () => {
    const file = newFile()
    const key = randomBytes(32)
    const db = openDatabase(file, { dataKey: key })
    db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL); CREATE INDEX notes_body ON notes(body)')
    db.prepare('INSERT INTO notes (body) VALUES (?)').run(SECRET_TEXT)
    // Still open: the row is in the WAL, which must be encrypted too.
    expect(bytesOf(`${file}-wal`).length).toBeGreaterThan(0)
    for (const part of [file, `${file}-wal`]) {
      const bytes = bytesOf(part)
      expect(bytes.includes(Buffer.from('SQLite format 3'))).toBe(false)
      expect(bytes.includes(Buffer.from('card number'))).toBe(false)
      expect(bytes.includes(Buffer.from('CREATE TABLE'))).toBe(false)
    }
    checkpointAndClose(db)
    expect(bytesOf(file).subarray(0, 16).toString('latin1')).not.toBe('SQLite format 3\0')
    expect(bytesOf(file).includes(Buffer.from('card number'))).toBe(false)
    expect(storeFileState(file)).toBe('encrypted')
    expect(countNotes(file, key)).toBe(1)
  })

  it('refuses a wrong key and a missing key with a code, and the file stays usable', () => {
    const file = newFile()
    const key = randomBytes(32)
    seed(file, key)
    expect(() => openDatabase(file, { dataKey: randomBytes(32) })).toThrowError(expect.objectContaining({ name: 'DataKeyError', code: 'store_key_mismatch' }))
    expect(() => openDatabase(file)).toThrowError(expect.objectContaining({ code: 'store_key_missing' }))
    expect(() => openDatabase(file, { readonly: true, dataKey: randomBytes(32) })).toThrowError(expect.objectContaining({ code: 'store_key_mismatch' }))
    expect(countNotes(file, key)).toBe(50)
  })

  it('encrypts a store written in clear on its first keyed open, once, every row and index kept', () => {
    const file = newFile()
    const key = randomBytes(32)
    seed(file, undefined, 2000)
    expect(storeFileState(file)).toBe('plaintext')
    expect(bytesOf(file).includes(Buffer.from('card number'))).toBe(true)
    // A read-only look (a backup from outside the app) reads it as it is, without converting it.
    expect(countNotes(file, key, true)).toBe(2000)
    expect(storeFileState(file)).toBe('plaintext')

    const encrypted: string[] = []
    const db = openDatabase(file, { dataKey: key, onEncrypted: (f) => encrypted.push(f) })
    expect(encrypted).toEqual([file])
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(db.prepare("SELECT count(*) AS n FROM notes WHERE body = ?").get(`${SECRET_TEXT} #1999`)).toEqual({ n: 1 })
    expect(db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name = 'notes_body'").get()).toEqual({ name: 'notes_body' })
    db.prepare('INSERT INTO notes (body) VALUES (?)').run('after the migration')
    checkpointAndClose(db)

    expect(storeFileState(file)).toBe('encrypted')
    expect(bytesOf(file).includes(Buffer.from('card number'))).toBe(false)
    expect(existsSync(encryptingFile(file))).toBe(false)
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600)
    const again: string[] = []
    const reopened = openDatabase(file, { dataKey: key, onEncrypted: (f) => again.push(f) })
    expect(again).toEqual([])
    expect((reopened.prepare('SELECT count(*) AS n FROM notes').get() as { n: number }).n).toBe(2001)
    reopened.close()
  })

  it('discards the half-made copy an interrupted migration left behind and encrypts again', () => {
    const file = newFile()
    const key = randomBytes(32)
    seed(file, undefined, 100)
    // What a crash before the rename leaves: the store in clear, beside a partial copy.
    const partial = openDatabase(encryptingFile(file))
    partial.exec('CREATE TABLE junk (x)')
    partial.close()
    expect(countNotes(file, key)).toBe(100)
    expect(storeFileState(file)).toBe('encrypted')
    expect(existsSync(encryptingFile(file))).toBe(false)
  })

  it('leaves in-memory databases and keyless files (the sandbox) in clear', () => {
    const file = newFile()
    seed(file, undefined)
    expect(storeFileState(file)).toBe('plaintext')
    const mem = openDatabase(':memory:', { dataKey: randomBytes(32) })
    expect(mem.prepare('SELECT 1 AS one').get()).toEqual({ one: 1 })
    mem.close()
  })
})
