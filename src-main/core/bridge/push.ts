// Core events -> bridge push events: instance statuses, QR rotation (rendered to PNG once per QR, only while
// someone is connected), list changes, webhook attempts, chat traffic and sandbox phone changes.
import { getInstance } from '../db/repositories/instances-repo.js'
import type { BridgeServer } from './server.js'
import type { BridgeServices } from './services.js'
import { DEFAULT_ACCOUNT_ID } from '../db/repositories/accounts-repo.js'
import { qrImage } from './handlers/qr-image.js'

export function startPush(s: BridgeServices, server: BridgeServer): () => void {
  const accountId = s.accountId ?? DEFAULT_ACCOUNT_ID
  const ours = (instanceId: string) => getInstance(s.db, instanceId)?.account_id === accountId
  /** The latest QR per instance, so a slow render of an older QR never overwrites a newer one. */
  const latestQr = new Map<string, number>()
  let qrSeq = 0
  const offs: (() => void)[] = []

  offs.push(
    s.bus.on('session.status', (e) => {
      if (e.accountId !== accountId) return
      server.broadcast('instance.status', { instanceId: e.instanceId, status: e.status, previous: e.previous, reason: e.reason, me: e.me, at: e.at })
    }),
    s.bus.on('session.qr', (e) => {
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
        (err: unknown) => s.logger.warn({ err }, 'bridge: QR render failed')
      )
    }),
    s.bus.on('instance.created', (e) => {
      if (e.accountId === accountId) server.broadcast('instances.changed', { instanceId: e.instanceId, change: 'created' })
    }),
    s.bus.on('instance.deleted', (e) => {
      latestQr.delete(e.instanceId)
      if (e.accountId === accountId) server.broadcast('instances.changed', { instanceId: e.instanceId, change: 'deleted' })
    })
  )

  if (s.webhookRuntime) {
    offs.push(
      s.webhookRuntime.onAttempt((a) => {
        if (!ours(a.instanceId)) return
        server.broadcast('webhook.attempt', {
          instanceId: a.instanceId,
          deliveryId: a.deliveryId,
          eventId: a.eventId,
          webhookId: a.webhookId,
          attempt: { id: 0, attempt: a.attempt, outcome: a.outcome, statusCode: a.statusCode, error: a.error, durationMs: a.durationMs, at: a.at },
          nextAttemptAt: a.nextAttemptAt
        })
      })
    )
  }

  if (s.chats) {
    offs.push(
      s.chats.subscribe((e) => {
        if (!ours(e.instanceId)) return
        if (e.kind === 'message') server.broadcast('chat.message', { instanceId: e.instanceId, message: e.message })
        else server.broadcast('chat.ack', { instanceId: e.instanceId, chatId: e.chatId, messageId: e.messageId, ack: e.ack })
      })
    )
  }

  if (s.sandbox) {
    const events = s.sandbox.events
    for (const change of ['linked', 'unlinked', 'online', 'offline'] as const) {
      const listener = (e: { phone: string }) => server.broadcast('sandbox.changed', { phoneNumber: e.phone, change })
      events.on(change, listener)
      offs.push(() => void events.off(change, listener))
    }
  }

  return () => {
    for (const off of offs.splice(0)) off()
  }
}
