// queue.*: the messages an instance has waiting, each with why and until when (the Chats view's "sends in 7 s",
// the restart dialog's count), and the resend of a message a restart dropped (services.send).
import type { MessageDto, QueueInfoDto } from '../../../../src-preload/contract/dto.js'
import { toApiChatId } from '../../messaging/chat-ids.js'
import type { SendCommand } from '../../messaging/send/send-command.js'
import type { BridgeContext } from './context.js'
import type { HandlersOf } from './types.js'

/** What the thread shows of a resent command until the store's copy arrives (same id) through the live push. */
function resentDto(id: string, command: SendCommand, queued: boolean, at: number): MessageDto {
  const c = command as SendCommand & { text?: string; caption?: string; file?: { mimetype?: string; filename?: string } }
  const text = command.kind === 'text' ? (c.text ?? null) : (c.caption ?? null)
  const media = c.file && typeof c.file === 'object' ? { mimetype: c.file.mimetype ?? 'application/octet-stream', filename: c.file.filename ?? null, url: null } : null
  return { id, chatId: toApiChatId(command.chatJid), fromMe: true, sender: null, text, timestamp: at, ack: queued ? 'pending' : 'sent', media }
}

export function queueHandlers({ services: { send, policies, instances }, owned }: BridgeContext): HandlersOf<'queue'> {
  return {
    'queue.info': ({ instanceId }): QueueInfoDto => {
      const row = owned(instanceId)
      const queue = send.queueState(row.id)
      const policy = policies.current(row.id)
      const perMinute = policy.limits.send_message_per_minute
      return {
        instanceId: row.id,
        status: instances.view(row.id)?.status ?? 'STOPPED',
        policy: {
          slug: policy.slug,
          name: policy.name,
          perMinute,
          spacingMs: perMinute && perMinute > 0 ? Math.round(60_000 / perMinute) : null,
          protectionSeconds: policy.limits.account_protection_seconds,
          concurrentLimit: policy.limits.concurrent_limit
        },
        waiting: queue.waiting.map((w) => ({ messageId: w.messageId, chatId: toApiChatId(w.chatJid), position: w.position, reason: w.reason, notBefore: w.notBefore })),
        resendable: queue.resendable,
        at: queue.at
      }
    },
    'queue.resend': async ({ instanceId, messageId }) => {
      const row = owned(instanceId)
      const { result, command } = await send.resend(row.id, messageId)
      const id = result.status === 'sent' ? (result.message.key.id ?? '') : result.messageId
      return resentDto(id, command, result.status === 'queued', Date.now())
    }
  }
}
