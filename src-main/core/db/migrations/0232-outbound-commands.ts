// Durable outbound queue (issue 10 item 6): each accepted send keeps the typed command that re-dispatches it
// after a crash (its files stored under <data-dir>/outbox-media/), written with the row and cleared once the
// message leaves `queued`. Rows from before this migration have none: they fail `app_restarted` at boot.
import type { Migration } from '../migrate.js'

export const migration0232OutboundCommands: Migration = {
  id: 232,
  name: 'outbound-commands',
  sql: `
ALTER TABLE outbound_messages ADD COLUMN command TEXT;  -- the SendCommand as JSON, files by their outbox-media name; NULL once it left the queue
`
}
