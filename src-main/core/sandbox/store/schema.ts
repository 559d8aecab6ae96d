// The simulated world's schema (its own SQLite file, never the app's database).
import type { Migration } from '../../db/migrate.js'

export const sandboxMigrations: readonly Migration[] = [
  {
    id: 1,
    name: 'world',
    sql: `
CREATE TABLE meta (key TEXT PRIMARY KEY, value BLOB NOT NULL);

CREATE TABLE accounts (
  phone TEXT PRIMARY KEY,
  lid TEXT NOT NULL UNIQUE,
  push_name TEXT NOT NULL,
  identity_pub BLOB NOT NULL,
  identity_priv BLOB NOT NULL,
  raw_id INTEGER NOT NULL,
  key_index INTEGER NOT NULL DEFAULT 0,
  next_device_id INTEGER NOT NULL DEFAULT 1,
  status_text TEXT NOT NULL,
  status_t INTEGER NOT NULL,
  app_state_key_id BLOB NOT NULL,
  app_state_key_data BLOB NOT NULL,
  app_state_key_t INTEGER NOT NULL,
  privacy TEXT NOT NULL,
  last_seen INTEGER,
  created_at INTEGER NOT NULL
);

CREATE TABLE devices (
  phone TEXT NOT NULL REFERENCES accounts(phone) ON DELETE CASCADE,
  device_id INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('phone', 'companion')),
  noise_key BLOB NOT NULL,
  reg_id INTEGER NOT NULL,
  identity_key BLOB NOT NULL,
  spk_id INTEGER NOT NULL,
  spk_pub BLOB NOT NULL,
  spk_sig BLOB NOT NULL,
  key_index INTEGER NOT NULL,
  platform TEXT,
  signed_identity BLOB,
  bootstrapped INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (phone, device_id)
);

CREATE TABLE prekeys (
  phone TEXT NOT NULL,
  device_id INTEGER NOT NULL,
  key_id INTEGER NOT NULL,
  pub BLOB NOT NULL,
  PRIMARY KEY (phone, device_id, key_id),
  FOREIGN KEY (phone, device_id) REFERENCES devices(phone, device_id) ON DELETE CASCADE
);

-- Stanzas for a device, kept until the device acks them (redelivered with offline="1" on reconnect).
CREATE TABLE stanza_queue (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  phone TEXT NOT NULL,
  device_id INTEGER NOT NULL,
  stanza_id TEXT NOT NULL,
  tag TEXT NOT NULL,
  type TEXT,
  node BLOB NOT NULL,
  created_at INTEGER NOT NULL,
  FOREIGN KEY (phone, device_id) REFERENCES devices(phone, device_id) ON DELETE CASCADE
);
CREATE INDEX stanza_queue_device ON stanza_queue (phone, device_id, seq);
CREATE INDEX stanza_queue_ack ON stanza_queue (phone, device_id, stanza_id, tag);

CREATE TABLE groups (
  id TEXT PRIMARY KEY,
  subject TEXT NOT NULL,
  subject_time INTEGER NOT NULL,
  subject_owner TEXT NOT NULL,
  creation INTEGER NOT NULL,
  creator TEXT NOT NULL,
  description TEXT,
  desc_id TEXT,
  desc_time INTEGER,
  desc_owner TEXT,
  announce INTEGER NOT NULL DEFAULT 0,
  locked INTEGER NOT NULL DEFAULT 0,
  invite_code TEXT UNIQUE,
  addressing_mode TEXT NOT NULL CHECK (addressing_mode IN ('pn', 'lid')),
  ephemeral INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE group_participants (
  group_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
  phone TEXT NOT NULL REFERENCES accounts(phone) ON DELETE CASCADE,
  role TEXT CHECK (role IN ('admin', 'superadmin')),
  PRIMARY KEY (group_id, phone)
);
CREATE INDEX group_participants_phone ON group_participants (phone);

CREATE TABLE app_state_patches (
  phone TEXT NOT NULL REFERENCES accounts(phone) ON DELETE CASCADE,
  collection TEXT NOT NULL,
  version INTEGER NOT NULL,
  patch BLOB NOT NULL,
  PRIMARY KEY (phone, collection, version)
);

CREATE TABLE blocklist (
  phone TEXT NOT NULL REFERENCES accounts(phone) ON DELETE CASCADE,
  jid TEXT NOT NULL,
  PRIMARY KEY (phone, jid)
);

-- Profile pictures of accounts and groups, keyed by the PN / group JID without device.
CREATE TABLE pictures (
  jid TEXT PRIMARY KEY,
  picture_id TEXT NOT NULL,
  image BLOB NOT NULL,
  author TEXT,
  updated_at INTEGER NOT NULL
);

-- Encrypted media blobs as uploaded by clients, served back by path.
CREATE TABLE media (
  path TEXT PRIMARY KEY,
  body BLOB NOT NULL,
  created_at INTEGER NOT NULL
);

-- The simulated person's own device (device 0): Baileys creds and Signal keys.
CREATE TABLE person_auth (
  phone TEXT PRIMARY KEY REFERENCES accounts(phone) ON DELETE CASCADE,
  creds TEXT NOT NULL
);
CREATE TABLE person_keys (
  phone TEXT NOT NULL REFERENCES accounts(phone) ON DELETE CASCADE,
  type TEXT NOT NULL,
  id TEXT NOT NULL,
  value TEXT NOT NULL,
  PRIMARY KEY (phone, type, id)
);

-- What each simulated person sent and received, decrypted (the admin API's inbox).
CREATE TABLE person_messages (
  phone TEXT NOT NULL REFERENCES accounts(phone) ON DELETE CASCADE,
  id TEXT NOT NULL,
  chat TEXT NOT NULL,
  sender TEXT NOT NULL,
  recipient TEXT NOT NULL,
  type TEXT NOT NULL,
  text TEXT,
  media_mimetype TEXT,
  media_sha256 TEXT,
  content TEXT NOT NULL,
  from_me INTEGER NOT NULL,
  timestamp INTEGER NOT NULL,
  PRIMARY KEY (phone, id)
);
CREATE INDEX person_messages_time ON person_messages (phone, timestamp);

-- Channels (newsletters): metadata, who follows or runs them, and what was posted (plaintext, as on WhatsApp).
CREATE TABLE newsletters (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  picture BLOB,
  picture_id TEXT,
  invite TEXT NOT NULL UNIQUE,
  verification TEXT NOT NULL DEFAULT 'UNVERIFIED',
  creation INTEGER NOT NULL,
  next_server_id INTEGER NOT NULL DEFAULT 100
);
CREATE TABLE newsletter_members (
  newsletter_id TEXT NOT NULL REFERENCES newsletters(id) ON DELETE CASCADE,
  phone TEXT NOT NULL REFERENCES accounts(phone) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('OWNER', 'ADMIN', 'SUBSCRIBER')),
  muted INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (newsletter_id, phone)
);
CREATE TABLE newsletter_messages (
  newsletter_id TEXT NOT NULL REFERENCES newsletters(id) ON DELETE CASCADE,
  server_id INTEGER NOT NULL,
  message_id TEXT NOT NULL,
  type TEXT NOT NULL,
  body BLOB NOT NULL,
  t INTEGER NOT NULL,
  PRIMARY KEY (newsletter_id, server_id)
);

-- Decrypted media the simulated person received or sent, for byte-for-byte checks.
CREATE TABLE person_media (
  phone TEXT NOT NULL REFERENCES accounts(phone) ON DELETE CASCADE,
  id TEXT NOT NULL,
  mimetype TEXT,
  body BLOB NOT NULL,
  PRIMARY KEY (phone, id)
);
`
  },
  {
    id: 2,
    name: 'group-permissions',
    sql: `
-- Who may add members, and whether joining needs an admin's approval.
ALTER TABLE groups ADD COLUMN member_add_mode TEXT NOT NULL DEFAULT 'admin_add' CHECK (member_add_mode IN ('admin_add', 'all_member_add'));
ALTER TABLE groups ADD COLUMN join_approval INTEGER NOT NULL DEFAULT 0;

-- Invitations issued when an add was refused by the invitee's privacy setting ("v4" invites, accepted by code).
CREATE TABLE group_v4_invites (
  group_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
  phone TEXT NOT NULL REFERENCES accounts(phone) ON DELETE CASCADE,
  code TEXT NOT NULL,
  expiration INTEGER NOT NULL,
  inviter TEXT NOT NULL,
  PRIMARY KEY (group_id, phone)
);
`
  },
  {
    id: 3,
    name: 'history-seeds',
    sql: `
-- A phone's seeded account (counts and PRNG seed as JSON): its history is generated from this at each pairing.
CREATE TABLE history_seeds (
  phone TEXT PRIMARY KEY REFERENCES accounts(phone) ON DELETE CASCADE,
  spec TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
`
  },
  {
    id: 4,
    name: 'phone-settings',
    sql: `
-- Per-phone settings of the simulated world (PATCH /sandbox/phones/{phone}/settings), one JSON value per key.
CREATE TABLE phone_settings (
  phone TEXT NOT NULL REFERENCES accounts(phone) ON DELETE CASCADE,
  key TEXT NOT NULL,
  value TEXT NOT NULL,
  PRIMARY KEY (phone, key)
);
-- Pairs of accounts that exchanged a 1:1 message (either way): a send to anyone else opens a new chat, which the
-- reach-out timelock (463) and the new-chat message cap (475) refuse.
CREATE TABLE conversations (
  phone TEXT NOT NULL REFERENCES accounts(phone) ON DELETE CASCADE,
  peer TEXT NOT NULL,
  PRIMARY KEY (phone, peer)
);
-- Messages each account sent to accounts it had no conversation with (the 475 cap counts these).
CREATE TABLE new_chat_sends (
  phone TEXT NOT NULL REFERENCES accounts(phone) ON DELETE CASCADE,
  peer TEXT NOT NULL,
  t INTEGER NOT NULL
);
CREATE INDEX new_chat_sends_phone ON new_chat_sends (phone, t);
`
  }
]
