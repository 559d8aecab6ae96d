// History chunks taken over from Baileys (engine/baileys/history-takeover.ts) and not yet committed to the store.
// Baileys records a chunk's notification as processed before our decode and ingest of it finish; a row here, written
// before that, is what lets the next start announce the chunk again after a crash. The row goes when the ingest of
// the chunk's last slice commits (same transaction). `notification` is the HistorySyncNotification as it arrived
// (base64, sealed: it holds the media key); `chunk` the downloaded chunk, still compressed (the media may expire),
// message content like the store's own rows (the file is encrypted as a whole), so written as is: sealing 200-400 KB
// in the turn the download ends took 15-20 ms of it.
import type { Migration } from '../migrate.js'

export const migration0600HistoryChunks: Migration = {
  id: 600,
  name: 'history-chunks',
  sql: `
CREATE TABLE engine_history_chunks (
  instance_id TEXT NOT NULL REFERENCES instances(id) ON DELETE CASCADE,
  id TEXT NOT NULL,                           -- the id of the message that carried the notification
  notification TEXT NOT NULL,                 -- sealed base64 HistorySyncNotification
  chunk BLOB,                                 -- the downloaded chunk, still compressed; NULL until downloaded
  is_latest INTEGER NOT NULL,                 -- Baileys' isLatest of the chunk as it arrived
  attempts INTEGER NOT NULL DEFAULT 0,        -- starts that announced it again (bounded: a chunk that always fails goes)
  created_at INTEGER NOT NULL,
  PRIMARY KEY (instance_id, id)
) STRICT;
`
}
