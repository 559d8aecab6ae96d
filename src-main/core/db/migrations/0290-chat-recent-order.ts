// Chats whose newest messages share a second (WhatsApp timestamps are seconds) are listed newest arrival first:
// the recent-chats index gains the last message's store pk (arrival order) before the chat id tie-breaker.
import type { Migration } from '../migrate.js'

export const migration0290ChatRecentOrder: Migration = {
  id: 290,
  name: 'chat-recent-order',
  sql: `
DROP INDEX store_chats_recent;
CREATE INDEX store_chats_recent ON store_chats (instance_id, last_message_at DESC, last_message_pk DESC, chat_id);
`
}
