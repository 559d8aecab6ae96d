// The network refusing our sends (issue 10 item 2): a message acked with an error (Baileys: status ERROR with
// the code in messageStubParameters, as a messages.update or folded into the send's own upsert) becomes a
// message.ack webhook with ack -1 and the reason; 463 (reach-out timelock) and 475 (new-chat message capping)
// and the server's notifications of the account's standing (connection.update reachoutTimeLock,
// message-capping.update) become deliverability.changed domain events, which the send pipeline's hold follows.
import type { BaileysEventMap, WAMessageKey } from '@whiskeysockets/baileys'
import type { Db } from '../../db/connection.js'
import { stmt } from '../../db/statements.js'
import type { SendRefusalInfo } from '../../domain/events.js'
import { ackPayload } from '../events/payloads.js'
import { nowSeconds, type IngestContext } from './context.js'

const REASONS: Record<string, SendRefusalInfo['reason']> = { '463': 'reachout_timelocked', '475': 'message_capped' }

export const REFUSAL_MESSAGES: Record<SendRefusalInfo['reason'], string> = {
  reachout_timelocked: 'The network refused the message (463): the account may not start new chats for now (reach-out timelock)',
  message_capped: 'The network refused the message (475): the account reached its cap of new chats (message capping)',
  refused: 'The network refused the message'
}

/** The refusal an error status carries (Baileys puts the ack's error code first in messageStubParameters). */
export function refusalOf(stub: readonly (string | null | undefined)[] | null | undefined): SendRefusalInfo {
  const code = stub?.[0] ? String(stub[0]) : 'unknown'
  return { code, reason: REASONS[code] ?? 'refused' }
}

/** ack -1 of an own stored message: the webhook with the reason, the domain event, and the deliverability news. */
export function reportRefusal(ctx: IngestContext, key: WAMessageKey, chatId: string, stub: readonly (string | null | undefined)[] | null | undefined): void {
  const error = refusalOf(stub)
  const message = error.reason === 'refused' ? `${REFUSAL_MESSAGES.refused} (${error.code})` : REFUSAL_MESSAGES[error.reason]
  ctx.emit('message.ack', { ...ackPayload(key, -1, nowSeconds(ctx), ctx.payload), error: { ...error, message } })
  ctx.publish('message.ack', { chatId, id: key.id!, ack: -1, error })
  if (error.reason === 'refused') return
  // A 463 in a chat the account had already written in is no cold-contact refusal: the account is restricted.
  const restricted = error.reason === 'reachout_timelocked' && wroteBefore(ctx.db, ctx.instanceId, chatId, key.id!)
  ctx.publish('deliverability.changed', {
    limit: restricted ? 'account_restricted' : error.reason === 'reachout_timelocked' ? 'reachout_timelock' : 'message_cap',
    active: true,
    until: null,
    messageId: key.id!
  })
}

/** Whether the chat holds another message that went through (either way) besides the refused one. */
function wroteBefore(db: Db, instanceId: string, chatId: string, refusedId: string): boolean {
  return !!stmt(db, 'SELECT 1 FROM store_messages WHERE instance_id = ? AND chat_id = ? AND id != ? AND ack >= 0 LIMIT 1').get(instanceId, chatId, refusedId)
}

/** The server's notice of a reach-out timelock starting or ending (with its end when it gave one). */
export function ingestReachoutTimelock(ctx: IngestContext, update: BaileysEventMap['connection.update']): void {
  const lock = update.reachoutTimeLock
  if (!lock) return
  const until = lock.timeEnforcementEnds ? new Date(lock.timeEnforcementEnds).getTime() : NaN
  ctx.publish('deliverability.changed', {
    limit: 'reachout_timelock',
    active: !!lock.isActive,
    until: lock.isActive && Number.isFinite(until) && until > ctx.now ? until : null
  })
}

/** The server's notice of the new-chat cap: CAPPED holds new chats until the cycle ends (when it said so). */
export function ingestMessageCapping(ctx: IngestContext, info: BaileysEventMap['message-capping.update']): void {
  const capped = info.capping_status === 'CAPPED'
  const end = info.cycle_end_timestamp ? Number(info.cycle_end_timestamp) * 1000 : NaN
  ctx.publish('deliverability.changed', { limit: 'message_cap', active: capped, until: capped && Number.isFinite(end) && end > ctx.now ? end : null })
}
