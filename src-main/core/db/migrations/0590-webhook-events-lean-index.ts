// Every recorded event wrote a page of the (created_at) index in its commit, for one reader: the hourly retention
// (pruneEvents). The retention now goes instance by instance through (instance_id, created_at), which the event
// log's listing already keeps; the enqueue writes one index page fewer per commit (issue 24 item 4).
import type { Migration } from '../migrate.js'

export const migration0590WebhookEventsLeanIndex: Migration = {
  id: 590,
  name: 'webhook-events-lean-index',
  sql: `
DROP INDEX IF EXISTS webhook_events_created;
`
}
