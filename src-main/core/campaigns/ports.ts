// What campaigns need from the rest of the core, as narrow ports (start-core wires them to SendService,
// ReadService, the instance manager and the webhook outbox in services/campaign-ports.ts): campaigns/ sends only
// through the send pipeline, checks numbers only through the number-check path, and never holds a socket.
import type { TemplateMedia } from './campaign-types.js'

export interface CampaignMessage {
  /** E.164 digits. */
  phone: string
  text: string
  media: TemplateMedia | null
}

/** What became of a send (the outbound row). */
export interface SendFate {
  status: 'queued' | 'sending' | 'sent' | 'failed' | 'purged'
  errorCode: string | null
}

export interface CampaignSendPort {
  /**
   * Sends through the send pipeline (policy, durable queue). `claim(messageId)` runs in the transaction that
   * enqueues the send; resolves once it is sent or queued, rejects with the pipeline's domain error.
   */
  send(instanceId: string, message: CampaignMessage, claim: (messageId: string) => void): Promise<void>
  fate(instanceId: string, messageId: string): SendFate | undefined
  /** The network limits new chats on this instance (463/475): until when. */
  newContactsPaused(instanceId: string): { until: number; reason: string } | undefined
  /** Sends of the instance waiting in the rate-limit queue (replies of live conversations go before campaign sends). */
  waitingSends(instanceId: string): number
  /** The policy's spacing between sends (ms; 0 = none) and its daily cap. */
  policyOf(instanceId: string): { spacingMs: number; dailyCap: number | null }
}

export interface CampaignInstancesPort {
  /** The instance's status (WORKING, STARTING...), undefined when it does not exist. */
  statusOf(instanceId: string): string | undefined
  /** The owner account of the instance. */
  accountOf(instanceId: string): string | undefined
  /** When the instance was paired (for the warm-up ramp); null when unknown. */
  pairedAt(instanceId: string): number | null
  /** "Shop (+52 55 1234 5678)" for pause reasons in words. */
  label(instanceId: string): string
}

export interface CampaignChecksPort {
  /** On WhatsApp? Through the number-check path (the policy's check_req_per_minute / check_daily_cap). */
  exists(instanceId: string, phone: string): Promise<boolean>
}

export interface CampaignInboundPort {
  /** The sender's phone and text of a stored incoming 1:1 message; undefined for groups, own messages, non-text. */
  incoming(instanceId: string, chatId: string, messageId: string): { phone: string; text: string } | undefined
}

/** Writes a webhook event (and /v2/events) of an instance into the outbox. */
export type CampaignPublish = (instanceId: string, event: string, payload: unknown) => void

export interface CampaignPorts {
  send: CampaignSendPort
  instances: CampaignInstancesPort
  checks: CampaignChecksPort
  inbound: CampaignInboundPort
  publish: CampaignPublish
}
