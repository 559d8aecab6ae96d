// Per-instance proxy (config.proxy, issue 11): server URL without credentials, username, and the password sealed
// with the data key (seal_secret, see secrets/at-rest-crypto.ts). All NULL: no proxy, a direct connection.
import type { Migration } from '../migrate.js'

export const migration0035InstanceProxy: Migration = {
  id: 35,
  name: 'instance-proxy',
  sql: `
ALTER TABLE instances ADD COLUMN proxy_server TEXT;
ALTER TABLE instances ADD COLUMN proxy_username TEXT;
ALTER TABLE instances ADD COLUMN proxy_password TEXT;
`
}
