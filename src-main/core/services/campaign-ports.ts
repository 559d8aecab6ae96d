// The campaigns module's ports (campaigns/ports.ts) on the core's real parts: sends go through SendService
// (policy, durable queue, deliverability guard), number checks through the ReadService's check-exists path (the
// policy's check limits), receipts and replies come from the store, events go to the webhook outbox (group-committed).
import type { Logger } from 'pino'
import type { Db } from '../db/connection.js'
import type { InstanceManager } from '../engine/instance-manager.js'
import type { CampaignPorts } from '../campaigns/ports.js'
import type { SendCommand } from '../messaging/send/send-command.js'
import type { SendService } from '../messaging/send/send-service.js'
import type { ReadService } from '../messaging/reads/read-service.js'
import { findMessage, pnForLid } from '../messaging/store/index.js'
import type { SendQueue } from '../rate-limit/index.js'
import { policyOfInstance } from '../rate-limit/policies.js'
import { enqueueEventGrouped, webhookMe } from '../webhooks/index.js'

export interface CampaignPortDeps {
  db: Db
  sender: SendService
  reads: ReadService
  queue: SendQueue
  manager: InstanceManager
  engineName: string
  wakeDeliveries: () => void
  logger: Logger
}

const USER = /^(\d+)(?::\d+)?@s\.whatsapp\.net$/
const LID = /@lid$/

export function campaignPorts(d: CampaignPortDeps): CampaignPorts {
  const commandOf = (phone: string, text: string, media: { url?: string; data?: string; mimetype?: string; filename?: string } | null): SendCommand => {
    const chatJid = `${phone}@s.whatsapp.net`
    if (!media) return { kind: 'text', chatJid, text }
    const meta = { ...(media.mimetype ? { mimetype: media.mimetype } : {}), ...(media.filename ? { filename: media.filename } : {}) }
    const file = media.url ? { url: media.url, ...meta } : { data: media.data ?? '', ...meta }
    const isImage = (media.mimetype ?? '').startsWith('image/') || /\.(jpe?g|png|webp)$/i.test(media.url ?? media.filename ?? '')
    return isImage ? { kind: 'image', chatJid, file, caption: text, highQuality: false } as SendCommand : { kind: 'pdf', chatJid, file, caption: text }
  }
  return {
    send: {
      async send(instanceId, m, claim) {
        await d.sender.send(instanceId, commandOf(m.phone, m.text, m.media), { claim })
      },
      fate(instanceId, messageId) {
        const f = d.sender.fate(instanceId, messageId)
        return f && { status: f.status as 'queued' | 'sending' | 'sent' | 'failed' | 'purged', errorCode: f.error_code }
      },
      newContactsPaused(instanceId) {
        const p = d.sender.deliverability.paused(instanceId)
        return p && { until: p.until, reason: p.limit }
      },
      waitingSends: (instanceId) => d.queue.length(instanceId, 'send'),
      policyOf(instanceId) {
        const l = policyOfInstance(d.db, instanceId).limits
        return { spacingMs: l.send_message_per_minute ? 60_000 / l.send_message_per_minute : 0, dailyCap: l.send_message_daily_cap }
      }
    },
    instances: {
      statusOf: (id) => d.manager.view(id)?.status,
      accountOf: (id) => d.manager.view(id)?.accountId,
      // Instances are paired right after they are created; the creation time stands for the pairing's.
      pairedAt: (id) => d.manager.view(id)?.createdAt ?? null,
      label(id) {
        const v = d.manager.view(id)
        const number = v?.me?.id.replace(/@.*$/, '')
        return v ? `${v.name}${number ? ` (+${number})` : ''}` : id
      }
    },
    checks: {
      exists: async (instanceId, phone) => (await d.reads.checkExists(instanceId, phone)).numberExists
    },
    inbound: {
      incoming(instanceId, chatId, messageId) {
        const m = findMessage(d.db, instanceId, chatId, messageId)
        if (!m || m.fromMe || !m.body) return undefined
        const pn = LID.test(chatId) ? pnForLid(d.db, instanceId, chatId) : chatId
        const phone = pn ? USER.exec(pn)?.[1] : undefined
        return phone ? { phone, text: m.body } : undefined
      }
    },
    publish(instanceId, event, payload) {
      const v = d.manager.view(instanceId)
      if (!v) return
      // Progress and status events come outside any transaction, many per second while a campaign runs: the group
      // commit gives a turn's events one COMMIT instead of one each (outbox-group-commit.ts).
      enqueueEventGrouped(d.db, { instanceId, session: v.name, me: webhookMe(v.me), engine: d.engineName, event, payload }, { wake: d.wakeDeliveries }).catch((err: unknown) =>
        d.logger.error({ err, instanceId, event }, 'campaigns: an event could not be recorded for the webhooks')
      )
    }
  }
}
