// Channels (newsletters) an instance created or follows, for GET /v2/channels: the network offers no
// "my channels" query to a linked device, so the API keeps what it learned (create, follow, info reads).
import type { Migration } from '../migrate.js'

export const migration0280Channels: Migration = {
  id: 280,
  name: 'channels',
  sql: `
CREATE TABLE account_channels (
  instance_id TEXT NOT NULL REFERENCES instances(id) ON DELETE CASCADE,
  id TEXT NOT NULL,                           -- <n>@newsletter
  role TEXT NOT NULL,                         -- OWNER | ADMIN | SUBSCRIBER
  name TEXT NOT NULL DEFAULT '',
  description TEXT NOT NULL DEFAULT '',
  invite TEXT,                                -- invite code (https://whatsapp.com/channel/<code>)
  verified INTEGER NOT NULL DEFAULT 0,
  muted INTEGER NOT NULL DEFAULT 0,
  subscribers INTEGER,
  picture_path TEXT,                          -- the network's direct path of the picture
  preview_path TEXT,
  created_at INTEGER,                         -- the channel's creation, seconds
  updated_at INTEGER NOT NULL,                -- ms
  PRIMARY KEY (instance_id, id)
) WITHOUT ROWID;
`
}
