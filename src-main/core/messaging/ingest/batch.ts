// One Baileys event batch of one instance -> store rows + outbox rows + queued domain events, in a fixed order
// (mappings and contacts first, so messages resolve LIDs; history before live messages). Each kind runs in its
// own savepoint: a handler that throws rolls back only its own part (and its queued events) and is logged, the
// rest commits.
import type { BaileysEventMap } from '@whiskeysockets/baileys'
import { ingestChats, ingestChatsDelete, ingestChatUpdates, ingestContacts, ingestLabelAssociation, ingestLabelEdit } from './chats.js'
import { learnMappings, savepoint, type IngestContext } from './context.js'
import { ingestChannelSettings } from './channels.js'
import { ingestGroupPicture, ingestGroupsUpdate, ingestGroupsUpsert, ingestParticipants } from './groups.js'
import { ingestMessagesDelete, ingestMessageUpdates, ingestReactions, ingestReceipts } from './message-updates.js'
import { ingestHistoryMessages, ingestUpsert } from './messages.js'
import { ingestCalls, ingestPresence } from './signals.js'
import { ingestMessageCapping, ingestReachoutTimelock } from './send-refusals.js'

export type BatchErrorReporter = (err: unknown, kind: string) => void

type Step = [keyof BaileysEventMap, (ctx: IngestContext, events: Partial<BaileysEventMap>) => void]

const STEPS: Step[] = [
  ['lid-mapping.update', (c, e) => learnMappings(c, [e['lid-mapping.update']!], 'lid-mapping.update')],
  [
    'messaging-history.set',
    (c, e) => {
      const h = e['messaging-history.set']!
      learnMappings(c, h.lidPnMappings ?? [], 'history')
      ingestContacts(c, h.contacts, 'history')
      ingestChats(c, h.chats, true)
      ingestHistoryMessages(c, h.messages)
    }
  ],
  [
    'contacts.upsert',
    (c, e) => ingestContacts(c, e['contacts.upsert']!)
  ],
  [
    'contacts.update',
    (c, e) => {
      const updates = e['contacts.update']!
      ingestContacts(c, updates)
      for (const u of updates) if (u.id?.endsWith('@g.us') && u.imgUrl !== undefined) ingestGroupPicture(c, u.id)
    }
  ],
  ['chats.upsert', (c, e) => ingestChats(c, e['chats.upsert']!, false)],
  ['groups.upsert', (c, e) => ingestGroupsUpsert(c, e['groups.upsert']!)],
  ['messages.upsert', (c, e) => ingestUpsert(c, e['messages.upsert']!)],
  ['messages.update', (c, e) => ingestMessageUpdates(c, e['messages.update']!)],
  ['message-receipt.update', (c, e) => ingestReceipts(c, e['message-receipt.update']!)],
  ['messages.reaction', (c, e) => ingestReactions(c, e['messages.reaction']!)],
  ['messages.delete', (c, e) => ingestMessagesDelete(c, e['messages.delete']!)],
  ['chats.update', (c, e) => ingestChatUpdates(c, e['chats.update']!)],
  ['chats.delete', (c, e) => ingestChatsDelete(c, e['chats.delete']!)],
  ['groups.update', (c, e) => ingestGroupsUpdate(c, e['groups.update']!)],
  ['group-participants.update', (c, e) => ingestParticipants(c, e['group-participants.update']!)],
  ['newsletter-settings.update', (c, e) => ingestChannelSettings(c, e['newsletter-settings.update']!)],
  ['labels.edit', (c, e) => ingestLabelEdit(c, e['labels.edit']!)],
  ['labels.association', (c, e) => ingestLabelAssociation(c, e['labels.association']!)],
  ['presence.update', (c, e) => ingestPresence(c, e['presence.update']!)],
  ['call', (c, e) => ingestCalls(c, e.call!)],
  ['connection.update', (c, e) => ingestReachoutTimelock(c, e['connection.update']!)],
  ['message-capping.update', (c, e) => ingestMessageCapping(c, e['message-capping.update']!)]
]

/** Runs inside the caller's transaction. */
export function ingestBatch(ctx: IngestContext, events: Partial<BaileysEventMap>, onError: BatchErrorReporter): void {
  for (const [kind, run] of STEPS) {
    if (events[kind] === undefined) continue
    try {
      savepoint(ctx, () => run(ctx, events))
    } catch (err) {
      onError(err, kind)
    }
  }
}
