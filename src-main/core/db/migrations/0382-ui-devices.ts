// Browsers let into the headless UI (issue 20 item 3): a revocable device credential per browser, kept across core
// restarts. Only the SHA-256 of each token is stored; revoking a row refuses the token from then on (and the core
// closes the connections it opened).
import type { Migration } from '../migrate.js'

export const migration0382UiDevices: Migration = {
  id: 382,
  name: 'ui-devices',
  sql: `
CREATE TABLE ui_devices (
  id TEXT PRIMARY KEY,                 -- random, shown in Settings (not a credential)
  token_hash TEXT NOT NULL UNIQUE,     -- hex SHA-256 of the device token
  label TEXT NOT NULL,                 -- "Chrome on Linux", from the browser's User-Agent when it was let in
  created_at INTEGER NOT NULL,
  last_seen_at INTEGER NOT NULL,
  revoked_at INTEGER
);
`
}
