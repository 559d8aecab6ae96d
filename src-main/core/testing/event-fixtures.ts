// Test support for the event tests: a webhook receiver that verifies every delivery's signature and parses
// envelopes, and the sender side of poll votes / event responses (what a phone does when voting), which
// Baileys rc14 cannot send itself.
import { createHash, randomBytes } from 'node:crypto'
import { aesEncryptGCM, hmacSign, proto } from '@whiskeysockets/baileys'
import { expect } from 'vitest'
import type { TestCore } from './core-harness.js'
import { startReceiver, type TestReceiver } from '../webhooks/testing.js'
import { verifyWebhook } from '../webhooks/verify.js'
import type { WebhookEnvelope } from '../webhooks/envelope.js'

export interface VerifyingReceiver {
  receiver: TestReceiver
  /** The HMAC secret the deliveries must be signed with. */
  secret: string
  /** Every delivery so far, verified (throws on a bad signature). */
  envelopes(): WebhookEnvelope<Record<string, unknown>>[]
  /** Waits for the first envelope of `event` matching `where`. */
  waitFor(event: string, where?: (p: Record<string, unknown>) => boolean, ms?: number): Promise<WebhookEnvelope<Record<string, unknown>>>
  count(event: string, where?: (p: Record<string, unknown>) => boolean): number
  close(): Promise<void>
}

export async function startVerifyingReceiver(secret: string): Promise<VerifyingReceiver> {
  const receiver = await startReceiver()
  const envelopes = () => receiver.requests.map((r) => verifyWebhook<WebhookEnvelope<Record<string, unknown>>>(r.headers, r.body, secret))
  const matching = (event: string, where?: (p: Record<string, unknown>) => boolean) =>
    envelopes().filter((e) => e.event === event && (!where || where(e.payload)))
  return {
    receiver,
    secret,
    envelopes,
    async waitFor(event, where, ms = 10_000) {
      try {
        await receiver.waitFor(() => matching(event, where).length > 0, ms)
      } catch {
        const seen = envelopes().map((e) => e.event)
        throw new Error(`no ${event} arrived within ${ms} ms; received: ${seen.join(', ')}`)
      }
      return matching(event, where)[0]!
    },
    count: (event, where) => matching(event, where).length,
    close: () => receiver.close()
  }
}

/** Points the instance's webhook at the receiver, signed with the receiver's secret; the API must accept it. */
export async function webhookTo(t: TestCore, id: string, rx: VerifyingReceiver, events: string[], retries = { delay: 0.2, attempts: 5 }): Promise<void> {
  const res = await t.call('POST', '/v2/webhook/set', { instance_id: id }, { url: rx.receiver.url, events, hmac: rx.secret, retries })
  expect(res.statusCode, res.body).toBe(200)
}

const hex = (s: string) => createHash('sha256').update(Buffer.from(s)).digest()

/** The encryption of decryptPollVote / decryptEventResponse, from the voter's side. */
function encryptFor(label: 'Poll Vote' | 'Event Response', plaintext: Uint8Array, secret: Uint8Array, msgId: string, creatorJid: string, voterJid: string) {
  const sign = Buffer.concat([Buffer.from(msgId), Buffer.from(creatorJid), Buffer.from(voterJid), Buffer.from(label), new Uint8Array([1])])
  const key0 = hmacSign(secret, new Uint8Array(32), 'sha256')
  const key = hmacSign(sign, key0, 'sha256')
  const iv = randomBytes(12)
  const encPayload = aesEncryptGCM(plaintext, key, iv, Buffer.from(`${msgId}\u0000${voterJid}`))
  return { encPayload, encIv: iv }
}

/** A pollUpdateMessage voting for `options` (by name) of the poll `pollId` created by `creatorJid`. */
export function pollVoteMessage(o: { pollId: string; chatJid: string; creatorJid: string; voterJid: string; secret: Uint8Array; options: string[]; pollFromMe?: boolean }): proto.IMessage {
  const plain = proto.Message.PollVoteMessage.encode({ selectedOptions: o.options.map(hex) }).finish()
  return {
    pollUpdateMessage: {
      pollCreationMessageKey: { remoteJid: o.chatJid, fromMe: !!o.pollFromMe, id: o.pollId },
      vote: encryptFor('Poll Vote', plain, o.secret, o.pollId, o.creatorJid, o.voterJid),
      senderTimestampMs: Date.now()
    }
  }
}

/** An encEventResponseMessage answering the event `eventId`. */
export function eventResponseMessage(o: { eventId: string; chatJid: string; creatorJid: string; responderJid: string; secret: Uint8Array; response: proto.Message.EventResponseMessage.EventResponseType }): proto.IMessage {
  const plain = proto.Message.EventResponseMessage.encode({ response: o.response, timestampMs: Date.now(), extraGuestCount: 0 }).finish()
  return {
    encEventResponseMessage: {
      eventCreationMessageKey: { remoteJid: o.chatJid, fromMe: false, id: o.eventId },
      ...encryptFor('Event Response', plain, o.secret, o.eventId, o.creatorJid, o.responderJid)
    }
  }
}
