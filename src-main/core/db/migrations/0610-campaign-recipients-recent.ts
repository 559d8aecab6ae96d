// The autopilot reads a campaign's last outcomes after every recipient (ORDER BY updated_at DESC, seq DESC LIMIT
// window). With only (campaign_id, ...) indexes that sorted every recipient of the campaign each time: ~5-10 ms per
// recipient at 10,000 (issue 19's bench scale), quadratic over a run. This index answers it by walking back from the
// newest, a window's worth of rows.
import type { Migration } from '../migrate.js'

export const migration0610CampaignRecipientsRecent: Migration = {
  id: 610,
  name: 'campaign-recipients-recent',
  sql: `
CREATE INDEX IF NOT EXISTS campaign_recipients_recent ON campaign_recipients (campaign_id, updated_at, seq);
`
}
