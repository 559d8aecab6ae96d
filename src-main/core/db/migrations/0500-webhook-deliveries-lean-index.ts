// Every delivery row passed through the (webhook_id, state) index three times (enqueued, claimed, finished): an
// index page written in each of those commits, for lookups that only ever ask for a webhook's dead letters
// (replayDeadLetters). A partial index of dead rows serves those; the enqueue writes one page fewer (issue 24).
// Deleting a webhook now finds its deliveries (ON DELETE CASCADE) by scanning the outbox, which retention bounds.
import type { Migration } from '../migrate.js'

export const migration0500WebhookDeliveriesLeanIndex: Migration = {
  id: 500,
  name: 'webhook-deliveries-lean-index',
  sql: `
DROP INDEX IF EXISTS webhook_deliveries_webhook;
CREATE INDEX webhook_deliveries_dead ON webhook_deliveries (webhook_id, dead_at) WHERE state = 'dead';
`
}
