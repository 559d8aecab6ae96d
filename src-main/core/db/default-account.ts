// The default API account: its token comes from --access-token, else the kept secrets file, else is new; its plan
// from --plan, else the kept one (free for a new account). Flags override only when given.
// Only the hash goes to SQLite; the plaintext lives in <dataDir>/secrets.json (0600) so the desktop UI
// can reveal it (revealDefaultToken) and rotate it (rotateDefaultToken).
import { chmodSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Db } from './connection.js'
import type { PlanTier } from '../domain/plans.js'
import { generateToken } from '../domain/tokens.js'
import { DEFAULT_ACCOUNT_ID, getAccount, setAccountPlan, setAccountToken, upsertAccount, type AccountRow } from './repositories/accounts-repo.js'

interface SecretsFile {
  defaultAccessToken?: string
}

export const secretsPath = (dataDir: string) => join(dataDir, 'secrets.json')

function readSecrets(dataDir: string): SecretsFile {
  const file = secretsPath(dataDir)
  if (!existsSync(file)) return {}
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'))
  return parsed && typeof parsed === 'object' ? (parsed as SecretsFile) : {}
}

/** Write-then-rename so a crash never leaves a half-written secrets file; mode 0600 from the first byte. */
function writeSecrets(dataDir: string, secrets: SecretsFile): void {
  const file = secretsPath(dataDir)
  const tmp = `${file}.${process.pid}.tmp`
  writeFileSync(tmp, JSON.stringify(secrets, null, 2), { mode: 0o600 })
  renameSync(tmp, file)
  chmodSync(file, 0o600)
}

export interface DefaultAccountOptions {
  dataDir: string
  /** From --access-token / SWITCHBOARD_ACCESS_TOKEN; replaces the kept token when given. */
  accessToken?: string | undefined
  /** From --plan / SWITCHBOARD_PLAN; replaces the kept plan when given (a new account starts on free). */
  plan?: PlanTier | undefined
  now: number
}

export function ensureDefaultAccount(db: Db, options: DefaultAccountOptions): AccountRow {
  const secrets = readSecrets(options.dataDir)
  const token = options.accessToken || secrets.defaultAccessToken || generateToken()
  if (secrets.defaultAccessToken !== token) writeSecrets(options.dataDir, { ...secrets, defaultAccessToken: token })
  const existing = getAccount(db, DEFAULT_ACCOUNT_ID)
  if (!existing) {
    return upsertAccount(db, { id: DEFAULT_ACCOUNT_ID, name: 'Default account', plan: options.plan ?? 'free', token, isDefault: true, now: options.now })
  }
  db.transaction(() => {
    setAccountToken(db, DEFAULT_ACCOUNT_ID, token, options.now)
    if (options.plan) setAccountPlan(db, DEFAULT_ACCOUNT_ID, options.plan, options.now)
  })()
  return getAccount(db, DEFAULT_ACCOUNT_ID)!
}

/** The default account's token in plaintext, for the desktop UI's "reveal" button. */
export function revealDefaultToken(dataDir: string): string | undefined {
  return readSecrets(dataDir).defaultAccessToken
}

/** Issues a new default token; the old one stops working at once. Returns the new token. */
export function rotateDefaultToken(db: Db, dataDir: string, now = Date.now()): string {
  const token = generateToken()
  // Database first: if the file write fails the old token is already invalid, which fails safe.
  setAccountToken(db, DEFAULT_ACCOUNT_ID, token, now)
  writeSecrets(dataDir, { ...readSecrets(dataDir), defaultAccessToken: token })
  return token
}
