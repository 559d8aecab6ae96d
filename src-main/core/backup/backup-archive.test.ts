// The backup file format on its own: a round trip of files of every size through the sealed frames, and the
// refusals — wrong passphrase, an altered or reordered frame, a file cut short, a path that leaves the folder.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import Database from 'better-sqlite3-multiple-ciphers'
import { readArchive, safeJoin, writeArchive } from './backup-container.js'
import { OpenFrames, SealFrames, deriveKey, encodeHeader, newHeader, parseHeader } from './backup-crypto.js'
import { createBackup, restoreBackup } from './backup-service.js'
import { openDatabase } from '../db/connection.js'
import { storeFileState } from '../db/store-cipher.js'

const PASS = 'a long enough passphrase'

async function seal(passphrase: string, files: { path: string; bytes: Buffer }[]): Promise<Buffer> {
  const header = newHeader('test', new Date(0), { N: 2 ** 12 })
  const headerBytes = encodeHeader(header)
  const sealer = new SealFrames(await deriveKey(passphrase, header), headerBytes, Buffer.from(header.noncePrefix, 'base64'))
  const out: Buffer[] = []
  sealer.on('data', (c: Buffer) => out.push(c))
  await writeArchive(sealer, files.map((f) => ({ path: f.path, source: { bytes: f.bytes } })))
  return Buffer.concat([headerBytes, ...out])
}

async function open(file: Buffer, passphrase: string, root: string): Promise<string[]> {
  const { header, bytes } = parseHeader(file)
  const opener = new OpenFrames(await deriveKey(passphrase, header), bytes, Buffer.from(header.noncePrefix, 'base64'))
  Readable.from([file.subarray(bytes.length)]).pipe(opener)
  return readArchive(opener, root)
}

const frames = (file: Buffer) => {
  const { bytes } = parseHeader(file)
  const list: { start: number; end: number }[] = []
  for (let at = bytes.length; at < file.length; ) {
    const length = file.readUInt32BE(at)
    list.push({ start: at, end: at + 4 + length })
    at += 4 + length
  }
  return { head: file.subarray(0, bytes.length), list }
}

describe('backup file format', () => {
  const big = Buffer.alloc(300 * 1024)
  for (let i = 0; i < big.length; i++) big[i] = (i * 7919) % 251
  const files = [
    { path: 'switchboard.db', bytes: big },
    { path: 'media/ABC/photo.jpg', bytes: Buffer.from('jpeg bytes') },
    { path: 'empty.txt', bytes: Buffer.alloc(0) }
  ]

  it('round-trips files of any size through several frames, each byte back in place', async () => {
    const file = await seal(PASS, files)
    expect(frames(file).list.length).toBeGreaterThan(4)
    const root = mkdtempSync(join(tmpdir(), 'sb-arch-'))
    expect(await open(file, PASS, root)).toEqual(files.map((f) => f.path))
    for (const f of files) expect(readFileSync(join(root, f.path)).equals(f.bytes)).toBe(true)
  })

  it('refuses a wrong passphrase, an altered frame, reordered frames and a file cut short', async () => {
    const file = await seal(PASS, files)
    const root = () => mkdtempSync(join(tmpdir(), 'sb-arch-'))
    await expect(open(file, 'another passphrase', root())).rejects.toMatchObject({ code: 'backup_passphrase_wrong' })

    const altered = Buffer.from(file)
    const { head, list } = frames(file)
    altered.writeUInt8(altered.readUInt8(list[2]!.start + 10) ^ 1, list[2]!.start + 10)
    await expect(open(altered, PASS, root())).rejects.toMatchObject({ code: 'backup_corrupt' })

    const piece = (i: number) => file.subarray(list[i]!.start, list[i]!.end)
    const swapped = Buffer.concat([head, piece(0), piece(2), piece(1), ...list.slice(3).map((_, i) => piece(i + 3))])
    await expect(open(swapped, PASS, root())).rejects.toMatchObject({ code: 'backup_corrupt' })

    // Cut at a frame boundary: every remaining frame verifies, but none is marked last.
    const cut = file.subarray(0, list[list.length - 2]!.end)
    await expect(open(cut, PASS, root())).rejects.toMatchObject({ code: 'backup_corrupt' })

    // The header is bound to every frame: editing it (say, the app version) fails the first one.
    const edited = Buffer.from(file)
    const at = edited.indexOf(Buffer.from('"test"'))
    edited.write('"tesT"', at)
    await expect(open(edited, PASS, root())).rejects.toMatchObject({ code: 'backup_passphrase_wrong' })
  })

  it('refuses paths that leave the data folder, and short passphrases', async () => {
    const root = mkdtempSync(join(tmpdir(), 'sb-arch-'))
    for (const bad of ['../outside', '/etc/passwd', 'media/../../x', '']) expect(() => safeJoin(root, bad)).toThrow(/outside the data folder/)
    expect(safeJoin(root, 'media/a/b.jpg')).toBe(join(root, 'media', 'a', 'b.jpg'))
    await expect(seal('short', files)).rejects.toMatchObject({ code: 'backup_passphrase_weak' })
  })

  it('a backup of a folder restores into a new one, and never over data', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sb-src-'))
    const db = new Database(join(dataDir, 'switchboard.db'))
    db.exec(`CREATE TABLE schema_migrations (id INTEGER PRIMARY KEY);
      INSERT INTO schema_migrations VALUES (1);
      CREATE TABLE instances (id TEXT, session_name TEXT, status TEXT, me_id TEXT, created_at INTEGER);
      INSERT INTO instances VALUES ('I1', 'Shop', 'WORKING', '15550000001:3@s.whatsapp.net', 1);
      CREATE TABLE store_messages (id TEXT); INSERT INTO store_messages VALUES ('m1'), ('m2');`)
    db.close()
    mkdirSync(join(dataDir, 'media', 'I1'), { recursive: true })
    writeFileSync(join(dataDir, 'media', 'I1', 'a.jpg'), 'photo')
    writeFileSync(join(dataDir, 'secrets.json'), '{"defaultAccessToken":"t"}')
    mkdirSync(join(dataDir, 'logs'))
    writeFileSync(join(dataDir, 'logs', 'switchboard.log'), 'not kept')
    const out = join(mkdtempSync(join(tmpdir(), 'sb-out-')), 'b.sbbackup')
    const key = Buffer.alloc(32, 9)
    const manifest = await createBackup({ dataDir, outFile: out, passphrase: PASS, dataKey: key, appVersion: 't' })
    expect(manifest).toMatchObject({ schema: 1, messages: 2, instances: [{ id: 'I1', name: 'Shop', phone: '15550000001' }] })

    const target = join(mkdtempSync(join(tmpdir(), 'sb-dst-')), 'restored')
    await expect(restoreBackup({ inFile: out, dataDir: target, passphrase: PASS, knownSchema: 0 })).rejects.toMatchObject({ code: 'backup_too_new' })
    await restoreBackup({ inFile: out, dataDir: target, passphrase: PASS, knownSchema: 1 })
    expect(readdirSync(target).sort()).toEqual(['keys', 'media', 'secrets.json', 'switchboard.db'])
    expect(readFileSync(join(target, 'media', 'I1', 'a.jpg'), 'utf8')).toBe('photo')
    expect(Buffer.from(readFileSync(join(target, 'keys', 'data.key'), 'utf8').trim(), 'base64').equals(key)).toBe(true)
    const restored = new Database(join(target, 'switchboard.db'), { readonly: true })
    expect((restored.prepare('SELECT count(*) AS n FROM store_messages').get() as { n: number }).n).toBe(2)
    restored.close()
    await expect(restoreBackup({ inFile: out, dataDir: target, passphrase: PASS, knownSchema: 1 })).rejects.toMatchObject({ code: 'restore_target_not_empty' })
  })

  it('an encrypted store is backed up encrypted (from the running connection or from the file) and restores encrypted', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sb-src-'))
    const key = Buffer.alloc(32, 7)
    const db = openDatabase(join(dataDir, 'switchboard.db'), { dataKey: key })
    db.exec(`CREATE TABLE schema_migrations (id INTEGER PRIMARY KEY);
      INSERT INTO schema_migrations VALUES (1);
      CREATE TABLE instances (id TEXT, session_name TEXT, status TEXT, me_id TEXT, created_at INTEGER);
      INSERT INTO instances VALUES ('I1', 'Shop', 'WORKING', NULL, 1);
      CREATE TABLE store_messages (id TEXT, body TEXT); INSERT INTO store_messages VALUES ('m1', 'secret words');`)
    const out = join(mkdtempSync(join(tmpdir(), 'sb-out-')), 'b.sbbackup')
    for (const source of [{ db }, {}]) {
      if (!('db' in source)) db.close()
      const manifest = await createBackup({ dataDir, outFile: out, passphrase: PASS, dataKey: key, appVersion: 't', ...source })
      expect(manifest).toMatchObject({ schema: 1, messages: 1 })
      const target = join(mkdtempSync(join(tmpdir(), 'sb-dst-')), 'restored')
      await restoreBackup({ inFile: out, dataDir: target, passphrase: PASS, knownSchema: 1 })
      const file = join(target, 'switchboard.db')
      expect(storeFileState(file)).toBe('encrypted')
      expect(readFileSync(file).includes(Buffer.from('secret words'))).toBe(false)
      const restoredKey = Buffer.from(readFileSync(join(target, 'keys', 'data.key'), 'utf8').trim(), 'base64')
      const restored = openDatabase(file, { dataKey: restoredKey, readonly: true })
      expect(restored.prepare('SELECT body FROM store_messages').get()).toEqual({ body: 'secret words' })
      restored.close()
    }
  })
})
