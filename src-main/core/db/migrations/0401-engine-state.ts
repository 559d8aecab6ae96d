// What the engine learned about the network and keeps across restarts (issue 22 item 1: the current WhatsApp Web
// version, learned after the network refused an outdated one). One JSON value per key.
import type { Migration } from '../migrate.js'

export const migration0401EngineState: Migration = {
  id: 401,
  name: 'engine-state',
  sql: `
CREATE TABLE engine_state (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  updated_at INTEGER NOT NULL
);
`
}
