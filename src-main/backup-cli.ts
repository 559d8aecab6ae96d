// `npm run serve -- backup --out FILE` and `npm run serve -- restore --in FILE --data-dir NEW`: the whole data dir
// (databases, data key, owner token, media) in one passphrase-encrypted file, taken while the app runs; restored
// into a new folder on another PC, where the instances resume without a new scan.
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { parseArgs } from 'node:util'
import { resolveDataDir } from './core-flags.js'

export const BACKUP_USAGE = `usage: npm run serve -- backup --out FILE [--data-dir D] [--passphrase-file F]
       npm run serve -- restore --in FILE --data-dir NEW_DIR [--passphrase-file F]
  The passphrase comes from --passphrase-file, else SWITCHBOARD_BACKUP_PASSPHRASE, else it is asked for (8+ characters).
  Never run the same instances on two PCs at once: the network sees a conflict and logs one of them out.`

export interface BackupCliIo {
  out(line: string): void
  err(line: string): void
  /** Asks for the passphrase on a terminal; undefined when there is none to ask. */
  ask?(prompt: string): Promise<string | undefined>
}

export const askOnTty = async (prompt: string): Promise<string | undefined> => {
  if (!process.stdin.isTTY) return undefined
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true })
  // Typed characters are not echoed: the passphrase guards a copy of every conversation.
  ;(rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) => {
    if (s.includes(prompt)) process.stderr.write(s)
  }
  try {
    return await new Promise<string>((done) => rl.question(prompt, done))
  } finally {
    rl.close()
    process.stderr.write('\n')
  }
}

const stdio: BackupCliIo = { out: (l) => console.log(l), err: (l) => console.error(l), ask: askOnTty }

async function passphraseOf(file: string | undefined, env: NodeJS.ProcessEnv, io: BackupCliIo): Promise<string | undefined> {
  if (file) return readFileSync(file, 'utf8').replace(/\r?\n$/, '')
  if (env.SWITCHBOARD_BACKUP_PASSPHRASE) return env.SWITCHBOARD_BACKUP_PASSPHRASE
  return io.ask?.('Backup passphrase: ')
}

/** Runs `backup` or `restore`; the exit code (0 done, 1 refused or failed, 2 usage). */
export async function runBackupCommand(command: 'backup' | 'restore', argv: string[], env: NodeJS.ProcessEnv = process.env, io: BackupCliIo = stdio): Promise<number> {
  let values: { out?: string | undefined; in?: string | undefined; 'data-dir'?: string | undefined; 'passphrase-file'?: string | undefined; help?: boolean | undefined }
  try {
    values = parseArgs({
      args: argv,
      options: { out: { type: 'string' }, in: { type: 'string' }, 'data-dir': { type: 'string' }, 'passphrase-file': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true
    }).values
    if (values.help) return io.out(BACKUP_USAGE), 0
    if (command === 'backup' && !values.out) throw new Error('--out FILE is required')
    if (command === 'restore' && (!values.in || !values['data-dir'])) throw new Error('--in FILE and --data-dir NEW_DIR are required')
  } catch (e) {
    io.err(`switchboard ${command}: ${(e as Error).message}`)
    io.err(BACKUP_USAGE)
    return 2
  }
  const passphrase = await passphraseOf(values['passphrase-file'], env, io)
  if (!passphrase) {
    io.err(`switchboard ${command}: no passphrase: use --passphrase-file, SWITCHBOARD_BACKUP_PASSPHRASE or run it in a terminal`)
    return 2
  }
  // Imported late: a usage error does not pay for loading the core.
  const { createBackup, restoreBackup } = await import('./core/backup/backup-service.js')
  try {
    if (command === 'backup') {
      const dataDir = resolveDataDir(values['data-dir'], env)
      if (!existsSync(join(dataDir, 'switchboard.db'))) {
        io.err(`switchboard backup: ${dataDir} holds no Switchboard data (no switchboard.db)`)
        return 1
      }
      const { resolveDataKey, secretToolKeyring } = await import('./core/secrets/data-key.js')
      const { key } = resolveDataKey(dataDir, { keyring: secretToolKeyring(env), passphrase: env.SWITCHBOARD_PASSPHRASE })
      const outFile = resolve(values.out!)
      const manifest = await createBackup({ dataDir, outFile, passphrase, dataKey: key, appVersion: env.npm_package_version ?? '0.0.0' })
      io.out(`Backup written to ${outFile}: ${manifest.instances.length} instance(s), ${manifest.messages} message(s), ${manifest.files} file(s).`)
      return 0
    }
    const { appMigrations } = await import('./core/db/migrations/index.js')
    const dataDir = resolve(values['data-dir']!)
    const manifest = await restoreBackup({ inFile: resolve(values.in!), dataDir, passphrase, knownSchema: Math.max(...appMigrations.map((m) => m.id)) })
    io.out(`Restored into ${dataDir}: ${manifest.instances.length} instance(s), ${manifest.messages} message(s), backed up ${manifest.createdAt}.`)
    io.out(`Start it with: npm run serve -- --data-dir ${JSON.stringify(dataDir)}`)
    io.out('Do not run the same instances on the old PC any more: the network would see two devices with one identity and log one out.')
    return 0
  } catch (e) {
    const code = (e as { code?: unknown }).code
    io.err(`switchboard ${command}: ${(e as Error).message}${typeof code === 'string' ? ` (${code})` : ''}`)
    return 1
  }
}
