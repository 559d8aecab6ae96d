// When each scoped API key was last accepted (issue 23 item 6), shown in GET /v2/keys, `accounts keys list` and
// Settings > API keys. Written at most once a minute per key (ApiKeyService.recordUse), never once per request.
import type { Migration } from '../migrate.js'

export const migration0510ApiKeyLastUsed: Migration = {
  id: 510,
  name: 'api-key-last-used',
  sql: `
ALTER TABLE api_keys ADD COLUMN last_used_at INTEGER; -- unix ms; NULL: never used
`
}
