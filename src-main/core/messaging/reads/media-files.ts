// Downloaded media of stored messages: fetched and decrypted through the instance's media transport (the
// transport its connection was opened with: its proxy, and in sandbox mode the sandbox media CA), written crash-safely under <dataDir>/media/<instance>/,
// recorded in store_messages.media_path (relative to the media folder) and served at a stable URL
// /api/files/<instance_id>/<file> behind the API's credentials. A URL handed out before the download (webhook
// payloads) reserves its name in media_path; the files route downloads such a file on its first request.
import { randomBytes } from 'node:crypto'
import { createWriteStream, existsSync, openSync, fsyncSync, closeSync, renameSync, rmSync, unlinkSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { engineErrorStatus } from '../../engine/engine-errors.js'
import type { MediaTransport, SessionPort } from '../../engine/session-port.js'
import type { WAMessage, WAMessageKey } from '../../engine/wa-wire.js'
import type { Logger } from 'pino'
import type { Db } from '../../db/connection.js'
import { columnStmt, stmt } from '../../db/statements.js'
import { PRIVATE_FILE_MODE, ensurePrivateDir } from '../../secrets/private-files.js'
import { canonicalJid, findMessage, getMessageByPk, messagesWithId, setMediaPath, type StoredMessage } from '../store/index.js'
import { encodeRaw } from '../store/raw-json.js'
import { readsErrors } from './errors.js'

export interface MediaFilesOptions {
  db: Db
  /** Folder of downloaded media (`<dataDir>/media`). */
  dir: string
  /** The instance's media transport (engine/session-ports.ts media()). */
  transport: (instanceId: string) => MediaTransport
  /** Base URL of this API, e.g. http://127.0.0.1:3000 (asked each time: the port is known after listen). */
  baseUrl: () => string
  logger: Logger
  downloadTimeoutMs?: number
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'video/mp4': 'mp4',
  'video/3gpp': '3gp',
  'audio/ogg': 'oga',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'application/pdf': 'pdf',
  'text/plain': 'txt',
  'application/zip': 'zip'
}
const MIME_OF_EXT = Object.fromEntries(Object.entries(EXTENSIONS).map(([m, e]) => [e, m]))

/** File names this module writes: safe characters only, so a name from a URL can never leave the folder. */
const FILE_NAME = /^[A-Za-z0-9_-]{1,128}\.[a-z0-9]{1,8}$/

export function extensionOf(mimetype: string | null, filename: string | null): string {
  const base = (mimetype ?? '').split(';')[0]!.trim().toLowerCase()
  if (EXTENSIONS[base]) return EXTENSIONS[base]!
  const fromName = /\.([A-Za-z0-9]{1,8})$/.exec(filename ?? '')?.[1]?.toLowerCase()
  return fromName ?? 'bin'
}

export const mimetypeOfFile = (name: string): string => MIME_OF_EXT[name.split('.').pop() ?? ''] ?? 'application/octet-stream'

/** An instance's media folder under `mediaDir` removed (also without a running MediaFiles: the accounts CLI). */
export function deleteInstanceMedia(mediaDir: string, instanceId: string): void {
  if (!/^[A-Z0-9]{12}$/.test(instanceId)) return
  rmSync(join(mediaDir, instanceId), { recursive: true, force: true })
}

export class MediaFiles {
  private readonly inFlight = new Map<number, Promise<string>>()

  constructor(private readonly o: MediaFilesOptions) {}

  /** The served URL of a message's downloaded media, or null when it has not been downloaded (or the file is gone). */
  urlOf(m: StoredMessage): string | null {
    const rel = m.media?.path
    if (!rel || !existsSync(join(this.o.dir, rel))) return null
    return `${this.o.baseUrl()}/api/files/${rel}`
  }

  /**
   * The stable URL of a stored message's media whether or not it is downloaded yet (the mapper's `mediaUrl` for
   * webhook payloads, called in the transaction that stores the message): the file name is reserved now, so the
   * URL never changes, and the files route downloads the file on its first request (servePath).
   */
  publicUrl(instanceId: string, key: WAMessageKey): string | null {
    const m = this.byKey(instanceId, key)
    if (!m?.hasMedia) return null
    return `${this.o.baseUrl()}/api/files/${this.reserve(instanceId, m)}`
  }

  /**
   * Absolute path of a served file, downloading it first (`port` for re-upload requests of
   * expired media) when the name belongs to a stored message whose media is not on disk yet. undefined when no
   * file or message goes by this name.
   */
  async servePath(instanceId: string, name: string, port: SessionPort | undefined): Promise<string | undefined> {
    const existing = this.filePath(instanceId, name)
    if (existing) return existing
    if (!/^[A-Z0-9]{12}$/.test(instanceId) || !FILE_NAME.test(name)) return undefined
    const m = this.messageNamed(instanceId, name)
    if (!m) return undefined
    await this.ensureDownloaded(instanceId, m, port)
    return this.filePath(instanceId, name)
  }

  /** Downloads the media of a stored message once (concurrent callers share the download); returns the URL. */
  async ensureDownloaded(instanceId: string, m: StoredMessage, port: SessionPort | undefined): Promise<string> {
    const existing = this.urlOf(m)
    if (existing) return existing
    if (!m.hasMedia) throw readsErrors.mediaNotFound()
    let job = this.inFlight.get(m.pk)
    if (!job) {
      job = this.download(instanceId, m, port).finally(() => this.inFlight.delete(m.pk))
      this.inFlight.set(m.pk, job)
    }
    const rel = await job
    return `${this.o.baseUrl()}/api/files/${rel}`
  }

  /** Absolute path of a served file, or undefined for a name this module never writes or a missing file. */
  filePath(instanceId: string, name: string): string | undefined {
    if (!/^[A-Z0-9]{12}$/.test(instanceId) || !FILE_NAME.test(name)) return undefined
    const path = join(this.o.dir, instanceId, name)
    return existsSync(path) ? path : undefined
  }

  /** Files of messages deleted for this account (delete for me, chat clear/delete): they stop being served. */
  removeFiles(relativePaths: readonly (string | null | undefined)[]): void {
    for (const rel of relativePaths) {
      const [instanceId, name, ...rest] = (rel ?? '').split('/')
      if (!instanceId || !name || rest.length) continue
      const path = this.filePath(instanceId, name)
      if (path) rmSync(path, { force: true })
    }
  }

  /** Media paths of a chat's stored messages (read before a clear/delete removes the rows). */
  chatFiles(instanceId: string, chatId: string): string[] {
    return columnStmt<string>(this.o.db, 'SELECT media_path FROM store_messages WHERE instance_id = ? AND chat_id = ? AND media_path IS NOT NULL')
      .all(instanceId, chatId)
  }

  /** Instance deleted: its media folder goes. */
  deleteInstance(instanceId: string): void {
    deleteInstanceMedia(this.o.dir, instanceId)
  }

  /** Boot: temp files of downloads interrupted by a crash are removed. */
  sweepPartials(): void {
    if (!existsSync(this.o.dir)) return
    for (const inst of readdirSync(this.o.dir)) {
      const folder = join(this.o.dir, inst)
      try {
        for (const f of readdirSync(folder)) if (f.endsWith('.part')) unlinkSync(join(folder, f))
      } catch {
        // not a folder: ignore
      }
    }
  }

  private byKey(instanceId: string, key: WAMessageKey): StoredMessage | undefined {
    if (!key.id) return undefined
    return findMessage(this.o.db, instanceId, canonicalJid(this.o.db, instanceId, key.remoteJid, key.remoteJidAlt) || null, key.id)
  }

  /** The message's file name relative to the media folder: the one already recorded, else a new one recorded now. */
  private reserve(instanceId: string, m: StoredMessage): string {
    const recorded = this.recordedName(instanceId, m)
    if (recorded) return `${instanceId}/${recorded}`
    const rel = `${instanceId}/${this.fileNameOf(instanceId, m)}`
    setMediaPath(this.o.db, m.pk, rel)
    return rel
  }

  private recordedName(instanceId: string, m: StoredMessage): string | undefined {
    const [inst, name, ...rest] = (m.media?.path ?? '').split('/')
    return inst === instanceId && name && !rest.length ? name : undefined
  }

  /** The stored message a served name stands for: <id>.<ext> or <id>-<pk>.<ext>, as recorded or as it would be named. */
  private messageNamed(instanceId: string, name: string): StoredMessage | undefined {
    const base = name.slice(0, name.lastIndexOf('.'))
    const pk = /-(\d+)$/.exec(base)?.[1]
    const byPk = pk ? getMessageByPk(this.o.db, Number(pk)) : undefined
    const candidates = [...messagesWithId(this.o.db, instanceId, base), ...(byPk?.instanceId === instanceId ? [byPk] : [])]
    return candidates.find((m) => m.hasMedia && this.fileNameOf(instanceId, m) === name)
  }

  private fileNameOf(instanceId: string, m: StoredMessage): string {
    const recorded = this.recordedName(instanceId, m)
    if (recorded) return recorded
    const ext = extensionOf(m.media?.mimetype ?? null, m.media?.filename ?? null)
    const safeId = m.id.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 100) || `m${m.pk}`
    // Message ids are unique per chat only: a second message with the same id gets its row number too.
    const sameId = columnStmt<number>(this.o.db, 'SELECT COUNT(*) FROM store_messages WHERE instance_id = ? AND id = ?').get(instanceId, m.id) ?? 0
    return sameId > 1 ? `${safeId}-${m.pk}.${ext}` : `${safeId}.${ext}`
  }

  private async download(instanceId: string, m: StoredMessage, port: SessionPort | undefined): Promise<string> {
    const folder = join(this.o.dir, instanceId)
    ensurePrivateDir(folder)
    const name = this.fileNameOf(instanceId, m)
    const target = join(folder, name)
    const partial = join(folder, `${name}.${randomBytes(6).toString('hex')}.part`)
    const fetchStream = (msg: WAMessage) => this.o.transport(instanceId).download(msg, this.o.downloadTimeoutMs ?? 120_000)
    try {
      let stream
      try {
        stream = await fetchStream(m.message)
      } catch (e) {
        // Old media: the media host answers 403/404/410. The phone is asked to upload it again (Baileys'
        // media re-upload, only while WORKING) and the new path is kept for later downloads.
        if (!EXPIRED_STATUSES.has(engineErrorStatus(e))) throw e
        if (!port) throw new Error('the media expired on the server and the session is not WORKING to ask the phone for it again', { cause: e })
        this.o.logger.info({ instanceId, id: m.id, status: engineErrorStatus(e) }, 'media expired on the server: asking the phone to upload it again')
        const renewed = await port.reuploadMedia(m.message)
        stmt(this.o.db, 'UPDATE store_messages SET raw = ?, updated_at = ? WHERE pk = ?').run(encodeRaw(renewed), Date.now(), m.pk)
        stream = await fetchStream(renewed)
      }
      await pipeline(stream, createWriteStream(partial, { mode: PRIVATE_FILE_MODE }))
      // Durable before visible: data flushed, then renamed into place, then the folder entry flushed.
      const fd = openSync(partial, 'r+')
      try {
        fsyncSync(fd)
      } finally {
        closeSync(fd)
      }
      renameSync(partial, target)
      syncFolder(folder)
    } catch (e) {
      rmSync(partial, { force: true })
      this.o.logger.warn({ err: e, instanceId, id: m.id }, 'media download failed')
      throw readsErrors.mediaDownloadFailed(e instanceof Error ? e.message : String(e))
    }
    const rel = `${instanceId}/${name}`
    setMediaPath(this.o.db, m.pk, rel)
    return rel
  }
}

/** What the media host answers for media it no longer keeps. */
const EXPIRED_STATUSES = new Set<number | undefined>([403, 404, 410])

function syncFolder(folder: string): void {
  try {
    const fd = openSync(folder, 'r')
    try {
      fsyncSync(fd)
    } finally {
      closeSync(fd)
    }
  } catch {
    // Some platforms (Windows) cannot fsync a directory; the rename is still atomic there.
  }
}
