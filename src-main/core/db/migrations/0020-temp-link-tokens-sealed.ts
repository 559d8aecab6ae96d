// Temporary-link tokens at rest (issue 13): lookups were already by SHA-256 hash, but the token itself was kept in
// clear so GET /v2/session/temp-link could show the link. It is now sealed with the data key (seal_secret, see
// secrets/at-rest-crypto.ts): live rows an older version wrote are sealed here, dead ones (revoked or expired, which
// can never resolve again) are deleted.
import type { Migration } from '../migrate.js'

export const migration0020TempLinkTokensSealed: Migration = {
  id: 20,
  name: 'temp-link-tokens-sealed',
  sql: `
DELETE FROM temp_links WHERE revoked_at IS NOT NULL OR expires_at <= CAST(strftime('%s', 'now') AS INTEGER) * 1000;
UPDATE temp_links SET token = seal_secret(token) WHERE substr(token, 1, 5) <> 'enc1:';
`
}
