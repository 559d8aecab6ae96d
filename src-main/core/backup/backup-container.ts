// The archive inside a backup: a sequence of files, each [1][2-byte path length][path][8-byte size][bytes], then [0].
// Paths are relative to the data dir with forward slashes; the reader refuses any path that would leave it.
import { once } from 'node:events'
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs'
import { dirname, isAbsolute, join, normalize, sep } from 'node:path'
import type { Readable, Writable } from 'node:stream'
import { BackupError } from './backup-crypto.js'

export interface ArchiveFile {
  /** Relative to the data dir, '/'-separated. */
  path: string
  /** The file on disk to copy in, or bytes made for the backup (the database snapshot's manifest). */
  source: { file: string; size: number } | { bytes: Buffer }
}

async function write(out: Writable, chunk: Buffer): Promise<void> {
  if (!out.write(chunk)) await once(out, 'drain')
}

export async function writeArchive(out: Writable, files: AsyncIterable<ArchiveFile> | Iterable<ArchiveFile>): Promise<number> {
  let count = 0
  for await (const f of files) {
    const path = Buffer.from(f.path, 'utf8')
    const size = 'bytes' in f.source ? f.source.bytes.length : f.source.size
    const head = Buffer.alloc(1 + 2 + path.length + 8)
    head.writeUInt8(1, 0)
    head.writeUInt16BE(path.length, 1)
    path.copy(head, 3)
    head.writeBigUInt64BE(BigInt(size), 3 + path.length)
    await write(out, head)
    if ('bytes' in f.source) {
      await write(out, f.source.bytes)
    } else {
      let copied = 0
      for await (const chunk of createReadStream(f.source.file) as AsyncIterable<Buffer>) {
        // A file that grew while it was read (a log line, say) is cut at the size announced in its header.
        const part = copied + chunk.length > size ? chunk.subarray(0, size - copied) : chunk
        copied += part.length
        await write(out, part)
        if (copied === size) break
      }
      if (copied < size) throw new BackupError('backup_source_changed', `${f.path} shrank while it was backed up; try again.`)
    }
    count++
  }
  await write(out, Buffer.from([0]))
  out.end()
  await once(out, 'finish')
  return count
}

/** Reads a stream by exact byte counts. */
class ByteReader {
  private buffered: Buffer = Buffer.alloc(0)
  private readonly chunks: AsyncIterator<Buffer>

  constructor(input: Readable) {
    this.chunks = (input as AsyncIterable<Buffer>)[Symbol.asyncIterator]()
  }

  private async fill(n: number): Promise<void> {
    while (this.buffered.length < n) {
      const next = await this.chunks.next()
      if (next.done) throw new BackupError('backup_corrupt', 'The backup file is damaged: the archive ends in the middle of a file.')
      this.buffered = this.buffered.length ? Buffer.concat([this.buffered, next.value]) : next.value
    }
  }

  /** The stream must end here (this also surfaces a verification error raised at its end). */
  async end(): Promise<void> {
    const next = await this.chunks.next()
    if (this.buffered.length || !next.done) throw new BackupError('backup_corrupt', 'The backup file is damaged: data follows the end of the archive.')
  }

  async take(n: number): Promise<Buffer> {
    await this.fill(n)
    const out = this.buffered.subarray(0, n)
    this.buffered = this.buffered.subarray(n)
    return out
  }

  /** Hands the next n bytes to `sink` as they arrive, without holding them all. */
  async pipe(n: number, sink: (chunk: Buffer) => Promise<void>): Promise<void> {
    let left = n
    while (left > 0) {
      if (!this.buffered.length) await this.fill(1)
      const part = this.buffered.subarray(0, Math.min(left, this.buffered.length))
      this.buffered = this.buffered.subarray(part.length)
      left -= part.length
      await sink(part)
    }
  }
}

/** A path from the archive, checked to stay inside `root` (no absolute paths, no '..'). */
export function safeJoin(root: string, path: string): string {
  const local = normalize(path.split('/').join(sep))
  if (!path || isAbsolute(path) || local.startsWith('..') || local.split(sep).includes('..')) {
    throw new BackupError('backup_corrupt', `The backup file is damaged: it names a path outside the data folder (${path}).`)
  }
  return join(root, local)
}

/** Writes every file of the archive under `root` (0600 files, 0700 folders); returns the paths written. */
export async function readArchive(input: Readable, root: string): Promise<string[]> {
  const reader = new ByteReader(input)
  const written: string[] = []
  for (;;) {
    const [kind] = await reader.take(1)
    if (kind === 0) {
      await reader.end()
      return written
    }
    if (kind !== 1) throw new BackupError('backup_corrupt', 'The backup file is damaged: unknown archive entry.')
    const pathLength = (await reader.take(2)).readUInt16BE(0)
    const path = (await reader.take(pathLength)).toString('utf8')
    const size = Number((await reader.take(8)).readBigUInt64BE(0))
    const target = safeJoin(root, path)
    mkdirSync(dirname(target), { recursive: true, mode: 0o700 })
    const out = createWriteStream(target, { mode: 0o600, flags: 'wx' })
    await reader.pipe(size, (chunk) => write(out, chunk))
    out.end()
    await once(out, 'finish')
    written.push(path)
  }
}
