// Chats, contacts, LID mappings and labels: from history sync and app-state sync (archive -> chat.archive,
// labels -> label.*). History sync stores without events; a change of archive state emits once. A real label
// change also publishes label.changed.
import type { BaileysEventMap, Chat, ChatUpdate, Contact } from '@whiskeysockets/baileys'
import { chatArchivePayload, labelChatPayload, labelPayload } from '../events/payloads.js'
import { deleteChat, patchChat, setEngineArchived, type ChatPatch } from '../store/chats-repo.js'
import { upsertContact, type ContactPatch } from '../store/contacts-repo.js'
import { canonicalJid } from '../store/jids.js'
import { addChatLabel, deleteLabel, getLabel, removeChatLabel, upsertLabel } from '../store/labels-repo.js'
import { learnMappings, nowSeconds, toNum, type IngestContext } from './context.js'

function chatPatch(c: Partial<Chat> | ChatUpdate): ChatPatch {
  const p: ChatPatch = {}
  if (typeof c.name === 'string') p.name = c.name
  if (typeof c.archived === 'boolean') p.archived = c.archived
  if (c.pinned !== undefined) p.pinnedAt = c.pinned ? toNum(c.pinned) : null
  if (c.muteEndTime !== undefined) p.mutedUntil = c.muteEndTime ? toNum(c.muteEndTime) : null
  if (typeof c.markedAsUnread === 'boolean') p.markedUnread = c.markedAsUnread
  // Positive unreadCount values in updates are deltas the engine's buffer summed; we count unread messages
  // ourselves, so only "read" (0) and "marked unread" (-1) are taken from the engine.
  if (typeof c.unreadCount === 'number' && c.unreadCount <= 0) {
    p.unreadCount = 0
    p.markedUnread = c.unreadCount < 0
  }
  if (c.conversationTimestamp) p.lastMessageAt = toNum(c.conversationTimestamp)
  return p
}

const chatJid = (ctx: IngestContext, c: { id?: string | null; pnJid?: string | null; lidJid?: string | null }, history = false): string => {
  if (c.id && c.pnJid) learnMappings(ctx, [{ lid: c.lidJid ?? c.id, pn: c.pnJid }], history ? 'history' : 'chats')
  return canonicalJid(ctx.db, ctx.instanceId, c.id, c.pnJid)
}

/** History sync chats and chats.upsert: stored, no events. */
export function ingestChats(ctx: IngestContext, chats: (Chat | Partial<Chat>)[], history: boolean): void {
  for (const c of chats) {
    if (!c.id) continue
    const p = chatPatch(c)
    // A history chat's unread count is absolute (the phone's count), not a delta.
    if (history && typeof c.unreadCount === 'number' && c.unreadCount > 0) p.unreadCount = c.unreadCount
    const jid = chatJid(ctx, c, history)
    patchChat(ctx.db, ctx.instanceId, jid, p, ctx.now)
    if (typeof c.archived === 'boolean') setEngineArchived(ctx.db, ctx.instanceId, jid, c.archived, ctx.now)
  }
}

/** chats.update: live changes; archive state changes emit chat.archive. */
export function ingestChatUpdates(ctx: IngestContext, updates: ChatUpdate[]): void {
  for (const u of updates) {
    if (!u.id) continue
    const jid = chatJid(ctx, u)
    patchChat(ctx.db, ctx.instanceId, jid, chatPatch(u), ctx.now)
    if (typeof u.archived === 'boolean' && setEngineArchived(ctx.db, ctx.instanceId, jid, u.archived, ctx.now) !== u.archived) {
      ctx.emit('chat.archive', chatArchivePayload(jid, u.archived, toNum(u.timestamp) || nowSeconds(ctx)))
    }
  }
}

export function ingestChatsDelete(ctx: IngestContext, ids: string[]): void {
  for (const id of ids) deleteChat(ctx.db, ctx.instanceId, canonicalJid(ctx.db, ctx.instanceId, id))
}

export function ingestContacts(ctx: IngestContext, contacts: Partial<Contact>[], source: 'contacts' | 'history' = 'contacts'): void {
  for (const c of contacts) {
    if (!c.id) continue
    const lid = c.lid ?? (c.id.endsWith('@lid') ? c.id : undefined)
    const pn = c.phoneNumber ?? (c.id.endsWith('@s.whatsapp.net') ? c.id : undefined)
    if (lid && pn) learnMappings(ctx, [{ lid, pn }], source)
    const jid = canonicalJid(ctx.db, ctx.instanceId, c.id, pn)
    if (!jid.endsWith('@s.whatsapp.net') && !jid.endsWith('@lid')) continue // groups/channels are chats, not contacts
    const p: ContactPatch = {}
    if (lid) p.lid = lid
    if (c.name !== undefined) p.name = c.name ?? null
    if (c.notify !== undefined) p.notify = c.notify ?? null
    if (c.verifiedName !== undefined) {
      p.verifiedName = c.verifiedName ?? null
      p.isBusiness = !!c.verifiedName
    }
    if (c.imgUrl !== undefined) p.imgUrl = c.imgUrl ?? null
    if (c.status !== undefined) p.status = c.status ?? null
    upsertContact(ctx.db, ctx.instanceId, jid, p, ctx.now)
  }
}

export function ingestLabelEdit(ctx: IngestContext, label: BaileysEventMap['labels.edit']): void {
  if (label.deleted) {
    const gone = deleteLabel(ctx.db, ctx.instanceId, label.id)
    if (!gone) return
    ctx.emit('label.deleted', labelPayload(gone))
    ctx.publish('label.changed', { labelId: label.id, change: 'deleted' })
    return
  }
  const stored = { id: label.id, name: label.name ?? '', color: toNum(label.color), predefinedId: label.predefinedId ?? null }
  if (!upsertLabel(ctx.db, ctx.instanceId, stored, ctx.now)) return
  ctx.emit('label.upsert', labelPayload(stored))
  ctx.publish('label.changed', { labelId: label.id, change: 'upserted' })
}

export function ingestLabelAssociation(ctx: IngestContext, a: BaileysEventMap['labels.association']): void {
  const assoc = a.association
  if (assoc.type !== 'label_jid') return // message labels are not part of the v2 events
  const chat = canonicalJid(ctx.db, ctx.instanceId, assoc.chatId)
  const label = getLabel(ctx.db, ctx.instanceId, assoc.labelId)
  if (a.type === 'add') {
    if (!addChatLabel(ctx.db, ctx.instanceId, assoc.labelId, chat)) return
    ctx.emit('label.chat.added', labelChatPayload(assoc.labelId, label, chat))
    ctx.publish('label.changed', { labelId: assoc.labelId, change: 'chat-added', chatId: chat })
  } else if (removeChatLabel(ctx.db, ctx.instanceId, assoc.labelId, chat)) {
    ctx.emit('label.chat.deleted', labelChatPayload(assoc.labelId, label, chat))
    ctx.publish('label.changed', { labelId: assoc.labelId, change: 'chat-removed', chatId: chat })
  }
}
