// The app database's migrations, in order. Ranges: 0001-0099 core, 0100-0199 webhooks and rate limits,
// 0200-0299 message store. Add a line per new file; never edit a shipped migration.
import type { Migration } from '../migrate.js'

export const appMigrations: readonly Migration[] = []
