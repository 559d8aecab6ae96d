// Core tables: API accounts (hashed tokens, plan), instances (status, desired state, policy, paired account),
// Baileys auth state (creds + Signal keys), temporary QR links and pairing-code requests.
import type { Migration } from '../migrate.js'

export const migration0001Core: Migration = {
  id: 1,
  name: 'core',
  sql: `
CREATE TABLE accounts (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  email TEXT,
  plan TEXT NOT NULL CHECK (plan IN ('free', 'paid')),
  token_hash TEXT NOT NULL UNIQUE,            -- hex SHA-256 of the access token; the token itself is never stored here
  is_default INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;

CREATE TABLE instances (
  id TEXT PRIMARY KEY,                        -- 12 uppercase alphanumerics
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  session_name TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('STOPPED', 'STARTING', 'SCAN_QR_CODE', 'WORKING', 'FAILED')),
  status_reason TEXT,
  desired_running INTEGER NOT NULL DEFAULT 0, -- resumed on app start when 1
  rate_policy TEXT NOT NULL DEFAULT 'strict',
  me_id TEXT,
  me_lid TEXT,
  me_push_name TEXT,
  me_platform TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;
CREATE INDEX instances_account ON instances (account_id, created_at);

CREATE TABLE engine_auth_creds (
  instance_id TEXT PRIMARY KEY REFERENCES instances(id) ON DELETE CASCADE,
  creds TEXT NOT NULL,                        -- Baileys AuthenticationCreds as BufferJSON text
  updated_at INTEGER NOT NULL
) STRICT;

CREATE TABLE engine_auth_keys (
  instance_id TEXT NOT NULL REFERENCES instances(id) ON DELETE CASCADE,
  type TEXT NOT NULL,                         -- pre-key, session, sender-key, app-state-sync-key, ...
  key_id TEXT NOT NULL,
  value TEXT NOT NULL,                        -- BufferJSON text
  PRIMARY KEY (instance_id, type, key_id)
) STRICT, WITHOUT ROWID;

CREATE TABLE temp_links (
  token_hash TEXT PRIMARY KEY,                -- hex SHA-256; lookups go by hash
  token TEXT NOT NULL,                        -- kept so GET can return the current link (it lives 30 min)
  instance_id TEXT NOT NULL REFERENCES instances(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  revoked_at INTEGER
) STRICT;
CREATE INDEX temp_links_instance ON temp_links (instance_id, created_at);

CREATE TABLE pairing_code_requests (
  id INTEGER PRIMARY KEY,
  phone_number TEXT NOT NULL,
  instance_id TEXT NOT NULL REFERENCES instances(id) ON DELETE CASCADE,
  requested_at INTEGER NOT NULL
) STRICT;
CREATE INDEX pairing_code_requests_phone ON pairing_code_requests (phone_number, requested_at);
`
}
