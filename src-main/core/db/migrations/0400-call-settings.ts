// Per-instance handling of incoming calls (issue 22 item 6): reject them automatically, optionally answering the
// caller with a text. One row per instance that changed the default (no row: calls ring as usual).
import type { Migration } from '../migrate.js'

export const migration0400CallSettings: Migration = {
  id: 400,
  name: 'call-settings',
  sql: `
CREATE TABLE instance_call_settings (
  instance_id TEXT PRIMARY KEY REFERENCES instances(id) ON DELETE CASCADE,
  auto_reject INTEGER NOT NULL DEFAULT 0,
  reply_text TEXT,
  updated_at INTEGER NOT NULL
);
`
}
