// devices.*: browsers let into the headless UI (issue 20 item 3), over services.uiDevices. Only the owner manages
// them; "this browser" is the caller's own device credential (the bridge knows which connection asks).
import { BridgeError } from '../errors.js'
import type { BridgeContext } from './context.js'
import type { HandlersOf } from './types.js'

export function deviceHandlers({ services: { uiDevices }, account }: BridgeContext): HandlersOf<'devices'> {
  const owner = () => {
    if (account().is_default !== 1) throw new BridgeError('forbidden', 'Only the owner of this Switchboard manages its browsers', { recommendation: 'Open Settings from the owner\'s app' })
    return uiDevices
  }
  return {
    'devices.list': (_req, caller) => ({ devices: owner().list(), currentId: caller?.deviceId ?? null }),
    'devices.revoke': ({ deviceId }) => ({ revoked: owner().revoke(deviceId) }),
    'devices.revokeOthers': (_req, caller) => ({ revoked: owner().revokeOthers(caller?.deviceId ?? null) })
  }
}
