// The CLI's `accounts` commands' composition: the account and API-key services on the data dir's database, with no
// server, engine or network — and none of their modules loaded (Baileys, Fastify, the routes), so a command answers
// in about a second. Beside start-core.ts (the server's composition root), opened the same way.
import { join } from 'node:path'
import { checkpointAndClose, openDatabase } from './db/connection.js'
import { ensureDefaultAccount } from './db/default-account.js'
import { migrate } from './db/migrate.js'
import { appMigrations } from './db/migrations/index.js'
import { deleteInstance as deleteInstanceRow } from './db/repositories/instances-repo.js'
import { deleteInstanceMedia } from './messaging/reads/media-files.js'
import { resolveDataKey, secretToolKeyring } from './secrets/data-key.js'
import { ensurePrivateDataDir } from './secrets/private-files.js'
import { AccountService } from './services/account-service.js'
import { ApiKeyService } from './services/api-key-service.js'
import { deleteInstanceRows } from './services/instance-data.js'
import { readAppSettings } from './settings/app-settings-repo.js'
import { storedPlanCatalogue } from './settings/app-settings.js'
import type { CoreOptions } from './start-core.js'

/**
 * The account service on the data dir's database, with no server, engine or network.
 * Opened like startCore opens it (private folder, data key, migrations, the default account); an instance removed
 * with its account loses the rows and files startCore's delete hooks remove (it is not running here: stop the
 * server first, or use the Settings view, which deletes through the live InstanceManager).
 */
export function openAccountAdmin(options: Pick<CoreOptions, 'dataDir' | 'nativeBinding' | 'instanceQuota' | 'dataKey' | 'passphrase'>): { accounts: AccountService; apiKeys: ApiKeyService; close(): void } {
  ensurePrivateDataDir(options.dataDir)
  const dataKey = resolveDataKey(options.dataDir, { hostKey: options.dataKey, keyring: options.dataKey ? undefined : secretToolKeyring(), passphrase: options.passphrase })
  const db = openDatabase(join(options.dataDir, 'switchboard.db'), { nativeBinding: options.nativeBinding, dataKey: dataKey.key })
  try {
    migrate(db, appMigrations)
    ensureDefaultAccount(db, { dataDir: options.dataDir, now: Date.now() })
  } catch (e) {
    db.close()
    throw e
  }
  // The quotas the server would run with: the given ones, else those chosen in Settings, else the defaults.
  const plans = storedPlanCatalogue(options.instanceQuota, readAppSettings(db))
  const deleteInstance = async (id: string) => {
    // The rows the running core's delete hook removes, then what only the media store holds.
    deleteInstanceRows(db, id)
    deleteInstanceMedia(join(options.dataDir, 'media'), id)
    deleteInstanceRow(db, id)
  }
  // A running server on the same data dir sees a revoked key at its next request; its live channels via data_version.
  const apiKeys = new ApiKeyService({ db, now: Date.now })
  return { accounts: new AccountService({ db, plans, dataDir: options.dataDir, deleteInstance, now: Date.now }), apiKeys, close: () => checkpointAndClose(db) }
}
