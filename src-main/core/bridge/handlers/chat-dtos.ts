// The chats service's domain types (services/chats-service.ts) -> the Chats view's DTOs (src-preload/contract/dto.ts):
// ms timestamps, WAHA acks as ticks, placeholders for deleted and undecryptable messages. Pure mapping.
import type { ChatDto, MediaContentDto, MessageAck, MessageDto, MessagesPageDto, WaitReasonDto } from '../../../../src-preload/contract/dto.js'
import { mediaLabel } from '../../../../src-preload/contract/media-label.js'
import { toApiChatId } from '../../messaging/chat-ids.js'
import type { OutboundQueueInfo } from '../../messaging/reads/outbound-history.js'
import type { ChatMedia, ChatMessage, ChatMessagesPage, ChatSummary, SentChatMessage } from '../../services/chats-service.js'

/** WAHA acks (-1 ERROR, 0 PENDING, 1 SERVER, 2 DEVICE, 3 READ, 4 PLAYED) as the UI's ticks. */
export function ackName(ack: number): MessageAck {
  if (ack < 0) return 'failed'
  return (['pending', 'sent', 'delivered', 'read', 'read'] as const)[Math.min(ack, 4)]!
}

/** A message's queue state for the thread (issue 20 item 1). */
const queueDto = (q: OutboundQueueInfo): NonNullable<MessageDto['queue']> => ({
  state: q.state,
  reason: (q.reason as WaitReasonDto | null) ?? null,
  notBefore: q.notBefore,
  acceptedAt: q.acceptedAt,
  error: q.error?.message ?? null,
  errorCode: q.error?.code ?? null,
  resendable: q.resendable
})

export function messageDto({ message: m, senderName, undecryptable, queue }: ChatMessage): MessageDto {
  const dto: MessageDto = {
    id: m.id,
    chatId: toApiChatId(m.chatId),
    fromMe: m.fromMe,
    sender: senderName,
    text: m.revokedAt ? 'This message was deleted' : undecryptable ? 'This message could not be decrypted' : m.body || null,
    timestamp: m.timestamp * 1000,
    ack: m.fromMe ? ackName(m.ack) : null,
    media: m.media ? { mimetype: m.media.mimetype ?? 'application/octet-stream', filename: m.media.filename, url: null } : null
  }
  return queue ? { ...dto, queue: queueDto(queue) } : dto
}

export function chatDto(c: ChatSummary): ChatDto {
  const last = c.lastMessage
  return {
    ...(c.labels.length ? { labels: c.labels } : {}),
    id: c.chatId,
    name: c.name,
    unreadCount: c.unreadCount,
    timestamp: c.lastMessageAt * 1000,
    lastMessage: last
      ? {
          id: last.id,
          text: last.body || (last.media ? mediaLabel({ mimetype: last.media.mimetype ?? 'application/octet-stream', filename: last.media.filename }) : null),
          timestamp: last.timestamp * 1000,
          fromMe: last.fromMe,
          ack: last.fromMe ? ackName(last.ack) : null
        }
      : null
  }
}

export const messagesPageDto = (p: ChatMessagesPage): MessagesPageDto => ({ messages: p.messages.map(messageDto), hasMore: p.hasMore, cursor: p.cursor })

/** What a send answered, until the store's own copy arrives (same id) through the live push. */
export const sentDto = (s: SentChatMessage): MessageDto => ({
  id: s.id,
  chatId: s.chatId,
  fromMe: true,
  sender: null,
  text: s.text,
  timestamp: s.at,
  ack: s.queued ? 'pending' : 'sent',
  media: s.media ? { ...s.media, url: null } : null
})

export const mediaContentDto = (m: ChatMedia): MediaContentDto => ({ mimetype: m.mimetype, filename: m.filename, size: m.size, dataUrl: m.dataUrl })
