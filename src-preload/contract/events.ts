// Push events the core sends to every connected renderer (no request needed): live statuses, QR rotation,
// webhook attempts, chat traffic, sandbox changes. PURE.
import type { CampaignPauseDto, CampaignStatus, RecipientState } from './campaigns-dto.js'
import type { AttemptDto, InstanceMe, InstanceStatus, MessageAck, MessageDto } from './dto.js'

export interface BridgeEvents {
  /** An instance changed status (also DELETED). */
  'instance.status': { instanceId: string; status: InstanceStatus; previous: InstanceStatus | null; reason: string; /** `reason` in words. */ reasonText?: string | null; me: InstanceMe | null; at: number }
  /** A new QR (image) to show, or null once it is no longer valid (paired, stopped). */
  'instance.qr': { instanceId: string; image: string | null; issuedAt: number; expiresAt: number | null }
  /** The instance list changed (created or deleted), or an instance's details did (updated: e.g. its deliverability). */
  'instances.changed': { instanceId: string; change: 'created' | 'deleted' | 'updated' }
  /** A webhook POST finished (delivered, failed and will retry, dead-lettered). */
  'webhook.attempt': { instanceId: string; deliveryId: number; eventId: string; webhookId: number; attempt: AttemptDto; nextAttemptAt: number | null }
  /** A message arrived or was sent (any chat of the instance). */
  'chat.message': { instanceId: string; message: MessageDto }
  /** A sent message's delivery/read state changed. */
  'chat.ack': { instanceId: string; chatId: string; messageId: string; ack: MessageAck }
  /** A simulated phone linked, unlinked, came online or went offline (sandbox mode only). */
  'sandbox.changed': { phoneNumber: string; change: 'linked' | 'unlinked' | 'online' | 'offline' }
  /** A campaign changed state (started, paused with why, resumed, completed, cancelled). */
  'campaign.status': { campaignId: string; status: CampaignStatus; previous: CampaignStatus | null; pause: CampaignPauseDto | null; at: number }
  /** A campaign's recipient counts moved (throttled by the core). */
  'campaign.progress': { campaignId: string; total: number; counts: Record<RecipientState, number>; at: number }
  /** Someone replied an opt-out word (STOP…): their number joined the opt-out list. */
  'campaign.optOut': { phone: string; campaignId: string | null; at: number }
}

export type BridgeEventName = keyof BridgeEvents

export const BRIDGE_EVENT_NAMES: readonly BridgeEventName[] = [
  'instance.status',
  'instance.qr',
  'instances.changed',
  'webhook.attempt',
  'chat.message',
  'chat.ack',
  'sandbox.changed',
  'campaign.status',
  'campaign.progress',
  'campaign.optOut'
]
