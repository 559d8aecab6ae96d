// The outbound queue: one row per accepted send, written before the message is handed to Baileys, its status
// changed in the same transaction as the rate limiter's daily counter (see messaging/send/outbound-repo.ts).
import type { Migration } from '../migrate.js'

export const migration0230Outbound: Migration = {
  id: 230,
  name: 'outbound',
  sql: `
CREATE TABLE outbound_messages (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,       -- acceptance order (queue order)
  instance_id TEXT NOT NULL REFERENCES instances(id) ON DELETE CASCADE,
  message_id TEXT NOT NULL,                    -- the WhatsApp message id, chosen before sending
  chat_jid TEXT NOT NULL,                      -- Baileys JID of the recipient chat
  kind TEXT NOT NULL,                          -- text | image | pdf | voice | video | link-preview | location | poll | ...
  status TEXT NOT NULL,                        -- queued | sending | sent | failed | purged
  error_code TEXT,
  error_message TEXT,
  content TEXT,                                -- the sent proto message as JSON (quotes, poll votes), once sent
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  sent_at INTEGER,
  UNIQUE (instance_id, message_id)
);
CREATE INDEX outbound_pending ON outbound_messages (instance_id, status) WHERE status IN ('queued', 'sending');
`
}
