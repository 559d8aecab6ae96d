// The faults issue 22 added to POST /sandbox/faults, in their own module so the route's table stays additive:
// a 515 on demand, logins left hanging (stuck STARTING), an outage long enough to end FAILED, and the 463 refusal
// path without the timelock notice. Same checks and errors as the route's other branches.
import type { NetworkFaults } from '../sandbox-faults.js'
import { sandboxErrors } from '../errors.js'

export const NETWORK_R2_ACTIONS = ['restart_required', 'stall_login', 'outage', 'refuse_new_chats'] as const
export type NetworkR2Action = (typeof NETWORK_R2_ACTIONS)[number]

export const isNetworkR2Action = (a: string): a is NetworkR2Action => (NETWORK_R2_ACTIONS as readonly string[]).includes(a)

export const NETWORK_R2_DESCRIPTION =
  '`restart_required` (`jid`): the network ends the device\'s stream with 515 (restart required), as it does right after pairing; clients reconnect at once. ' +
  '`stall_login` (`jid`, `count` default every login until `clear`): the device\'s connection drops and its next logins complete the handshake and then hear nothing, neither success nor failure — the client is stuck in STARTING. ' +
  '`outage` (`jid`, `duration_ms`): the device\'s network is down for that long (as `network_down`), long enough for a client to give up (FAILED); once it ends, a client\'s background retry reconnects. ' +
  '`refuse_new_chats` (`phone`, `count` default 1): the account\'s next messages that would open a new chat are acked with 463 and not delivered, with no timelock notice before or after: the client learns of the refusal from the ack alone. ' +
  'A message to a number that is not on WhatsApp is acked with 463 the same way (the real network\'s answer). '

export interface NetworkR2Body {
  jid?: string
  phone?: string
  count?: number
  duration_ms?: number
}

export function applyNetworkR2Fault(faults: NetworkFaults, action: NetworkR2Action, b: NetworkR2Body): void {
  if (action === 'refuse_new_chats') {
    if (!b.phone) throw sandboxErrors.invalidRequest('phone is required', ['phone'])
    return faults.refuseNewChats(b.phone, b.count ?? 1)
  }
  if (!b.jid) throw sandboxErrors.invalidRequest('jid is required', ['jid'])
  if (action === 'restart_required') {
    if (!faults.restartRequired(b.jid)) throw sandboxErrors.invalidRequest(`${b.jid} is not connected`)
  } else if (action === 'stall_login') faults.stallLogins(b.jid, b.count || undefined)
  else {
    if (b.duration_ms === undefined) throw sandboxErrors.invalidRequest('duration_ms is required', ['duration_ms'])
    faults.networkDown(b.jid, b.duration_ms)
  }
}
