// Campaigns (issue 19): contact lists with their contacts and every rejected row, campaigns, their recipients
// (one row each: state, reason, the instance it is assigned to, the message id of its one send), and the
// per-account opt-out (suppression) list with its settings. See campaigns/README.md.
import type { Migration } from '../migrate.js'

export const migration0340Campaigns: Migration = {
  id: 340,
  name: 'campaigns',
  sql: `
CREATE TABLE campaign_lists (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  contact_count INTEGER NOT NULL DEFAULT 0,
  rejected_count INTEGER NOT NULL DEFAULT 0,
  merged_count INTEGER NOT NULL DEFAULT 0,
  variables TEXT NOT NULL DEFAULT '[]',          -- JSON array of variable names
  default_country TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX campaign_lists_account ON campaign_lists (account_id, created_at);
CREATE TABLE campaign_list_contacts (
  list_id TEXT NOT NULL REFERENCES campaign_lists(id) ON DELETE CASCADE,
  phone TEXT NOT NULL,                           -- E.164 digits, no +
  vars TEXT NOT NULL,                            -- JSON object
  line INTEGER NOT NULL,
  PRIMARY KEY (list_id, phone)
) WITHOUT ROWID;
CREATE TABLE campaign_list_rejects (
  list_id TEXT NOT NULL REFERENCES campaign_lists(id) ON DELETE CASCADE,
  line INTEGER NOT NULL,
  reason TEXT NOT NULL,
  message TEXT NOT NULL,
  value TEXT NOT NULL,
  PRIMARY KEY (list_id, line)
) WITHOUT ROWID;
CREATE TABLE campaigns (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  state TEXT NOT NULL,                           -- draft | scheduled | running | paused | completed | cancelled
  list_id TEXT NOT NULL,
  instance_ids TEXT NOT NULL,                    -- JSON array
  template TEXT NOT NULL,                        -- JSON Template
  footer TEXT,
  schedule TEXT NOT NULL,                        -- JSON Schedule
  pacing TEXT NOT NULL,                          -- JSON Pacing
  autopilot TEXT NOT NULL,                       -- JSON AutopilotRules
  consent TEXT,                                  -- JSON Consent
  pause_reason TEXT,                             -- JSON PauseReason
  waiting_until INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  started_at INTEGER,
  finished_at INTEGER
);
CREATE INDEX campaigns_account ON campaigns (account_id, created_at);
CREATE INDEX campaigns_state ON campaigns (state);
CREATE TABLE campaign_recipients (
  campaign_id TEXT NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,                          -- list order
  phone TEXT NOT NULL,
  vars TEXT NOT NULL,
  state TEXT NOT NULL,
  reason TEXT,
  instance_id TEXT NOT NULL,                     -- sticky assignment
  message_id TEXT,                               -- recorded in the transaction that enqueues its one send
  on_whatsapp INTEGER,                           -- 1 / 0 / NULL = not checked
  updated_at INTEGER NOT NULL,
  sent_at INTEGER,
  PRIMARY KEY (campaign_id, seq)
);
CREATE UNIQUE INDEX campaign_recipients_phone ON campaign_recipients (campaign_id, phone);
CREATE INDEX campaign_recipients_next ON campaign_recipients (campaign_id, instance_id, state, seq);
CREATE INDEX campaign_recipients_message ON campaign_recipients (instance_id, message_id) WHERE message_id IS NOT NULL;
CREATE INDEX campaign_recipients_by_phone ON campaign_recipients (phone, state);
CREATE TABLE campaign_opt_outs (
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  phone TEXT NOT NULL,
  source TEXT NOT NULL,                          -- keyword | manual | import | api
  keyword TEXT,
  campaign_id TEXT,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (account_id, phone)
) WITHOUT ROWID;
CREATE TABLE campaign_opt_out_settings (
  account_id TEXT PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  settings TEXT NOT NULL
);
`
}
