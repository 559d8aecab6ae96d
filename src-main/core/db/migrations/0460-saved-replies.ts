// Saved replies (issue 20 item 7): texts the shop types often, inserted in the composer with "/shortcut". Kept per
// API account (the tenant the UI acts as), shared by all of its numbers: a shop answers the same way on each of
// them, while two accounts on one PC (an agency's clients) never see each other's replies.
import type { Migration } from '../migrate.js'

export const migration0460SavedReplies: Migration = {
  id: 460,
  name: 'saved-replies',
  sql: `
CREATE TABLE saved_replies (
  id INTEGER PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  shortcut TEXT NOT NULL,                -- lower case, without the slash: letters, digits, - and _
  text TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  UNIQUE (account_id, shortcut)
) STRICT;
`
}
