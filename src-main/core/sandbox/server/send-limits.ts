// Send limits of the real network, per phone (setting `send_limits`): a reach-out timelock refuses 1:1 messages
// that would open a new chat (no earlier message either way) with ack error 463, and a new-chat message cap
// refuses the chats past it with 475. As on WhatsApp the server acks the <message> with `error` (nothing is
// routed) and tells the account's devices through a mex notification (Baileys: connection.update
// `reachoutTimeLock`, `message-capping.update`).
import type { Db } from '../../db/connection.js'
import { countNewChats, countNewChatsSince, getPhoneSetting, hasConversation, recordConversation, recordNewChatSend, setPhoneSetting } from '../store/settings-repo.js'
import { genId, node, tstr } from '../wire/nodes.js'
import { S_WA } from '../wire/jid.js'
import { sandboxErrors } from '../errors.js'
import type { SandboxServer } from './context.js'

export interface SendLimits {
  /** `timelock`: messages that open a new chat are refused with 463 until `timelock_until`. */
  new_contacts: 'allow' | 'timelock'
  /** When the timelock ends (ms since the epoch); null = until set back to `allow`. */
  timelock_until: number | null
  /** New chats the account may open (475 past it); null = no cap. */
  message_cap: number | null
  /** The network's own trigger: after `new_chats` new chats within `window_seconds`, a timelock of `lock_seconds` (463). */
  timelock_after: TimelockRule | null
  /** New chats before this time (ms) no longer count for the rule (the last lock it set, until its end). */
  rule_since?: number
}

export interface TimelockRule {
  new_chats: number
  window_seconds: number
  lock_seconds: number
}

export const DEFAULT_SEND_LIMITS: SendLimits = { new_contacts: 'allow', timelock_until: null, message_cap: null, timelock_after: null }
const KEY = 'send_limits'

/** The ack error codes the real server answers (Baileys: NACK 463 SenderReachoutTimelocked; 475 message capping). */
export type SendRefusal = '463' | '475'

export function sendLimitsOf(db: Db, phone: string): SendLimits {
  return { ...DEFAULT_SEND_LIMITS, ...getPhoneSetting<Partial<SendLimits>>(db, phone, KEY) }
}

const timelockActive = (l: SendLimits, now: number) => l.new_contacts === 'timelock' && (l.timelock_until === null || l.timelock_until > now)

/** Stores the phone's limits and tells its devices when the timelock starts or ends (as the server's notification). */
export function setSendLimits(s: SandboxServer, phone: string, patch: Partial<SendLimits>, now = Date.now()): SendLimits {
  const before = sendLimitsOf(s.db, phone)
  const next: SendLimits = { ...before, ...patch }
  if (patch.new_contacts === 'allow' && patch.timelock_until === undefined) next.timelock_until = null
  setPhoneSetting(s.db, phone, KEY, next)
  if (timelockActive(before, now) !== timelockActive(next, now) || (timelockActive(next, now) && before.timelock_until !== next.timelock_until)) {
    notifyTimelock(s, phone, next, now)
  }
  // A raised or removed cap is announced (the devices may open chats again); reaching it is announced by a refusal.
  if (patch.message_cap !== undefined && patch.message_cap !== before.message_cap && !cappedNow(s.db, phone, next)) notifyCapping(s, phone, next)
  return next
}

/**
 * Whether a 1:1 message from `sender` to `recipient` is refused. Called inside the routing transaction; an
 * accepted message that opens a chat is counted against the cap and starts the conversation.
 */
export function checkNewChat(s: SandboxServer, sender: string, recipient: string, now = Date.now()): SendRefusal | undefined {
  if (sender === recipient || hasConversation(s.db, sender, recipient)) return undefined
  const limits = sendLimitsOf(s.db, sender)
  if (timelockActive(limits, now)) return '463'
  if (limits.message_cap !== null && countNewChats(s.db, sender) >= limits.message_cap) return '475'
  const rule = limits.timelock_after
  if (rule && countNewChatsSince(s.db, sender, Math.max(now - rule.window_seconds * 1000, limits.rule_since ?? 0)) >= rule.new_chats) {
    // Too many new chats too fast: the network locks reach-outs now (this message is the first one refused).
    const until = now + rule.lock_seconds * 1000
    setPhoneSetting(s.db, sender, KEY, { ...limits, new_contacts: 'timelock', timelock_until: until, rule_since: until })
    return '463'
  }
  if (limits.message_cap !== null || rule) recordNewChatSend(s.db, sender, recipient, now)
  recordConversation(s.db, sender, recipient)
  return undefined
}

/** After a refusal: the account's devices learn their standing, as the real server pushes it. */
export function notifyRefusal(s: SandboxServer, phone: string, code: SendRefusal, now = Date.now()): void {
  const limits = sendLimitsOf(s.db, phone)
  if (code === '463') notifyTimelock(s, phone, limits, now)
  else notifyCapping(s, phone, limits)
}

function mex(opName: string, data: unknown) {
  return node('notification', { from: S_WA, type: 'mex', id: genId(), t: tstr() }, [
    node('update', { op_name: opName }, Buffer.from(JSON.stringify({ data })))
  ])
}

function notifyTimelock(s: SandboxServer, phone: string, l: SendLimits, now: number): void {
  const active = timelockActive(l, now)
  const payload = active
    ? { is_active: true, ...(l.timelock_until !== null ? { time_enforcement_ends: String(Math.ceil(l.timelock_until / 1000)) } : {}), enforcement_type: 'DEFAULT' }
    : { is_active: false }
  s.delivery.deliverToAccount(phone, mex('NotificationUserReachoutTimelockUpdate', { xwa2_notify_account_reachout_timelock: payload }))
}

const cappedNow = (db: Db, phone: string, l: SendLimits) => l.message_cap !== null && countNewChats(db, phone) >= l.message_cap

function notifyCapping(s: SandboxServer, phone: string, l: SendLimits): void {
  const used = countNewChats(s.db, phone)
  const capped = cappedNow(s.db, phone, l)
  const info = { total_quota: l.message_cap ?? 0, used_quota: used, server_sent_timestamp: tstr(), capping_status: capped ? 'CAPPED' : 'NONE' }
  s.delivery.deliverToAccount(phone, mex('MessageCappingInfoNotification', { xwa2_notify_new_chat_messages_capping_info_update: info }))
}

/** The send-limit part of an admin settings patch (timelock_until as ISO 8601 or ms), or undefined when it has none. */
export function sendLimitsPatch(p: { new_contacts?: 'allow' | 'timelock'; timelock_until?: string | number | null; message_cap?: number | null; timelock_after?: TimelockRule | null }): Partial<SendLimits> | undefined {
  const out: Partial<SendLimits> = {}
  if (p.new_contacts !== undefined) out.new_contacts = p.new_contacts
  if (p.timelock_until !== undefined) {
    const until = p.timelock_until === null ? null : typeof p.timelock_until === 'number' ? p.timelock_until : Date.parse(p.timelock_until)
    if (until !== null && !Number.isFinite(until)) throw sandboxErrors.invalidRequest('timelock_until is not an ISO 8601 time', ['timelock_until'])
    out.timelock_until = until
  }
  if (p.message_cap !== undefined) out.message_cap = p.message_cap
  if (p.timelock_after !== undefined) out.timelock_after = p.timelock_after
  return Object.keys(out).length ? out : undefined
}
