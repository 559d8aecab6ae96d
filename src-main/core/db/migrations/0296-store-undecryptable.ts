// Messages the engine could not decrypt (Baileys CIPHERTEXT stubs): each has a placeholder row in
// store_messages and one row here until its content is recovered by a retry; final_at is set (and the
// message.undecryptable event written) once the grace period passed without recovery.
import type { Migration } from '../migrate.js'

export const migration0296StoreUndecryptable: Migration = {
  id: 296,
  name: 'store-undecryptable',
  sql: `
CREATE TABLE store_undecryptable (
  message_pk INTEGER PRIMARY KEY REFERENCES store_messages(pk) ON DELETE CASCADE,
  instance_id TEXT NOT NULL,
  reason TEXT,
  first_at INTEGER NOT NULL,
  final_at INTEGER
);
CREATE INDEX store_undecryptable_due ON store_undecryptable (first_at) WHERE final_at IS NULL;
`
}
