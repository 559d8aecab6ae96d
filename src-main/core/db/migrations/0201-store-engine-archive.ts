// The archive state the engine last reported for a chat, kept apart from `archived` (which the chat
// operations also set optimistically), so chat.archive fires once per real change, whoever caused it.
import type { Migration } from '../migrate.js'

export const migration0201StoreEngineArchive: Migration = {
  id: 201,
  name: 'store-engine-archive',
  sql: `
ALTER TABLE store_chats ADD COLUMN engine_archived INTEGER; -- null = the engine never said (WhatsApp's default: not archived)
`
}
