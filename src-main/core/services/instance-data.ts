// Everything an instance leaves in the database, removed in one place: the running core's delete hook and the
// offline account admin (`accounts remove --force`, no server running) both call it, so neither forgets a table.
import type { Db } from '../db/connection.js'
import { deleteInstanceStore } from '../messaging/store/index.js'
import { deleteInstanceRateState } from '../rate-limit/index.js'
import { deleteInstanceWebhooks } from '../webhooks/outbox.js'

/**
 * The instance's webhooks and outbox, message store and rate-limit state. Its own row (and what cascades from it:
 * auth state, outbound queue, pairing requests, temp links, pictures, channels) is deleted by the caller last.
 */
export function deleteInstanceRows(db: Db, instanceId: string): void {
  db.transaction(() => {
    deleteInstanceWebhooks(db, instanceId)
    deleteInstanceStore(db, instanceId)
    deleteInstanceRateState(db, instanceId)
  })()
}
