// Profile picture URLs of contacts and groups as the network last answered them (issue 4, part F): the v2 API
// caches them for 24 hours (refresh=true bypasses). url NULL = no picture or hidden by privacy, cached too.
import type { Migration } from '../migrate.js'

export const migration0260ProfilePictures: Migration = {
  id: 260,
  name: 'profile-pictures',
  sql: `
CREATE TABLE profile_picture_cache (
  instance_id TEXT NOT NULL REFERENCES instances(id) ON DELETE CASCADE,
  jid TEXT NOT NULL,                 -- normalized Baileys JID (<n>@s.whatsapp.net, <n>@g.us, <n>@lid)
  url TEXT,                          -- NULL: no picture, or not visible to this account
  fetched_at INTEGER NOT NULL,       -- ms
  PRIMARY KEY (instance_id, jid)
) WITHOUT ROWID;
`
}
