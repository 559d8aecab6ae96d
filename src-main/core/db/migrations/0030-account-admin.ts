// Account management by the owner (issue 13 item 7): a per-account instance quota that overrides the plan's, and the
// last 4 characters of the token so a list can tell tokens apart without ever holding one.
import type { Migration } from '../migrate.js'

export const migration0030AccountAdmin: Migration = {
  id: 30,
  name: 'account-admin',
  sql: `
ALTER TABLE accounts ADD COLUMN instance_quota INTEGER CHECK (instance_quota IS NULL OR instance_quota >= -1); -- NULL: the plan's; -1: unlimited
ALTER TABLE accounts ADD COLUMN token_hint TEXT;                                                                  -- last 4 characters; NULL until the token is next set
`
}
