// Number-check answers (is this number on WhatsApp?), per instance, until they expire (messaging/reads/
// on-whatsapp-cache.ts). They lived in a Map of the core's heap: ~0.16 KB a number, bounded at 50,000, so a
// 10,000-recipient campaign grew the heap by ~1.6 MB that stayed (issue 19, "heap flat after GC"), and a restart
// forgot every answer (each asked again, against the policy's check_daily_cap). Here they cost no heap and outlive
// restarts. No foreign key: the instance's delete hook forgets its rows (and a row of an unknown instance is harmless).
import type { Migration } from '../migrate.js'

export const migration0620NumberChecks: Migration = {
  id: 620,
  name: 'number-checks',
  sql: `
CREATE TABLE number_checks (
  instance_id TEXT NOT NULL,
  digits TEXT NOT NULL,          -- the number asked, E.164 digits
  on_whatsapp INTEGER NOT NULL,  -- 1 on WhatsApp, 0 not
  chat_id TEXT NOT NULL,         -- the network's spelling of it as an API chat id (<digits>@c.us)
  until INTEGER NOT NULL,        -- epoch ms the answer is trusted until
  PRIMARY KEY (instance_id, digits)
) STRICT, WITHOUT ROWID;
CREATE INDEX number_checks_until ON number_checks (until);
`
}
