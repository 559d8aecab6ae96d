// `npm run serve -- accounts keys list|create|revoke` (issue 23 item 6): an account's scoped API keys on a data dir,
// without starting the server, through the same ApiKeyService as /v2/keys and Settings. The key is printed once.
import { parseArgs } from 'node:util'
import type { CliIo } from './cli-io.js'
import { resolveDataDir } from './core-flags.js'
import type { ApiKey } from './core/db/repositories/api-keys-repo.js'

export const KEYS_USAGE = `usage: npm run serve -- accounts keys <command> [--account ID] [--data-dir D] [--json]
  list                                                    id, name, scope, created, last used, key's last 4 characters
  create --name NAME [--read-only] [--instance ID]...     a new key; prints it once (no --instance: every instance)
  revoke <key-id>                                         the key is refused from the next request on
  --account ID: whose keys (default: the owner's, the account the desktop app acts as)`

class UsageError extends Error {}

const COMMANDS = ['list', 'create', 'revoke'] as const
type Command = (typeof COMMANDS)[number]

/** Runs one `accounts keys` command; the exit code (0 done, 1 refused or failed, 2 usage). */
export async function runAccountKeysCommand(argv: string[], env: NodeJS.ProcessEnv, io: CliIo): Promise<number> {
  if (argv.length === 0 || argv.includes('--help') || argv.includes('-h')) {
    ;(argv.length === 0 ? io.err : io.out)(KEYS_USAGE)
    return argv.length === 0 ? 2 : 0
  }
  let parsed
  try {
    parsed = parseKeysArgs(argv)
  } catch (e) {
    io.err(`switchboard accounts keys: ${(e as Error).message}`)
    io.err(KEYS_USAGE)
    return 2
  }
  const { command, id, values } = parsed
  const json = values.json === true
  const { openAccountAdmin } = await import('./core/account-admin.js')
  let admin: ReturnType<typeof openAccountAdmin> | undefined
  try {
    admin = openAccountAdmin({ dataDir: resolveDataDir(values['data-dir'], env), nativeBinding: env.SWITCHBOARD_SQLITE_BINDING })
    const { accounts, apiKeys } = admin
    const all = accounts.list()
    const account = values.account === undefined ? all.find((a) => a.isDefault) : all.find((a) => a.id === values.account)
    if (!account) throw Object.assign(new Error(`No account "${values.account ?? ''}"`), { code: 'not_found', details: { recommendation: 'List the accounts with: npm run serve -- accounts list' } })
    switch (command) {
      case 'list': {
        const keys = apiKeys.list(account.id)
        if (json) io.out(JSON.stringify(keys.map(wire), null, 2))
        else if (!keys.length) io.out(`No API keys in account ${account.id} "${account.name}".`)
        else printTable(keys, io)
        break
      }
      case 'create': {
        const created = apiKeys.create(account.id, { name: values.name ?? '', readOnly: values['read-only'] === true, instanceIds: values.instance?.length ? values.instance : null })
        if (json) io.out(JSON.stringify({ ...wire(created.key), token: created.token }, null, 2))
        else {
          io.out(`Created API key ${created.key.id} "${created.key.name}" in account ${account.id}: ${scopeText(created.key)}`)
          io.out(`Key (shown only now; only its hash is kept): ${created.token}`)
        }
        break
      }
      case 'revoke': {
        const revoked = apiKeys.revoke(account.id, id!)
        if (json) io.out(JSON.stringify({ revoked: wire(revoked) }, null, 2))
        else io.out(`Revoked API key ${revoked.id} "${revoked.name}"; it no longer works.`)
        break
      }
    }
    return 0
  } catch (e) {
    const err = e as Error & { code?: unknown; details?: { recommendation?: unknown } }
    const code = typeof err.code === 'string' ? err.code : 'failed'
    const recommendation = typeof err.details?.recommendation === 'string' ? err.details.recommendation : undefined
    if (json) io.out(JSON.stringify({ error: { code, message: err.message, ...(recommendation ? { recommendation } : {}) } }, null, 2))
    else io.err(`switchboard accounts keys: ${err.message}${recommendation ? `\n  ${recommendation}` : ''}`)
    return 1
  } finally {
    admin?.close()
  }
}

function parseKeysArgs(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: true,
    options: {
      'data-dir': { type: 'string' },
      json: { type: 'boolean' },
      account: { type: 'string' },
      name: { type: 'string' },
      'read-only': { type: 'boolean' },
      instance: { type: 'string', multiple: true }
    }
  })
  const [command, id, ...extra] = positionals
  if (!command || !(COMMANDS as readonly string[]).includes(command)) throw new UsageError(command ? `unknown command "${command}"` : 'a command is needed')
  if (command === 'revoke' && !id) throw new UsageError('revoke needs a key id (see accounts keys list)')
  if ((command !== 'revoke' && id !== undefined) || extra.length) throw new UsageError(`unexpected argument "${command === 'revoke' ? extra[0] : id}"`)
  if (command === 'create' && !values.name?.trim()) throw new UsageError('create needs --name')
  if (command !== 'create') {
    for (const name of ['name', 'read-only', 'instance'] as const) if (values[name] !== undefined) throw new UsageError(`--${name} does not apply to ${command}`)
  }
  return { command: command as Command, id, values }
}

const wire = (k: ApiKey) => ({ id: k.id, name: k.name, tokenHint: k.tokenHint, readOnly: k.scope.readOnly, instanceIds: k.scope.instanceIds ? [...k.scope.instanceIds] : null, createdAt: k.createdAt, lastUsedAt: k.lastUsedAt })

const scopeText = (k: ApiKey) => `${k.scope.instanceIds ? `instances ${k.scope.instanceIds.join(', ')}` : 'every instance'}, ${k.scope.readOnly ? 'read only' : 'read and write'}`

/** UTC to the minute (the last use is recorded to the minute). */
const minute = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ')

function printTable(keys: ApiKey[], io: CliIo): void {
  const rows = [
    ['ID', 'NAME', 'SCOPE', 'KEY', 'CREATED', 'LAST USED'],
    ...keys.map((k) => [k.id, k.name, scopeText(k), `…${k.tokenHint}`, minute(k.createdAt), k.lastUsedAt === null ? 'never' : minute(k.lastUsedAt)])
  ]
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)))
  for (const r of rows) io.out(r.map((cell, i) => cell.padEnd(widths[i]!)).join('  ').trimEnd())
}
