// Messages authored under a LID (group members whose number is not known yet), indexed: when a mapping appears,
// rekeyChat moves them to the phone number with an index probe instead of scanning every message of the instance
// (a history sync learns hundreds of mappings: one scan each made ingestion quadratic). Partial, so the index only
// holds rows still waiting for a number; rekeyChat's query repeats the WHERE term so SQLite can use it.
import type { Migration } from '../migrate.js'

export const migration0297StoreLidSenders: Migration = {
  id: 297,
  name: 'store-lid-senders',
  sql: `
CREATE INDEX store_messages_lid_sender ON store_messages (instance_id, sender) WHERE sender LIKE '%@lid';
`
}
