// Changes to stored messages: status (message.ack), revoke (message.revoked), edit (message.edited), star,
// per-member group receipts (message.ack.group + message.ack), reactions and "delete for me". Each store
// transition reports whether it changed anything, so a repeated engine event emits nothing twice. Domain
// events: message.ack for every status report of an own stored message, message.updated, message.reaction.
import { WAMessageStubType, type MessageUserReceiptUpdate, type proto, type WAMessageKey, type WAMessageUpdate } from '@whiskeysockets/baileys'
import { ackOf } from '../message-mapper.js'
import { ackPayload, editedPayload, groupAckPayload, reactionPayload, revokedPayload } from '../events/payloads.js'
import { refreshLastMessage } from '../store/chats-repo.js'
import { canonicalJid } from '../store/jids.js'
import { applyEdit, clearChatMessages, deleteMessage, findMessage, markRevoked, raiseAck, setStarred } from '../store/messages-repo.js'
import { setReaction } from '../store/reactions-repo.js'
import { authorOf, canonicalKey, isolated, nowSeconds, toNum, type IngestContext } from './context.js'
import { reportRefusal } from './send-refusals.js'

const find = (ctx: IngestContext, key: WAMessageKey) => (key.id ? findMessage(ctx.db, ctx.instanceId, key.remoteJid ?? null, key.id) : undefined)

export function ingestMessageUpdates(ctx: IngestContext, updates: WAMessageUpdate[]): void {
  for (const { key: rawKey, update } of updates) {
    if (!rawKey?.id) continue
    isolated(ctx, `update of ${rawKey.id}`, () => {
      const key = canonicalKey(ctx, rawKey)
      if (update.status !== undefined && update.status !== null) onStatus(ctx, key, ackOf(update.status), update.messageStubParameters)
      if (update.messageStubType === WAMessageStubType.REVOKE && update.message === null) onRevoke(ctx, key)
      const edited = update.message?.editedMessage?.message
      if (edited) onEdit(ctx, key, edited, toNum(update.messageTimestamp) || nowSeconds(ctx))
      if (typeof update.starred === 'boolean') {
        const stored = find(ctx, key)
        if (stored) setStarred(ctx.db, stored.pk, update.starred, ctx.now)
      }
    })
  }
}

function onStatus(ctx: IngestContext, key: WAMessageKey, ack: number, stub: WAMessageUpdate['update']['messageStubParameters']): void {
  const stored = find(ctx, key)
  if (!stored) return
  const prev = raiseAck(ctx.db, stored.pk, ack, ctx.now)
  // Acks are reported for own messages (receipts of what we sent); our own reads of incoming ones are not.
  if (!stored.fromMe) return
  // The network refused it (ack error): reported once, with the reason (send-refusals.ts).
  if (ack === -1) {
    if (prev !== null) reportRefusal(ctx, stored.message.key, stored.chatId, stub)
    return
  }
  if (prev !== null) ctx.emit('message.ack', ackPayload(stored.message.key, ack, nowSeconds(ctx), ctx.payload))
  ctx.publish('message.ack', { chatId: stored.chatId, id: stored.id, ack: prev !== null ? ack : stored.ack })
}

/** `key` is the revoke's: its id is the revoked message, fromMe/participant say who revoked. */
function onRevoke(ctx: IngestContext, key: WAMessageKey): void {
  const revokedBy = authorOf(ctx, key)
  const at = nowSeconds(ctx)
  const stored = find(ctx, key)
  if (stored) {
    const before = markRevoked(ctx.db, stored.pk, revokedBy, at, ctx.now)
    if (before) {
      ctx.emit('message.revoked', revokedPayload(stored.message.key, revokedBy, at, before.message, ctx.payload))
      ctx.publish('message.updated', { chatId: stored.chatId, id: stored.id, change: 'revoked' })
    }
    return
  }
  // Unknown to the store (older than our history): still report it, once (the engine announces it once).
  ctx.emit('message.revoked', revokedPayload(key, revokedBy, at, null, ctx.payload))
  ctx.publish('message.updated', { chatId: key.remoteJid ?? '', id: key.id!, change: 'revoked' })
}

function onEdit(ctx: IngestContext, key: WAMessageKey, edited: proto.IMessage, editedAt: number): void {
  const stored = find(ctx, key)
  if (stored) {
    const change = applyEdit(ctx.db, stored.pk, edited, editedAt, ctx.now)
    if (!change) return
    const after = findMessage(ctx.db, ctx.instanceId, stored.chatId, stored.id)!
    ctx.emit('message.edited', editedPayload(after.message, change.prevBody, ctx.payload))
    ctx.publish('message.updated', { chatId: stored.chatId, id: stored.id, change: 'edited' })
    return
  }
  const author = authorOf(ctx, key)
  const original: WAMessageKey = { ...key, fromMe: key.fromMe, participant: key.participant ?? (key.fromMe ? undefined : author) }
  ctx.emit('message.edited', editedPayload({ key: original, message: edited, messageTimestamp: editedAt }, null, ctx.payload))
  ctx.publish('message.updated', { chatId: key.remoteJid ?? '', id: key.id!, change: 'edited' })
}

/** Group and broadcast receipts, per member: delivered (2), read (3), played (4). */
export function ingestReceipts(ctx: IngestContext, receipts: MessageUserReceiptUpdate[]): void {
  for (const { key: rawKey, receipt } of receipts) {
    if (!rawKey?.id || !receipt?.userJid) continue
    isolated(ctx, `receipt of ${rawKey.id}`, () => onReceipt(ctx, rawKey, receipt))
  }
}

function onReceipt(ctx: IngestContext, rawKey: WAMessageKey, receipt: MessageUserReceiptUpdate['receipt']): void {
  const key = canonicalKey(ctx, rawKey)
  const stored = find(ctx, key)
  if (!stored) return
  const ack = receipt.playedTimestamp ? 4 : receipt.readTimestamp ? 3 : receipt.receiptTimestamp ? 2 : 0
  if (!ack) return
  const at = toNum(receipt.playedTimestamp ?? receipt.readTimestamp ?? receipt.receiptTimestamp) || nowSeconds(ctx)
  const member = canonicalJid(ctx.db, ctx.instanceId, receipt.userJid)
  ctx.emit('message.ack.group', groupAckPayload(stored.message.key, member, ack, at))
  // The message's own ack follows the first member to reach each level.
  if (raiseAck(ctx.db, stored.pk, ack, ctx.now) !== null && stored.fromMe) {
    ctx.emit('message.ack', ackPayload(stored.message.key, ack, at, ctx.payload, member))
  }
}

export function ingestReactions(ctx: IngestContext, reactions: { key: WAMessageKey; reaction: proto.IReaction }[]): void {
  for (const { key: rawTarget, reaction } of reactions) {
    if (!rawTarget?.id || !reaction?.key) continue
    isolated(ctx, `reaction to ${rawTarget.id}`, () => onReaction(ctx, rawTarget, reaction))
  }
}

function onReaction(ctx: IngestContext, rawTarget: WAMessageKey, reaction: proto.IReaction): void {
  const target = canonicalKey(ctx, rawTarget)
  const reactionKey = canonicalKey(ctx, reaction.key as WAMessageKey)
  const sender = authorOf(ctx, reactionKey)
  const text = reaction.text ?? ''
  const at = Math.floor(toNum(reaction.senderTimestampMs) / 1000) || nowSeconds(ctx)
  const stored = find(ctx, target)
  const targetKey = stored?.message.key ?? target
  const changed = setReaction(ctx.db, ctx.instanceId, {
    chatId: targetKey.remoteJid ?? '',
    messageId: target.id!,
    sender,
    text,
    reactionId: reactionKey.id ?? null,
    timestamp: at
  })
  if (!changed) return
  ctx.emit('message.reaction', reactionPayload(targetKey, reactionKey, sender, text, at, ctx.payload))
  ctx.publish('message.reaction', { chatId: targetKey.remoteJid ?? '', messageId: target.id!, sender, text })
}

/** "Delete for me" (no webhook event): the rows go and the chat's last message is recomputed. */
export function ingestMessagesDelete(ctx: IngestContext, del: { keys: WAMessageKey[] } | { jid: string; all: true }): void {
  if ('keys' in del) {
    const chats = new Set<string>()
    for (const raw of del.keys) {
      const stored = find(ctx, canonicalKey(ctx, raw))
      if (stored && deleteMessage(ctx.db, stored.pk)) chats.add(stored.chatId)
    }
    for (const chat of chats) refreshLastMessage(ctx.db, ctx.instanceId, chat, ctx.now)
    return
  }
  const chat = canonicalJid(ctx.db, ctx.instanceId, del.jid)
  clearChatMessages(ctx.db, ctx.instanceId, chat)
  refreshLastMessage(ctx.db, ctx.instanceId, chat, ctx.now)
}
