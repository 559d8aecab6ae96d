// Scoped API keys (issue 23 item 6): beside an account's full token, keys limited to some of its instances and/or to
// reading. Only the SHA-256 of each key is stored; revoking deletes the row (the key is refused from then on, and the
// core closes the live channels it opened).
import type { Migration } from '../migrate.js'

export const migration0420ApiKeys: Migration = {
  id: 420,
  name: 'api-keys',
  sql: `
CREATE TABLE api_keys (
  id TEXT PRIMARY KEY,                 -- key_<hex>, shown in lists (not a credential)
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,     -- hex SHA-256 of the key
  token_hint TEXT NOT NULL,            -- its last 4 characters, to tell keys apart
  read_only INTEGER NOT NULL DEFAULT 0,
  instance_ids TEXT,                   -- JSON array of instance ids; NULL = every instance of the account
  created_at INTEGER NOT NULL
);
CREATE INDEX api_keys_account ON api_keys(account_id);
`
}
