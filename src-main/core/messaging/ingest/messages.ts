// messages.upsert and the messages of a history sync: store each real message once; a live new message
// emits message.any (and message when incoming); poll votes and event responses go to votes.ts. Every live
// message in the store afterwards (new or announced again) publishes message.stored; history publishes nothing.
import { getContentType, normalizeMessageContent, type proto, type WAMessage } from '@whiskeysockets/baileys'
import { messagePayload, ackPayload } from '../events/payloads.js'
import { touchChatWithMessage } from '../store/chats-repo.js'
import { upsertContact } from '../store/contacts-repo.js'
import { upsertMessage, messageColumns } from '../store/messages-repo.js'
import { authorOf, canonicalKey, isolated, nowSeconds, savepoint, toNum, type IngestContext } from './context.js'
import { ingestEventResponse, ingestPollVote } from './votes.js'
import { reportRefusal } from './send-refusals.js'
import { ingestStub, isUndecryptableStub, settlePlaceholder } from './undecryptable.js'

/** Content kinds that change other messages or carry no chat content: never stored as messages. */
const NOT_MESSAGES = new Set([
  'protocolMessage',
  'reactionMessage',
  'encReactionMessage',
  'pollUpdateMessage',
  'encEventResponseMessage',
  'keepInChatMessage',
  'pinInChatMessage',
  'senderKeyDistributionMessage',
  'messageHistoryBundle',
  'messageHistoryNotice'
])

export const isStorable = (content: proto.IMessage | undefined): boolean => {
  const type = content ? getContentType(content) : undefined
  return !!type && !NOT_MESSAGES.has(type)
}

/** The message with its key canonical and its timestamp a plain number. */
function canonicalMessage(ctx: IngestContext, m: WAMessage, history = false): WAMessage {
  return { ...m, key: canonicalKey(ctx, m.key, history ? 'history' : 'message'), messageTimestamp: toNum(m.messageTimestamp) || nowSeconds(ctx) }
}

/**
 * Stores a message; returns whether it was new. Shared by live upserts and history sync. `pushNames`, when given,
 * holds the push name last written per sender in this run: a history slice is mostly one chat's messages, and
 * writing the same name again for each of them was a seventh of the slice's time.
 */
function store(ctx: IngestContext, m: WAMessage, live: boolean, countUnread: boolean, pushNames?: Map<string, string>): ReturnType<typeof upsertMessage> {
  const chatId = m.key.remoteJid ?? ''
  const sender = authorOf(ctx, m.key) || null
  const res = upsertMessage(ctx.db, ctx.instanceId, { chatId, sender, message: m, now: ctx.now })
  if (res.inserted) {
    touchChatWithMessage(ctx.db, ctx.instanceId, chatId, { pk: res.pk, timestamp: Number(m.messageTimestamp), markRead: live && !!m.key.fromMe, countUnread }, ctx.now)
  }
  if (!m.key.fromMe && m.pushName && sender && pushNames?.get(sender) !== m.pushName) {
    upsertContact(ctx.db, ctx.instanceId, sender, { notify: m.pushName }, ctx.now)
    pushNames?.set(sender, m.pushName)
  }
  return res
}

export function ingestUpsert(ctx: IngestContext, batch: { messages: WAMessage[]; type: string }): void {
  // 'notify' = arrived live (or while offline); 'append' = own sends and other additions. Both are new to the
  // store the first time; the store says whether we have seen a message before (dedupe at the source).
  for (const raw of batch.messages) {
    if (!raw.key?.id || !raw.key.remoteJid) continue
    isolated(ctx, `message ${raw.key.id}`, () => upsertOne(ctx, raw, batch.type))
  }
}

function upsertOne(ctx: IngestContext, raw: WAMessage, type: string): void {
  const m = canonicalMessage(ctx, raw)
  const content = normalizeMessageContent(m.message)
  // Could not be decrypted: a placeholder until a retry recovers it (undecryptable.ts).
  if (isUndecryptableStub(m)) return ingestStub(ctx, m, () => store(ctx, m, true, !m.key.fromMe && type === 'notify'))
  // A recovered message replaces its placeholder and is announced as new.
  const recovered = settlePlaceholder(ctx, m, isStorable(content))
  if (content?.pollUpdateMessage) return ingestPollVote(ctx, raw, m, content.pollUpdateMessage)
  if (content?.encEventResponseMessage) return ingestEventResponse(ctx, raw, m, content.encEventResponseMessage)
  if (!isStorable(content)) return
  const fromMe = !!m.key.fromMe
  const res = store(ctx, m, true, !fromMe && type === 'notify')
  ctx.publish('message.stored', { chatId: m.key.remoteJid!, id: m.key.id!, fromMe, inserted: res.inserted || recovered })
  if (res.inserted || recovered) {
    const payload = messagePayload(m, ctx.payload)
    ctx.emit('message.any', payload)
    if (!fromMe) ctx.emit('message', payload)
    // An own message first seen already acknowledged (the engine folds fast receipts into the upsert).
    else if (payload.ack >= 1) {
      ctx.emit('message.ack', ackPayload(m.key, payload.ack, nowSeconds(ctx), ctx.payload))
      // Subscribers (campaign receipts, the UI's ticks) hear it too, not only the webhooks.
      ctx.publish('message.ack', { chatId: m.key.remoteJid!, id: m.key.id!, ack: payload.ack })
    }
    // ...or already refused by the network (the server's error ack folded into the send's upsert).
    else if (payload.ack === -1) reportRefusal(ctx, m.key, m.key.remoteJid!, m.messageStubParameters)
  } else if (fromMe && res.previousAck !== null) {
    // A repeat that carries a higher status (e.g. the server ack folded into the append).
    const ack = messageColumns(m).ack
    if (ack > res.previousAck) {
      ctx.emit('message.ack', ackPayload(m.key, ack, nowSeconds(ctx), ctx.payload))
      ctx.publish('message.ack', { chatId: m.key.remoteJid!, id: m.key.id!, ack })
    }
  }
}

/**
 * History sync: messages are stored without events (they are not new activity). The whole list runs in one
 * savepoint (a savepoint per message was a third of a history slice's SQLite time); only when something in it throws
 * is it rolled back and run again one message per savepoint, so a message the mapper cannot handle is logged and
 * skipped alone, as before, and the others are stored.
 */
export function ingestHistoryMessages(ctx: IngestContext, messages: WAMessage[]): void {
  const run = (pushNames: Map<string, string> | undefined) => (raw: WAMessage) => {
    const m = canonicalMessage(ctx, raw, true)
    if (isStorable(normalizeMessageContent(m.message))) store(ctx, m, false, false, pushNames)
  }
  const valid = messages.filter((raw) => raw.key?.id && raw.key.remoteJid)
  try {
    savepoint(ctx, () => valid.forEach(run(new Map())))
  } catch {
    // Item by item, each in its own savepoint; no push-name memo (a rolled-back item's name was never written).
    const storeOne = run(undefined)
    for (const raw of valid) isolated(ctx, `history message ${raw.key.id}`, () => storeOne(raw))
  }
}
