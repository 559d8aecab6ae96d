// The sandbox's network faults as the bridge takes them (`sandbox.fault`, one TypeBox union of the fault bodies)
// and as the Sandbox view draws them (descriptors: label, help, parameters with their types and choices), so the
// panel is data-driven and cannot offer a fault the channel refuses. Mirrors POST /sandbox/faults. PURE.
import { Type, type Static, type TProperties } from '@sinclair/typebox'

const Jid = Type.String({ minLength: 3, maxLength: 128 })
const Phone = Type.String({ pattern: '^[0-9]{6,15}$' })
const Count = Type.Integer({ minimum: 1, maximum: 100 })
const branch = <K extends string, P extends TProperties>(kind: K, props: P) => Type.Object({ kind: Type.Literal(kind), ...props }, { additionalProperties: false })
const undecryptable = <K extends string>(kind: K) => branch(kind, { jid: Jid, count: Type.Optional(Count), persist: Type.Optional(Type.Boolean()) })

export const SandboxFaultRequest = Type.Union([
  branch('drop', { jid: Jid }),
  branch('conflict', { jid: Jid }),
  branch('delay', { delayMs: Type.Integer({ minimum: 0, maximum: 600_000 }), jid: Type.Optional(Jid) }),
  branch('app_state_conflict', { jid: Jid, count: Type.Optional(Count) }),
  branch('ban', { phone: Phone, code: Type.Optional(Type.Union([Type.Literal(403), Type.Literal(402), Type.Literal(406)])) }),
  branch('unban', { phone: Phone }),
  branch('network_down', { jid: Jid, durationMs: Type.Optional(Type.Integer({ minimum: 1, maximum: 86_400_000 })) }),
  branch('network_up', { jid: Jid }),
  undecryptable('corrupt_ciphertext'),
  undecryptable('no_session'),
  undecryptable('invalid_prekey'),
  branch('media_expired', {
    messageId: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
    olderThanMs: Type.Optional(Type.Integer({ minimum: 0, maximum: 31_536_000_000 })),
    status: Type.Optional(Type.Union([Type.Literal(403), Type.Literal(404), Type.Literal(410)]))
  }),
  branch('clear', {}),
  // Issue 22: 515 on demand, stuck logins, an outage that ends FAILED, the 463 refusal path.
  branch('restart_required', { jid: Jid }),
  branch('stall_login', { jid: Jid, count: Type.Optional(Count) }),
  branch('outage', { jid: Jid, durationMs: Type.Integer({ minimum: 1, maximum: 86_400_000 }) }),
  branch('refuse_new_chats', { phone: Phone, count: Type.Optional(Count) }),
  branch('restrict_account', { phone: Phone, durationMs: Type.Optional(Type.Integer({ minimum: 1, maximum: 86_400_000 })) }),
  branch('lift_restriction', { phone: Phone }),
  branch('min_version', { version: Type.Optional(Type.String({ pattern: '^[0-9]{1,6}\\.[0-9]{1,6}\\.[0-9]{1,12}$' })), announceVersion: Type.Optional(Type.String({ pattern: '^[0-9]{1,6}\\.[0-9]{1,6}\\.[0-9]{1,12}$' })) }),
  branch('bad_mac_storm', {
    jid: Jid,
    senders: Type.String({ pattern: '^[0-9]{6,15}(,[0-9]{6,15}){0,49}$', description: 'Phone numbers, comma-separated' }),
    messages: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
    perMinute: Type.Optional(Type.Integer({ minimum: 1, maximum: 60_000 }))
  }),
  branch('incoming_call', {
    phone: Phone,
    to: Type.String({ minLength: 1, maxLength: 128 }),
    video: Type.Optional(Type.Boolean()),
    ringMs: Type.Optional(Type.Integer({ minimum: 0, maximum: 600_000 })),
    outcome: Type.Optional(Type.Union([Type.Literal('timeout'), Type.Literal('cancel')]))
  })
])

export type SandboxFault = Static<typeof SandboxFaultRequest>
export type SandboxFaultKind = SandboxFault['kind']

/**
 * How a parameter is asked for: `device` a linked device of a simulated phone (its JID), `phone` a simulated
 * phone (its digits), `integer` a number field, `choice` one of `choices`, `boolean` a checkbox, `text` free text.
 */
export type FaultParamType = 'device' | 'phone' | 'integer' | 'choice' | 'boolean' | 'text'

export interface FaultParam {
  /** The property of the fault body. */
  name: string
  label: string
  type: FaultParamType
  required: boolean
  help?: string
  choices?: readonly { value: number | string; label: string }[]
  min?: number
  max?: number
  /** A value of the field's format (text fields with a pattern): the placeholder the panel shows. */
  example?: string
}

export interface FaultDescriptor {
  kind: SandboxFaultKind
  label: string
  /** What the fault does, in words (shown under the form). */
  help: string
  params: readonly FaultParam[]
  /** The status line after it was applied. */
  done: string
}

const device = (required = true, help?: string): FaultParam => ({ name: 'jid', label: 'Device', type: 'device', required, ...(help ? { help } : {}) })
const phone: FaultParam = { name: 'phone', label: 'Account', type: 'phone', required: true }
const count = (help: string): FaultParam => ({ name: 'count', label: 'How many', type: 'integer', required: false, min: 1, max: 100, help })
const persist: FaultParam = { name: 'persist', label: 'Retries fail too', type: 'boolean', required: false, help: 'Unchecked, the sender’s retry recovers the message' }

export const FAULTS: readonly FaultDescriptor[] = [
  { kind: 'drop', label: 'Drop the connection', help: 'Cuts the device’s connection without a goodbye, as a network drop; it reconnects by itself.', params: [device()], done: 'Connection dropped: the device reconnects by itself' },
  { kind: 'conflict', label: 'Stream conflict (440)', help: 'Tells the device another client took over its session, as WhatsApp does when the account is opened elsewhere.', params: [device()], done: 'Conflict sent: the device was told another client took its session' },
  {
    kind: 'delay',
    label: 'Delay delivery',
    help: 'Holds live delivery for a while (to one device, or everyone); messages stay queued meanwhile. 0 removes the delay.',
    params: [{ name: 'delayMs', label: 'Hold for (ms)', type: 'integer', required: true, min: 0, max: 600_000 }, device(false, 'Empty: every device')],
    done: 'Delivery delay set'
  },
  { kind: 'app_state_conflict', label: 'App-state conflict (409)', help: 'Refuses the device’s next app-state uploads (archive, labels…) with a version conflict, as if another device had patched first.', params: [device(), count('Uploads refused (default 1)')], done: 'The device’s next app-state uploads will be refused' },
  {
    kind: 'ban',
    label: 'Ban the account',
    help: 'The network refuses the account’s linked devices at login, as it refuses a locked or banned number; the phone itself keeps working.',
    params: [
      phone,
      { name: 'code', label: 'Refusal', type: 'choice', required: false, choices: [{ value: 403, label: '403 locked' }, { value: 402, label: '402 temporarily banned' }, { value: 406, label: '406 banned' }] }
    ],
    done: 'Account banned: its linked devices are refused at login'
  },
  { kind: 'unban', label: 'Lift the ban', help: 'The account’s linked devices may log in again.', params: [phone], done: 'Ban lifted: the account’s devices may log in again' },
  {
    kind: 'network_down',
    label: 'Network down',
    help: 'The device’s connection drops and every reconnect is cut until the network is up again (or the duration ends); messages for it queue meanwhile.',
    params: [device(), { name: 'durationMs', label: 'For (ms)', type: 'integer', required: false, min: 1, max: 86_400_000, help: 'Empty: until “Network up”' }],
    done: 'Network down for the device: its reconnects are cut'
  },
  { kind: 'network_up', label: 'Network up', help: 'Ends a “Network down” for the device.', params: [device()], done: 'Network up: the device can reconnect' },
  { kind: 'corrupt_ciphertext', label: 'Corrupt ciphertext (Bad MAC)', help: 'The next messages to the device arrive with a corrupted ciphertext; its retry request makes the sender resend.', params: [device(), count('Messages (default 1)'), persist], done: 'The device’s next messages will arrive corrupted' },
  { kind: 'no_session', label: 'No session', help: 'The next messages to the device arrive without the pre-key part, for a session it does not have.', params: [device(), count('Messages (default 1)'), persist], done: 'The device’s next messages will arrive without a session' },
  { kind: 'invalid_prekey', label: 'Used pre-key', help: 'The next messages to the device name a one-time pre-key it already used.', params: [device(), count('Messages (default 1)'), persist], done: 'The device’s next messages will name a used pre-key' },
  {
    kind: 'media_expired',
    label: 'Media expired',
    help: 'The media host answers an error instead of the bytes, as WhatsApp’s CDN does for old media; a client then asks the phone to upload it again. Give a message id or an age.',
    params: [
      { name: 'messageId', label: 'Message id', type: 'text', required: false },
      { name: 'olderThanMs', label: 'Or everything older than (ms)', type: 'integer', required: false, min: 0, max: 31_536_000_000 },
      { name: 'status', label: 'Host answers', type: 'choice', required: false, choices: [{ value: 410, label: '410 gone' }, { value: 404, label: '404 not found' }, { value: 403, label: '403 forbidden' }] }
    ],
    done: 'Media expired: the host now refuses it'
  },
  { kind: 'restart_required', label: 'Restart required (515)', help: 'The network ends the device’s stream with 515, as it does right after pairing; the device reconnects at once.', params: [device()], done: '515 sent: the device reconnects' },
  {
    kind: 'stall_login',
    label: 'Stuck login',
    help: 'The device’s connection drops and its next logins hear nothing after the handshake, so it stays STARTING; the app’s watchdog restarts it and gives up to FAILED after a few tries.',
    params: [device(), count('Logins left hanging (empty: every one until cleared)')],
    done: 'The device’s logins now hang'
  },
  {
    kind: 'outage',
    label: 'Long outage',
    help: 'The device’s network is down for a while, long enough for the app to give up (FAILED); when it ends, the app’s background retry brings it back.',
    params: [device(), { name: 'durationMs', label: 'For (ms)', type: 'integer', required: true, min: 1, max: 86_400_000 }],
    done: 'Outage started'
  },
  {
    kind: 'refuse_new_chats',
    label: 'Refuse new chats (463)',
    help: 'The account’s next messages that would open a new chat are refused with 463, with no timelock notice first; replies in existing chats go on.',
    params: [phone, count('Messages refused (default 1)')],
    done: 'The account’s next new-chat messages will be refused'
  },
  {
    kind: 'restrict_account',
    label: 'Restrict the account (463 everywhere)',
    help: 'Every message the account sends, in existing chats too, is refused with 463 for a while; unlike a reach-out timelock it is not only new contacts. It lifts by itself.',
    params: [phone, { name: 'durationMs', label: 'For (ms)', type: 'integer', required: false, min: 1, max: 86_400_000, help: 'Empty: until lifted' }],
    done: 'Account restricted: its sends are refused'
  },
  {
    kind: 'bad_mac_storm',
    label: 'Bad MAC storm',
    help: 'Simulated senders write to the device at a steady pace and every one of those messages stays undecryptable there (retries included). The app logs them in aggregate, one line a minute.',
    params: [
      device(),
      { name: 'senders', label: 'Senders (numbers, comma-separated)', type: 'text', required: true, help: 'Created if missing', example: '15550000011,15550000012' },
      { name: 'messages', label: 'Messages per sender', type: 'integer', required: false, min: 1, max: 10_000, help: 'Default 100' },
      { name: 'perMinute', label: 'Per minute', type: 'integer', required: false, min: 1, max: 60_000, help: 'Default 1000' }
    ],
    done: 'Storm started'
  },
  {
    kind: 'min_version',
    label: 'Outdated client version (405)',
    help: 'Clients older than this WhatsApp Web version are refused at pairing and login with 405, as the real server fails an outdated client; the app learns the current version from the sandbox and retries once. Empty: accept every version.',
    params: [
      { name: 'version', label: 'Lowest version accepted', type: 'text', required: false, help: 'e.g. 2.3000.1043857761', example: '2.3000.1043857761' },
      { name: 'announceVersion', label: 'Version announced as current', type: 'text', required: false, help: 'Default: the lowest accepted; lower makes the learned one fail too', example: '2.3000.1043857761' }
    ],
    done: 'Client version rule set'
  },
  { kind: 'lift_restriction', label: 'Lift the restriction', help: 'The account may send again.', params: [phone], done: 'Restriction lifted' },
  {
    kind: 'incoming_call',
    label: 'Incoming call',
    help: 'The person rings a number (an instance’s); unless answered or declined, the call ends after a while as a missed call or the caller hangs up. An instance set to reject calls declines it at once.',
    params: [
      { ...phone, label: 'Caller' },
      { name: 'to', label: 'Rings (number)', type: 'text', required: true },
      { name: 'video', label: 'Video call', type: 'boolean', required: false },
      { name: 'ringMs', label: 'Rings for (ms)', type: 'integer', required: false, min: 0, max: 600_000, help: 'Default 30000' },
      { name: 'outcome', label: 'Then', type: 'choice', required: false, choices: [{ value: 'timeout', label: 'missed call (timeout)' }, { value: 'cancel', label: 'the caller hangs up' }] }
    ],
    done: 'The phone is ringing'
  },
  { kind: 'clear', label: 'Clear faults', help: 'Removes delays, network-down periods, pending conflicts and decryption faults (bans stay: lift them one by one).', params: [], done: 'Faults cleared' }
]
