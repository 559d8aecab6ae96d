// Full-text search of message text across chats (issue 20 item 6): an FTS5 index over store_messages.body (external
// content, so the text is stored once), kept in sync by triggers inside the same transaction as the ingestor's
// write (insert, edit, placeholder recovery, delete). unicode61 with diacritics removed: "cafe" finds "café".
import type { Migration } from '../migrate.js'

export const migration0381MessageSearch: Migration = {
  id: 381,
  name: 'message-search',
  sql: `
CREATE VIRTUAL TABLE store_messages_fts USING fts5(body, content='store_messages', content_rowid='pk', tokenize='unicode61 remove_diacritics 2');
INSERT INTO store_messages_fts (store_messages_fts) VALUES ('rebuild');
CREATE TRIGGER store_messages_fts_insert AFTER INSERT ON store_messages BEGIN
  INSERT INTO store_messages_fts (rowid, body) VALUES (new.pk, new.body);
END;
CREATE TRIGGER store_messages_fts_delete AFTER DELETE ON store_messages BEGIN
  INSERT INTO store_messages_fts (store_messages_fts, rowid, body) VALUES ('delete', old.pk, old.body);
END;
CREATE TRIGGER store_messages_fts_update AFTER UPDATE OF body ON store_messages BEGIN
  INSERT INTO store_messages_fts (store_messages_fts, rowid, body) VALUES ('delete', old.pk, old.body);
  INSERT INTO store_messages_fts (rowid, body) VALUES (new.pk, new.body);
END;
`
}
