// Outbound messages are part of their chat's history from the moment they are accepted (issue 20 item 1): each
// row keeps what the chat shows of it (text, media name) for its whole life, since the stored command is cleared
// once it leaves the queue; a row resent as a new message names that message (its bubble gives way to the new one).
import type { Migration } from '../migrate.js'

export const migration0380OutboundHistory: Migration = {
  id: 380,
  name: 'outbound-history',
  sql: `
ALTER TABLE outbound_messages ADD COLUMN preview TEXT;    -- JSON {type, body, mimetype, filename}; NULL: not shown in a chat (reactions, votes, status posts)
ALTER TABLE outbound_messages ADD COLUMN resent_as TEXT;  -- the new message's id after a Resend
CREATE INDEX outbound_chat ON outbound_messages (instance_id, chat_jid, created_at);
`
}
