// Names the shop gives its customers (issue 20 item 7): kept on this PC only (never synced to the phone), per
// instance and chat; they win over the names WhatsApp knows in the chat list, the thread and notifications.
import type { Migration } from '../migrate.js'

export const migration0383LocalContactNames: Migration = {
  id: 383,
  name: 'local-contact-names',
  sql: `
CREATE TABLE local_contact_names (
  instance_id TEXT NOT NULL REFERENCES instances(id) ON DELETE CASCADE,
  chat_id TEXT NOT NULL,               -- the store's canonical chat JID
  name TEXT NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (instance_id, chat_id)
);
`
}
