// Persisted rate-limit state: calendar-day counters (never reset on boot) and GCRA theoretical arrival times.
import type { Migration } from '../migrate.js'

export const migration0101RateLimits: Migration = {
  id: 101,
  name: 'rate-limits',
  sql: `
CREATE TABLE rate_daily_counters (
  instance_id TEXT NOT NULL,
  kind TEXT NOT NULL,                         -- send | group | check
  day TEXT NOT NULL,                          -- YYYY-MM-DD in the machine's local time zone
  count INTEGER NOT NULL,
  PRIMARY KEY (instance_id, kind, day)
) WITHOUT ROWID;

CREATE TABLE rate_gcra_state (
  instance_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  tat_ms INTEGER NOT NULL,                    -- theoretical arrival time of the next request
  PRIMARY KEY (instance_id, kind)
) WITHOUT ROWID;
`
}
