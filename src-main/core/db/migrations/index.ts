// The app database's migrations, in order. Ranges: 0001-0099 core, 0100-0199 webhooks and rate limits,
// 0200-0299 message store. Add a line per new file; never edit a shipped migration.
import type { Migration } from '../migrate.js'
import { migration0001Core } from './0001-core.js'
import { migration0020TempLinkTokensSealed } from './0020-temp-link-tokens-sealed.js'
import { migration0030AccountAdmin } from './0030-account-admin.js'
import { migration0035InstanceProxy } from './0035-instance-proxy.js'
import { migration0040AppSettings } from './0040-app-settings.js'
import { migration0100Webhooks } from './0100-webhooks.js'
import { migration0101RateLimits } from './0101-rate-limits.js'
import { migration0200MessageStore } from './0200-message-store.js'
import { migration0201StoreEngineArchive } from './0201-store-engine-archive.js'
import { migration0230Outbound } from './0230-outbound.js'
import { migration0232OutboundCommands } from './0232-outbound-commands.js'
import { migration0260ProfilePictures } from './0260-profile-pictures.js'
import { migration0280Channels } from './0280-channels.js'
import { migration0290ChatRecentOrder } from './0290-chat-recent-order.js'
import { migration0296StoreUndecryptable } from './0296-store-undecryptable.js'
import { migration0297StoreLidSenders } from './0297-store-lid-senders.js'
import { migration0340Campaigns } from './0340-campaigns.js'
import { migration0380OutboundHistory } from './0380-outbound-history.js'
import { migration0381MessageSearch } from './0381-message-search.js'
import { migration0382UiDevices } from './0382-ui-devices.js'
import { migration0383LocalContactNames } from './0383-local-contact-names.js'
import { migration0460SavedReplies } from './0460-saved-replies.js'
import { migration0400CallSettings } from './0400-call-settings.js'
import { migration0401EngineState } from './0401-engine-state.js'
import { migration0420ApiKeys } from './0420-api-keys.js'
import { migration0500WebhookDeliveriesLeanIndex } from './0500-webhook-deliveries-lean-index.js'
import { migration0510ApiKeyLastUsed } from './0510-api-key-last-used.js'
import { migration0590WebhookEventsLeanIndex } from './0590-webhook-events-lean-index.js'
import { migration0600HistoryChunks } from './0600-history-chunks.js'
import { migration0610CampaignRecipientsRecent } from './0610-campaign-recipients-recent.js'
import { migration0620NumberChecks } from './0620-number-checks.js'
import { migration0621CampaignRecipientsStats } from './0621-campaign-recipients-stats.js'

export const appMigrations: readonly Migration[] = [
  migration0001Core,
  migration0020TempLinkTokensSealed,
  migration0030AccountAdmin,
  migration0035InstanceProxy,
  migration0040AppSettings,
  migration0100Webhooks,
  migration0101RateLimits,
  migration0200MessageStore,
  migration0201StoreEngineArchive,
  migration0230Outbound,
  migration0232OutboundCommands,
  migration0260ProfilePictures,
  migration0280Channels,
  migration0290ChatRecentOrder,
  migration0296StoreUndecryptable,
  migration0297StoreLidSenders,
  migration0340Campaigns,
  migration0380OutboundHistory,
  migration0381MessageSearch,
  migration0382UiDevices,
  migration0383LocalContactNames,
  migration0400CallSettings,
  migration0401EngineState,
  migration0420ApiKeys,
  migration0460SavedReplies,
  migration0500WebhookDeliveriesLeanIndex,
  migration0510ApiKeyLastUsed,
  migration0590WebhookEventsLeanIndex,
  migration0600HistoryChunks,
  migration0610CampaignRecipientsRecent,
  migration0620NumberChecks,
  migration0621CampaignRecipientsStats,
]
