// What every handler gets: the core's services, the bridge's own config, and the acting account bound in (the
// ownership rule and the DTOs themselves live in services/instance-service.ts).
import type { AccountRow } from '../../db/repositories/accounts-repo.js'
import type { InstanceRow } from '../../db/repositories/instances-repo.js'
import type { CoreServices } from '../../services/core-services.js'
import type { UiBridgeConfig } from '../services.js'

export interface BridgeContext {
  services: CoreServices
  config: UiBridgeConfig
  /** The account the desktop user acts as (invalid_access_token once it is gone). */
  account(): AccountRow
  /** The instance if the acting account owns it; otherwise invalid_session, as in the API. */
  owned(instanceId: string): InstanceRow
}

export function bridgeContext(services: CoreServices, config: UiBridgeConfig): BridgeContext {
  return {
    services,
    config,
    account: () => services.instances.account(config.accountId),
    owned: (instanceId) => services.instances.owned(config.accountId, instanceId)
  }
}
