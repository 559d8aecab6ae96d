// App settings the owner changes in the Settings view (issue 12 item 6): bind address, port, allowed hosts, log
// level, plan quotas. One JSON value per key; a flag or environment variable given at start wins over a stored value.
import type { Migration } from '../migrate.js'

export const migration0040AppSettings: Migration = {
  id: 40,
  name: 'app-settings',
  sql: `
CREATE TABLE app_settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;
`
}
