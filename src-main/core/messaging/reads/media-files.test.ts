// Media files: names that can never leave the folder, failed downloads leave nothing behind (no file, no
// media_path), partial files of an interrupted download are swept at boot, instance folders go on delete.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pino from 'pino'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../db/connection.js'
import { baileysMediaTransport } from '../../engine/baileys/baileys-adapter.js'
import { migrate } from '../../db/migrate.js'
import { appMigrations } from '../../db/migrations/index.js'
import { insertInstance } from '../../db/repositories/instances-repo.js'
import { findMessage, upsertMessage } from '../store/index.js'
import { extensionOf, MediaFiles, mimetypeOfFile } from './media-files.js'

const INSTANCE = 'ABCDEFGH1234'
let db: Db | undefined
afterEach(() => db?.close())

function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'sb-media-'))
  db = openDatabase(join(dir, 'app.db'))
  migrate(db, appMigrations)
  db.prepare("INSERT INTO accounts (id, name, plan, token_hash, created_at, updated_at) VALUES ('acc', 'a', 'free', 'h', 0, 0)").run()
  insertInstance(db, { id: INSTANCE, accountId: 'acc', sessionName: 's', status: 'STOPPED', desiredRunning: false, ratePolicy: 'strict', now: 0 })
  const media = new MediaFiles({ db, dir: join(dir, 'media'), transport: () => baileysMediaTransport(() => undefined), baseUrl: () => 'http://127.0.0.1:3000', logger: pino({ level: 'silent' }), downloadTimeoutMs: 5_000 })
  return { db, dir: join(dir, 'media'), media }
}

/** An incoming image whose media lives at an address that refuses connections (downloads fail at once). */
const image = (chat: string, id: string) => ({
  chatId: chat,
  sender: chat,
  now: 0,
  message: {
    key: { remoteJid: chat, fromMe: false, id },
    messageTimestamp: 1,
    message: { imageMessage: { url: 'https://127.0.0.1:9/m/x', directPath: '/m/x', mediaKey: Buffer.alloc(32, 1), mimetype: 'image/jpeg' } }
  }
})

describe('media files', () => {
  it('a failed download leaves no file and no media_path, and says why', async () => {
    const { db, dir, media } = setup()
    const chat = '15550000001@s.whatsapp.net'
    upsertMessage(db, INSTANCE, image(chat, '3EB0MEDIA1'))
    const m = findMessage(db, INSTANCE, chat, '3EB0MEDIA1')!
    expect(media.urlOf(m)).toBeNull()
    await expect(media.ensureDownloaded(INSTANCE, m, undefined)).rejects.toMatchObject({ code: 'media_download_failed' })
    expect(readdirSync(join(dir, INSTANCE))).toEqual([])
    expect(findMessage(db, INSTANCE, chat, '3EB0MEDIA1')!.media?.path).toBeNull()
  })

  it('a handed-out URL reserves its name (stable when a second message gets the same id); servePath downloads on demand', async () => {
    const { db, media } = setup()
    const a = '15550000001@s.whatsapp.net'
    const b = '15550000002@s.whatsapp.net'
    upsertMessage(db, INSTANCE, image(a, '3EB0SHARED'))
    const first = media.publicUrl(INSTANCE, { remoteJid: a, id: '3EB0SHARED' })
    expect(first).toBe(`http://127.0.0.1:3000/api/files/${INSTANCE}/3EB0SHARED.jpeg`)
    expect(findMessage(db, INSTANCE, a, '3EB0SHARED')!.media?.path).toBe(`${INSTANCE}/3EB0SHARED.jpeg`)
    const pkB = upsertMessage(db, INSTANCE, image(b, '3EB0SHARED')).pk
    expect(media.publicUrl(INSTANCE, { remoteJid: b, id: '3EB0SHARED' })).toBe(`http://127.0.0.1:3000/api/files/${INSTANCE}/3EB0SHARED-${pkB}.jpeg`)
    expect(media.publicUrl(INSTANCE, { remoteJid: a, id: '3EB0SHARED' })).toBe(first)
    expect(media.publicUrl(INSTANCE, { remoteJid: a, id: 'NOSUCHMESSAGE' })).toBeNull()
    // Not on disk yet: a name no message has is 404-worthy; a reserved one is downloaded (here the media is gone).
    expect(await media.servePath(INSTANCE, 'NOSUCH.jpeg', undefined)).toBeUndefined()
    expect(await media.servePath(INSTANCE, '../x.jpeg', undefined)).toBeUndefined()
    await expect(media.servePath(INSTANCE, `3EB0SHARED-${pkB}.jpeg`, undefined)).rejects.toMatchObject({ code: 'media_download_failed' })
    await expect(media.servePath(INSTANCE, '3EB0SHARED.jpeg', undefined)).rejects.toMatchObject({ code: 'media_download_failed' })
  })

  it('sweeps partial files of interrupted downloads and keeps complete ones', () => {
    const { dir, media } = setup()
    mkdirSync(join(dir, INSTANCE), { recursive: true })
    writeFileSync(join(dir, INSTANCE, '3EB0DONE.jpeg'), 'done')
    writeFileSync(join(dir, INSTANCE, '3EB0HALF.jpeg.a1b2c3.part'), 'half')
    media.sweepPartials()
    expect(readdirSync(join(dir, INSTANCE))).toEqual(['3EB0DONE.jpeg'])
    expect(media.filePath(INSTANCE, '3EB0DONE.jpeg')).toBe(join(dir, INSTANCE, '3EB0DONE.jpeg'))
    media.deleteInstance(INSTANCE)
    expect(existsSync(join(dir, INSTANCE))).toBe(false)
  })

  it('serves only names it writes, inside the instance folder', () => {
    const { dir, media } = setup()
    mkdirSync(join(dir, INSTANCE), { recursive: true })
    writeFileSync(join(dir, INSTANCE, 'ok.pdf'), 'x')
    for (const bad of ['../app.db', '..', 'a/b.pdf', 'ok.pdf/..', '.hidden', 'x.jpeg.abc123.part', 'missing.pdf']) expect(media.filePath(INSTANCE, bad)).toBeUndefined()
    expect(media.filePath('../../etc', 'ok.pdf')).toBeUndefined()
    expect(media.filePath(INSTANCE, 'ok.pdf')).toBeDefined()
  })

  it('picks extensions from the mimetype, else the file name', () => {
    expect(extensionOf('audio/ogg; codecs=opus', null)).toBe('oga')
    expect(extensionOf('image/jpeg', 'x.png')).toBe('jpeg')
    expect(extensionOf('application/vnd.custom', 'report.XLSX')).toBe('xlsx')
    expect(extensionOf(null, null)).toBe('bin')
    expect(mimetypeOfFile('a.oga')).toBe('audio/ogg')
    expect(mimetypeOfFile('a.xlsx')).toBe('application/octet-stream')
  })
})
