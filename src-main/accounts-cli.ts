// `npm run serve -- accounts add|list|rotate|set|remove` (and `keys`: accounts-keys-cli.ts): the owner's account management on a data dir, without
// starting the server (open the database, migrate, act, close). Human-readable output, or --json for scripts.
import { parseArgs } from 'node:util'
import type { CliIo } from './cli-io.js'
import { resolveDataDir } from './core-flags.js'
import type { AccountSummary, QuotaSetting } from './core/services/account-service.js'

export const ACCOUNTS_USAGE = `usage: npm run serve -- accounts <command> [--data-dir D] [--json]
  add --name NAME [--plan free|paid] [--quota N|unlimited]   a new account; prints its token once
  list                                                     id, name, plan, quota, instances, token hint
  rotate <id>                                              a new token; the old one stops working at once
  set <id> [--plan free|paid] [--quota N|unlimited|plan]   change the plan or the instance quota
  remove <id> [--force]                                    --force also deletes the account's instances
  keys list|create|revoke                                  scoped API keys (accounts keys --help)`

const stdio: CliIo = { out: (l) => console.log(l), err: (l) => console.error(l) }

class UsageError extends Error {}

/** Runs one `accounts` command; the exit code (0 done, 1 refused or failed, 2 usage). */
export async function runAccountsCommand(argv: string[], env: NodeJS.ProcessEnv = process.env, io: CliIo = stdio): Promise<number> {
  if (argv.length === 0 || argv.includes('--help') || argv.includes('-h')) {
    ;(argv.length === 0 ? io.err : io.out)(ACCOUNTS_USAGE)
    return argv.length === 0 ? 2 : 0
  }
  if (argv[0] === 'keys') {
    const { runAccountKeysCommand } = await import('./accounts-keys-cli.js')
    return runAccountKeysCommand(argv.slice(1), env, io)
  }
  let parsed
  try {
    parsed = parseAccountsArgs(argv)
  } catch (e) {
    io.err(`switchboard accounts: ${(e as Error).message}`)
    io.err(ACCOUNTS_USAGE)
    return 2
  }
  const { command, id, values } = parsed
  const json = values.json === true
  // Imported late: a usage error does not pay for loading the core.
  const { openAccountAdmin } = await import('./core/account-admin.js')
  const { parseQuotaSetting } = await import('./core/services/account-service.js')
  const quota = (): QuotaSetting | undefined => {
    if (values.quota === undefined) return undefined
    const q = parseQuotaSetting(values.quota)
    if (q === undefined || (command === 'add' && q === 'plan')) throw new UsageError(`--quota must be a whole number of instances or "unlimited"${command === 'set' ? ' or "plan"' : ''}, got "${values.quota}"`)
    return q
  }
  let admin: ReturnType<typeof openAccountAdmin> | undefined
  try {
    const q = quota()
    admin = openAccountAdmin({ dataDir: resolveDataDir(values['data-dir'], env), nativeBinding: env.SWITCHBOARD_SQLITE_BINDING, passphrase: env.SWITCHBOARD_PASSPHRASE })
    const { accounts } = admin
    switch (command) {
      case 'list': {
        const list = accounts.list()
        if (json) io.out(JSON.stringify(list, null, 2))
        else printTable(list, io)
        break
      }
      case 'add': {
        const added = accounts.add({ name: values.name ?? '', plan: values.plan, quota: q })
        if (json) io.out(JSON.stringify(added, null, 2))
        else {
          io.out(`Added account ${added.account.id} "${added.account.name}" (plan ${added.account.plan}, quota ${quotaText(added.account)})`)
          io.out(`Access token (shown only now; only its hash is kept): ${added.token}`)
        }
        break
      }
      case 'rotate': {
        const rotated = accounts.rotate(id!)
        if (json) io.out(JSON.stringify(rotated, null, 2))
        else {
          io.out(`New token for ${rotated.account.id} "${rotated.account.name}"; the old one no longer works.`)
          io.out(`Access token (shown only now): ${rotated.token}`)
        }
        break
      }
      case 'set': {
        if (values.plan === undefined && q === undefined) throw new UsageError('set needs --plan or --quota')
        const updated = accounts.update(id!, { plan: values.plan, quota: q })
        if (json) io.out(JSON.stringify(updated, null, 2))
        else io.out(`Account ${updated.id} "${updated.name}": plan ${updated.plan}, quota ${quotaText(updated)}`)
        break
      }
      case 'remove': {
        const removed = await accounts.remove(id!, { force: values.force === true })
        if (json) io.out(JSON.stringify(removed, null, 2))
        else {
          const n = removed.deletedInstances.length
          io.out(`Removed account ${removed.account.id} "${removed.account.name}"${n ? ` and its ${n} instance${n === 1 ? '' : 's'}` : ''}; its token no longer works.`)
        }
        break
      }
    }
    return 0
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`switchboard accounts: ${e.message}`)
      io.err(ACCOUNTS_USAGE)
      return 2
    }
    const err = e as Error & { code?: unknown; details?: { recommendation?: unknown } }
    const code = typeof err.code === 'string' ? err.code : 'failed'
    const recommendation = typeof err.details?.recommendation === 'string' ? err.details.recommendation : undefined
    if (json) io.out(JSON.stringify({ error: { code, message: err.message, ...(recommendation ? { recommendation } : {}) } }, null, 2))
    else io.err(`switchboard accounts: ${err.message}${recommendation ? `\n  ${recommendation}` : ''}`)
    return 1
  } finally {
    admin?.close()
  }
}

const COMMANDS = ['add', 'list', 'rotate', 'set', 'remove'] as const
type Command = (typeof COMMANDS)[number]

function parseAccountsArgs(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: true,
    options: {
      'data-dir': { type: 'string' },
      json: { type: 'boolean' },
      name: { type: 'string' },
      plan: { type: 'string' },
      quota: { type: 'string' },
      force: { type: 'boolean' }
    }
  })
  const [command, id, ...extra] = positionals
  if (!command || !(COMMANDS as readonly string[]).includes(command)) throw new UsageError(command ? `unknown command "${command}"` : 'a command is needed')
  const needsId = command === 'rotate' || command === 'set' || command === 'remove'
  if (needsId && !id) throw new UsageError(`${command} needs an account id (see accounts list)`)
  if ((!needsId && id !== undefined) || extra.length) throw new UsageError(`unexpected argument "${needsId ? extra[0] : id}"`)
  if (command === 'add' && !values.name?.trim()) throw new UsageError('add needs --name')
  const allowed: Record<Command, string[]> = { add: ['name', 'plan', 'quota'], list: [], rotate: [], set: ['plan', 'quota'], remove: ['force'] }
  for (const name of ['name', 'plan', 'quota', 'force'] as const) {
    if (values[name] !== undefined && !allowed[command as Command].includes(name)) throw new UsageError(`--${name} does not apply to ${command}`)
  }
  return { command: command as Command, id, values }
}

const quotaText = (a: AccountSummary) => `${a.instanceQuota === null ? 'unlimited' : a.instanceQuota}${a.quotaOverridden ? '' : ' (plan)'}`

function printTable(list: AccountSummary[], io: CliIo): void {
  const rows = [
    ['ID', 'NAME', 'PLAN', 'QUOTA', 'INSTANCES', 'TOKEN', 'CREATED'],
    ...list.map((a) => [
      a.isDefault ? `${a.id} (owner)` : a.id,
      a.name,
      a.plan,
      quotaText(a),
      String(a.instances),
      a.tokenHint ? `…${a.tokenHint}` : '—',
      new Date(a.createdAt).toISOString().slice(0, 16).replace('T', ' ')
    ])
  ]
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)))
  for (const r of rows) io.out(r.map((cell, i) => cell.padEnd(widths[i]!)).join('  ').trimEnd())
}
