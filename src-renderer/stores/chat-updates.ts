// Pure rules for live chat updates: ticks only move forward, a message merges into a thread by id, a chat
// matches a search as the core's search does, and a message becomes a chat's last message.
import type { ChatDto, MessageAck, MessageDto } from '../../src-preload/contract/dto.js'
import { mediaLabel } from '../../src-preload/contract/media-label.js'

const ACK_RANK: Record<MessageAck, number> = { failed: -1, pending: 0, sent: 1, delivered: 2, read: 3 }

/** Acks arrive out of order (a send's answer after the store's push): never go back from read to sent. */
export function laterAck(current: MessageAck | null, next: MessageAck | null): MessageAck | null {
  if (current === null || next === null) return next ?? current
  if (next === 'failed') return current === 'pending' || current === 'sent' ? 'failed' : current
  return ACK_RANK[next] >= ACK_RANK[current] ? next : current
}

/** Oldest first; a message already there (same id) is replaced, keeping the furthest tick. */
export function upsertMessage(list: MessageDto[], m: MessageDto): MessageDto[] {
  const old = list.find((x) => x.id === m.id)
  if (!old) return [...list, m].sort((a, b) => a.timestamp - b.timestamp)
  return list.map((x) => (x.id === m.id ? { ...m, ack: laterAck(old.ack, m.ack) } : x))
}

/** The core's rule (chats-service.ts): the name contains the text, or the chat id contains it. */
export function matchesSearch(chat: Pick<ChatDto, 'id' | 'name'>, search: string): boolean {
  const needle = search.trim().toLowerCase()
  return !needle || chat.name.toLowerCase().includes(needle) || chat.id.includes(needle)
}

export function lastMessageOf(m: MessageDto): NonNullable<ChatDto['lastMessage']> {
  return { id: m.id, text: m.text ?? (m.media ? mediaLabel(m.media) : null), timestamp: m.timestamp, fromMe: m.fromMe, ack: m.ack }
}
