// A campaign's stats (GET /v2/campaigns/:id, the desktop app's detail page, every campaign.progress event) counted its
// recipients by state and its sends per hour by reading every recipient row and sorting them in a temporary B-tree:
// ~13 ms at 10,000 recipients, read 4 times a second by a polling client, so a campaign's core CPU per recipient rose
// with its size (issue 19's bench: 24.5 ms at 2,000 and 28.9 ms at 10,000). Both are index walks now: the counts from
// a covering index in (state, reason) order, the hours from an index on the hour itself (no sort).
import type { Migration } from '../migrate.js'

export const migration0621CampaignRecipientsStats: Migration = {
  id: 621,
  name: 'campaign-recipients-stats',
  sql: `
CREATE INDEX IF NOT EXISTS campaign_recipients_states ON campaign_recipients (campaign_id, state, reason);
CREATE INDEX IF NOT EXISTS campaign_recipients_sent_hour ON campaign_recipients (campaign_id, sent_at / 3600000) WHERE sent_at IS NOT NULL;
`
}
