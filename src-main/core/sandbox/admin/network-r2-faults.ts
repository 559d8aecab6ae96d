// The faults issue 22 added to POST /sandbox/faults, in their own module so the route's table stays additive:
// a 515 on demand, logins left hanging (stuck STARTING), an outage long enough to end FAILED, and the 463 refusal
// path without the timelock notice. Same checks and errors as the route's other branches.
import { Type } from '@sinclair/typebox'
import type { SandboxNetwork } from '../sandbox-network.js'
import { sandboxErrors } from '../errors.js'

export const NETWORK_R2_ACTIONS = ['restart_required', 'stall_login', 'outage', 'refuse_new_chats', 'restrict_account', 'lift_restriction', 'incoming_call', 'min_version', 'bad_mac_storm'] as const
export type NetworkR2Action = (typeof NETWORK_R2_ACTIONS)[number]

export const isNetworkR2Action = (a: string): a is NetworkR2Action => (NETWORK_R2_ACTIONS as readonly string[]).includes(a)

export const NETWORK_R2_DESCRIPTION =
  '`restart_required` (`jid`): the network ends the device\'s stream with 515 (restart required), as it does right after pairing; clients reconnect at once. ' +
  '`stall_login` (`jid`, `count` default every login until `clear`): the device\'s connection drops and its next logins complete the handshake and then hear nothing, neither success nor failure — the client is stuck in STARTING. ' +
  '`outage` (`jid`, `duration_ms`): the device\'s network is down for that long (as `network_down`), long enough for a client to give up (FAILED); once it ends, a client\'s background retry reconnects. ' +
  '`refuse_new_chats` (`phone`, `count` default 1): the account\'s next messages that would open a new chat are acked with 463 and not delivered, with no timelock notice before or after: the client learns of the refusal from the ack alone. ' +
  'A message to a number that is not on WhatsApp is acked with 463 the same way (the real network\'s answer). ' +
  '`restrict_account` (`phone`, `duration_ms` default until `lift_restriction` or `clear`): the account is restricted — every 1:1 message it sends, in chats it has written in before too, is acked with 463 and not delivered, with no notice; it lifts by itself at the end. ' +
  '`min_version` (`version` e.g. 2.3000.1043857761, absent: accept every version; `announce_version`, default `version`): client versions below `version` are refused at pairing and login with `<failure reason="405">`, as the real server fails an outdated WhatsApp Web client; https://<sandbox media host>/sw.js announces `announce_version` as the current one (`client_revision`, where Baileys\' fetchLatestWaWebVersion looks). ' +
  '`bad_mac_storm` (`jid`, `senders` phone numbers, created if missing, `messages` per sender default 100, `per_minute` default 1000): the senders write to the device at that pace and every one of those messages stays undecryptable there (Bad MAC, retries included), as in the storms Baileys users report; the answer carries `total`. ' +
  '`incoming_call` (`phone` the caller, `to` whom it rings, `video`, `ring_ms` default 30 s, `outcome` timeout or cancel): the person rings; unless answered or declined first, the call ends after `ring_ms` as a missed call (timeout) or the caller hangs up (cancel); the answer carries its `call_id`. '

/** The body fields these faults add to the route's schema. */
export const NETWORK_R2_FIELDS = {
  to: Type.Optional(Type.String({ description: 'incoming_call: whom the person rings (digits or a JID)' })),
  video: Type.Optional(Type.Boolean({ description: 'incoming_call: a video call (default voice)' })),
  ring_ms: Type.Optional(Type.Integer({ minimum: 0, maximum: 600_000, description: 'incoming_call: how long it rings before it ends (default 30000)' })),
  outcome: Type.Optional(Type.Union([Type.Literal('timeout'), Type.Literal('cancel')], { description: 'incoming_call: how it ends when nobody answers (default timeout: a missed call)' })),
  version: Type.Optional(Type.String({ maxLength: 32, description: 'min_version: the lowest client version accepted, e.g. 2.3000.1043857761' })),
  senders: Type.Optional(Type.Array(Type.String({ pattern: '^[0-9]{6,15}$' }), { maxItems: 50, description: 'bad_mac_storm: the senders (phone numbers)' })),
  messages: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, description: 'bad_mac_storm: messages per sender (default 100)' })),
  per_minute: Type.Optional(Type.Integer({ minimum: 1, maximum: 60_000, description: 'bad_mac_storm: pace of the storm (default 1000 a minute)' })),
  announce_version: Type.Optional(Type.String({ maxLength: 32, description: 'min_version: the version /sw.js announces (default: version)' }))
}

export interface NetworkR2Body {
  jid?: string
  phone?: string
  count?: number
  duration_ms?: number
  to?: string
  video?: boolean
  ring_ms?: number
  outcome?: 'timeout' | 'cancel'
  version?: string
  announce_version?: string
  senders?: string[]
  messages?: number
  per_minute?: number
}

/** Applies the fault; `incoming_call` answers its call id. */
export async function applyNetworkR2Fault(network: SandboxNetwork, action: NetworkR2Action, b: NetworkR2Body): Promise<{ call_id?: string; total?: number }> {
  const { faults } = network
  if (action === 'bad_mac_storm') {
    if (!b.jid) throw sandboxErrors.invalidRequest('jid is required', ['jid'])
    const storm = await network.badMacStorm({ jid: b.jid, senders: b.senders ?? [], messages: b.messages ?? 100, perMinute: b.per_minute ?? 1000 })
    return { total: storm.total }
  }
  if (action === 'min_version') {
    faults.minClientVersion(b.version, b.announce_version)
    return {}
  }
  if (action === 'incoming_call') {
    if (!b.phone || !b.to) throw sandboxErrors.invalidRequest('phone and to are required', [b.phone ? 'to' : 'phone'])
    return { call_id: network.ring(b.phone, b.to, { video: b.video, ringMs: b.ring_ms, outcome: b.outcome }) }
  }
  if (action === 'restrict_account' || action === 'lift_restriction') {
    if (!b.phone) throw sandboxErrors.invalidRequest('phone is required', ['phone'])
    faults.restrictAccount(b.phone, action === 'lift_restriction' ? 0 : b.duration_ms)
    return {}
  }
  if (action === 'refuse_new_chats') {
    if (!b.phone) throw sandboxErrors.invalidRequest('phone is required', ['phone'])
    faults.refuseNewChats(b.phone, b.count ?? 1)
    return {}
  }
  if (!b.jid) throw sandboxErrors.invalidRequest('jid is required', ['jid'])
  if (action === 'restart_required') {
    if (!faults.restartRequired(b.jid)) throw sandboxErrors.invalidRequest(`${b.jid} is not connected`)
  } else if (action === 'stall_login') faults.stallLogins(b.jid, b.count || undefined)
  else {
    if (b.duration_ms === undefined) throw sandboxErrors.invalidRequest('duration_ms is required', ['duration_ms'])
    faults.networkDown(b.jid, b.duration_ms)
  }
  return {}
}
