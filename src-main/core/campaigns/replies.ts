// What recipients do after a campaign message: delivery and read receipts move them forward (sent -> delivered ->
// read), a reply makes them `replied`, and a reply that is an opt-out keyword puts the number on the account's
// suppression list, marks them opted_out (their pending sends in other campaigns are skipped), sends the one
// confirmation (configurable, can be off) and emits campaign.opt_out.
import type { Logger } from 'pino'
import type { Db } from '../db/connection.js'
import type { MessageAckEvent, MessageStoredEvent } from '../domain/events.js'
import type { Clock } from '../rate-limit/clock.js'
import * as repo from './campaign-repo.js'
import type { CampaignEvents } from './campaign-events.js'
import type { OptOut } from './campaign-types.js'
import { matchOptOut, optOutKeywords } from './opt-out-keywords.js'
import type { CampaignPorts } from './ports.js'

/** WAHA ack numbering: 2 delivered to the device, 3 read, 4 played. */
const ACK_DELIVERED = 2
const ACK_READ = 3

export class ReplyTracker {
  constructor(private readonly deps: { db: Db; clock: Clock; logger: Logger; ports: CampaignPorts; events: CampaignEvents }) {}

  onAck(e: MessageAckEvent): void {
    if (e.ack < ACK_DELIVERED) return
    const r = repo.recipientByMessage(this.deps.db, e.instanceId, e.id)
    if (!r) return
    const now = this.deps.clock.now()
    const moved = e.ack >= ACK_READ
      ? repo.setRecipientState(this.deps.db, r.campaignId, r.seq, 'read', null, now, ['queued', 'sent', 'delivered'])
      : repo.setRecipientState(this.deps.db, r.campaignId, r.seq, 'delivered', null, now, ['queued', 'sent'])
    if (moved) this.deps.events.progress(r.campaignId)
  }

  onStored(e: MessageStoredEvent): void {
    if (e.fromMe || !e.inserted) return
    const { db, ports } = this.deps
    const accountId = ports.instances.accountOf(e.instanceId)
    if (!accountId) return
    const msg = ports.inbound.incoming(e.instanceId, e.chatId, e.id)
    if (!msg) return
    const messaged = repo.messagedRecipients(db, accountId, msg.phone)
    // Only people a campaign wrote to: an operator's own chats are not scanned for keywords.
    if (!messaged.length) return
    const settings = repo.getOptOutSettings(db, accountId)
    const keyword = matchOptOut(msg.text, optOutKeywords(settings.builtIn, settings.keywords))
    const now = this.deps.clock.now()
    if (!keyword) {
      for (const r of messaged) if (repo.setRecipientState(db, r.campaignId, r.seq, 'replied', null, now, ['sent', 'delivered', 'read'])) this.deps.events.progress(r.campaignId)
      return
    }
    this.optOut(accountId, e.instanceId, msg.phone, keyword, messaged[0]!.campaignId, settings.confirmation)
  }

  private optOut(accountId: string, instanceId: string, phone: string, keyword: string, campaignId: string, confirmation: string | null): void {
    const { db, clock } = this.deps
    const now = clock.now()
    const optOut: OptOut = { phone, source: 'keyword', keyword, campaignId, createdAt: now }
    const { added, touched } = db.transaction(() => {
      const added = repo.addOptOut(db, accountId, optOut)
      const touched = repo.optOutRecipients(db, accountId, phone, now)
      return { added, touched }
    })()
    for (const id of touched) this.deps.events.progress(id)
    if (!added) return
    this.deps.events.optOut(accountId, instanceId, optOut)
    if (confirmation) {
      // One confirmation, through the send pipeline (it answers a live conversation: no campaign pacing applies).
      this.deps.ports.send.send(instanceId, { phone, text: confirmation, media: null }, () => {}).catch((err: unknown) => this.deps.logger.warn({ err, instanceId }, 'opt-out confirmation not sent'))
    }
  }
}
