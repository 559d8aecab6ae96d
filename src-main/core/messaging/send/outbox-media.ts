// The files of queued sends (<data-dir>/outbox-media/, 0700/0600): the bytes a media send loaded before it was
// accepted (a URL fetched, an upload read), kept while the send waits so that after a crash it goes out with the
// same bytes, never depending on a URL fetched again or an upload file deleted with its request.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../../secrets/private-files.js'

/** The files a command can carry (durable-commands.ts). */
export const FILE_SLOTS = ['file', 'thumbnail'] as const
export type FileSlot = (typeof FILE_SLOTS)[number]

const safe = (s: string) => s.replace(/[^A-Za-z0-9_-]/g, '_')

export class OutboxMedia {
  constructor(readonly dir: string) {}

  /** The file name of one file of one message (`slot`: file, thumbnail). */
  nameOf(instanceId: string, messageId: string, slot: FileSlot): string {
    return `${safe(instanceId)}--${safe(messageId)}--${safe(slot)}`
  }

  write(name: string, bytes: Buffer): void {
    ensurePrivateDir(this.dir)
    writeFileSync(join(this.dir, name), bytes, { mode: PRIVATE_FILE_MODE })
  }

  has(name: string): boolean {
    return existsSync(join(this.dir, name))
  }

  /** The bytes, or undefined when the file is gone. */
  read(name: string): Buffer | undefined {
    try {
      return readFileSync(join(this.dir, name))
    } catch {
      return undefined
    }
  }

  /** Drops the files of one message (it left the queue). */
  removeMessage(instanceId: string, messageId: string): void {
    for (const slot of FILE_SLOTS) rmSync(join(this.dir, this.nameOf(instanceId, messageId, slot)), { force: true })
  }

  /** Every file of the instance, but those named in `keep` (a restart keeps the purged sends' files for a resend). */
  removeInstance(instanceId: string, keep?: ReadonlySet<string>): void {
    this.removeWhere((n) => n.startsWith(`${safe(instanceId)}--`) && !keep?.has(n))
  }

  /** Boot: files no queued row names any more (sent, failed, purged, or written by a send that never got its 202). */
  sweep(keep: ReadonlySet<string>): void {
    this.removeWhere((n) => !keep.has(n))
  }

  private removeWhere(pred: (name: string) => boolean): void {
    let names: string[]
    try {
      names = readdirSync(this.dir)
    } catch {
      return
    }
    for (const n of names) if (pred(n)) rmSync(join(this.dir, n), { force: true })
  }
}
