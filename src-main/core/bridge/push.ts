// Core events -> bridge push events: instance statuses, QR rotation (rendered to PNG once per QR, only while
// someone is connected), list changes, webhook attempts, chat traffic, campaign status/progress and sandbox phone
// changes; all through services.subscriptions (the bridge never sees the bus).
import type { BridgeServer } from './server.js'
import type { BridgeContext } from './handlers/context.js'
import { ackName, messageDto } from './handlers/chat-dtos.js'
import { qrImage } from './handlers/qr-image.js'
import { statusReasonText } from '../domain/status-reason.js'
import { toApiChatId } from '../messaging/chat-ids.js'

export function startPush({ services, config }: BridgeContext, server: BridgeServer): () => void {
  const { accountId, logger } = config
  const { subscribe } = services.subscriptions
  const ours = (instanceId: string) => services.instances.view(instanceId)?.accountId === accountId
  /** The latest QR per instance, so a slow render of an older QR never overwrites a newer one. */
  const latestQr = new Map<string, number>()
  let qrSeq = 0
  const offs: (() => void)[] = []

  offs.push(
    subscribe('session.status', (e) => {
      if (e.accountId !== accountId) return
      server.broadcast('instance.status', { instanceId: e.instanceId, status: e.status, previous: e.previous, reason: e.reason, reasonText: statusReasonText(e.reason), me: e.me, at: e.at })
    }),
    subscribe('session.qr', (e) => {
      const seq = ++qrSeq
      latestQr.set(e.instanceId, seq)
      if (server.connectionCount() === 0 || !ours(e.instanceId)) return
      const { qr, expiresAt } = e
      if (qr === null || expiresAt === null) {
        server.broadcast('instance.qr', { instanceId: e.instanceId, image: null, issuedAt: e.at, expiresAt: null })
        return
      }
      qrImage(qr).then(
        (image) => {
          if (latestQr.get(e.instanceId) === seq) server.broadcast('instance.qr', { instanceId: e.instanceId, image, issuedAt: e.at, expiresAt })
        },
        (err: unknown) => logger.warn({ err }, 'bridge: QR render failed')
      )
    }),
    subscribe('instance.created', (e) => {
      if (e.accountId === accountId) server.broadcast('instances.changed', { instanceId: e.instanceId, change: 'created' })
    }),
    // New contacts paused or resumed (463/475): the card and the Chats note read it from the instance DTO.
    subscribe('deliverability.changed', (e) => {
      if (ours(e.instanceId)) server.broadcast('instances.changed', { instanceId: e.instanceId, change: 'updated' })
    }),
    subscribe('instance.deleted', (e) => {
      latestQr.delete(e.instanceId)
      if (e.accountId === accountId) server.broadcast('instances.changed', { instanceId: e.instanceId, change: 'deleted' })
    })
  )

  offs.push(
    subscribe('webhook.attempt', (a) => {
      if (!ours(a.instanceId)) return
      server.broadcast('webhook.attempt', {
        instanceId: a.instanceId,
        deliveryId: a.deliveryId,
        eventId: a.eventId,
        webhookId: a.webhookId,
        attempt: { id: 0, attempt: a.attempt, outcome: a.outcome, statusCode: a.statusCode, error: a.error, durationMs: a.durationMs, at: a.at },
        nextAttemptAt: a.nextAttemptAt
      })
    }),
    // Chat traffic: the stored message read back (the ingestor publishes after its commit) and the new ticks.
    subscribe('message.stored', ({ instanceId, chatId, id }) => {
      if (!ours(instanceId)) return
      const stored = services.chats.message(instanceId, chatId, id)
      if (stored) server.broadcast('chat.message', { instanceId, message: messageDto(stored) })
    }),
    subscribe('message.ack', ({ instanceId, chatId, id, ack }) => {
      if (ours(instanceId)) server.broadcast('chat.ack', { instanceId, chatId: toApiChatId(chatId), messageId: id, ack: ackName(ack) })
    }),
    // The account's campaigns: state changes (with the pause reason in words) and throttled progress.
    subscribe('campaign.changed', (e) => {
      if (e.kind === 'status' && e.campaign.accountId === accountId) {
        const c = e.campaign
        const pause = c.state === 'paused' && c.pauseReason ? { code: c.pauseReason.code, text: c.pauseReason.message, since: c.pauseReason.since, autoResume: c.pauseReason.autoResume } : null
        server.broadcast('campaign.status', { campaignId: c.id, status: c.state, previous: null, pause, at: c.updatedAt })
      } else if (e.kind === 'progress' && e.accountId === accountId) {
        server.broadcast('campaign.progress', { campaignId: e.campaignId, total: e.stats.total, counts: { ...e.stats.counts }, at: Date.now() })
      } else if (e.kind === 'opt_out' && e.accountId === accountId) {
        server.broadcast('campaign.optOut', { phone: e.optOut.phone, campaignId: e.optOut.campaignId, at: e.optOut.createdAt })
      }
    })
  )

  offs.push(subscribe('sandbox.phone', (e) => server.broadcast('sandbox.changed', e)))

  return () => {
    for (const off of offs.splice(0)) off()
  }
}
