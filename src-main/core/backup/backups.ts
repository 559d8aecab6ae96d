// Backups taken from inside the running app (Settings > Backup): the same file as `npm run serve -- backup`, written
// to <data-dir>/backups/ with the running connection and the data key the core already holds (the desktop app's key
// is never readable from outside it, so this is its only way to back up).
import { join } from 'node:path'
import type { Db } from '../db/connection.js'
import { createBackup, type BackupManifest } from './backup-service.js'

export interface BackupsDeps {
  db: Db
  dataDir: string
  dataKey: Buffer
  appVersion: string
  now: () => number
}

export interface TakenBackup {
  file: string
  manifest: BackupManifest
}

const stamp = (d: Date) => d.toISOString().slice(0, 19).replaceAll(':', '-').replace('T', '_')

export class Backups {
  private running: Promise<TakenBackup> | undefined

  constructor(private readonly deps: BackupsDeps) {}

  get folder(): string {
    return join(this.deps.dataDir, 'backups')
  }

  /** One at a time: a second press while one is written answers the same backup. */
  create(passphrase: string): Promise<TakenBackup> {
    this.running ??= this.take(passphrase).finally(() => (this.running = undefined))
    return this.running
  }

  private async take(passphrase: string): Promise<TakenBackup> {
    const now = new Date(this.deps.now())
    const file = join(this.folder, `switchboard-${stamp(now)}.sbbackup`)
    const manifest = await createBackup({ dataDir: this.deps.dataDir, outFile: file, passphrase, dataKey: this.deps.dataKey, appVersion: this.deps.appVersion, now, db: this.deps.db })
    return { file, manifest }
  }
}
