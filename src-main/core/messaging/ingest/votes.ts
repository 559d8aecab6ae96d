// Poll votes and event responses arrive encrypted with the poll's/event's messageSecret (Baileys rc14 does not
// decrypt votes itself). We look the poll/event up in the store, decrypt, store the choice and emit
// poll.vote / event.response; no poll, no secret or a failed decryption emits the .failed event instead.
import { createHash } from 'node:crypto'
import { decryptEventResponse, decryptPollVote, normalizeMessageContent, type proto, type WAMessage, type WAMessageKey } from '@whiskeysockets/baileys'
import { eventResponsePayload, pollVotePayload, responseName } from '../events/payloads.js'
import { lidForPn, pnForLid } from '../store/jids.js'
import { findMessage } from '../store/messages-repo.js'
import { setEventResponse, setPollVote } from '../store/votes-repo.js'
import { authorOf, canonicalKey, toNum, type IngestContext } from './context.js'

/** Every JID spelling a party may have used when encrypting (PN and LID, as sent and as mapped). */
function spellings(ctx: IngestContext, key: WAMessageKey, raw?: WAMessageKey): string[] {
  const out: string[] = []
  const add = (j: string | null | undefined) => {
    if (j && !out.includes(j)) out.push(j)
  }
  if (key.fromMe) {
    add(ctx.me)
    add(ctx.meLid)
  } else {
    for (const j of [raw?.participantAlt, raw?.participant, raw?.remoteJidAlt, raw?.remoteJid, key.participant, key.remoteJid]) {
      if (!j || j.endsWith('@g.us')) continue
      add(j)
    }
  }
  for (const j of [...out]) add(j.endsWith('@lid') ? pnForLid(ctx.db, ctx.instanceId, j) : lidForPn(ctx.db, ctx.instanceId, j))
  return out
}

/** Tries every (creator, responder) spelling pair; the AES-GCM tag tells the right one. */
function tryDecrypt<T>(creators: string[], voters: string[], decrypt: (creator: string, voter: string) => T): T | undefined {
  for (const c of creators) {
    for (const v of voters) {
      try {
        return decrypt(c, v)
      } catch {
        /* wrong spelling pair (or wrong key): try the next */
      }
    }
  }
  return undefined
}

const sha256 = (text: string) => createHash('sha256').update(Buffer.from(text)).digest('hex')

function optionNames(poll: proto.IMessage | undefined, hashes: Uint8Array[]): string[] {
  const c = normalizeMessageContent(poll)
  const options = (c?.pollCreationMessage ?? c?.pollCreationMessageV2 ?? c?.pollCreationMessageV3)?.options ?? []
  const byHash = new Map(options.map((o) => [sha256(o.optionName ?? ''), o.optionName ?? '']))
  return hashes.map((h) => byHash.get(Buffer.from(h).toString('hex')) ?? Buffer.from(h).toString('hex'))
}

export function ingestPollVote(ctx: IngestContext, raw: WAMessage, m: WAMessage, update: proto.Message.IPollUpdateMessage): void {
  const at = toNum(m.messageTimestamp)
  const pollKeyRaw = update.pollCreationMessageKey ?? {}
  const pollKey = canonicalKey(ctx, { ...pollKeyRaw, remoteJid: pollKeyRaw.remoteJid ?? raw.key.remoteJid })
  const poll = pollKey.id ? findMessage(ctx.db, ctx.instanceId, pollKey.remoteJid ?? null, pollKey.id) : undefined
  const fail = (error: string) => ctx.emit('poll.vote.failed', pollVotePayload(m.key, poll?.message.key ?? pollKey, [], at, ctx.payload, error))
  if (!poll) return fail('poll not found in the message store')
  const secret = poll.message.message?.messageContextInfo?.messageSecret
  if (!secret || !update.vote?.encPayload || !update.vote.encIv) return fail('poll has no message secret or the vote is empty')
  const vote = tryDecrypt(spellings(ctx, poll.message.key, poll.message.key), spellings(ctx, m.key, raw.key), (creator, voter) =>
    decryptPollVote(update.vote!, { pollCreatorJid: creator, pollMsgId: poll.id, pollEncKey: secret, voterJid: voter })
  )
  if (!vote) return fail('vote could not be decrypted')
  const options = optionNames(poll.message.message ?? undefined, vote.selectedOptions ?? [])
  const changed = setPollVote(ctx.db, ctx.instanceId, {
    chatId: poll.chatId,
    pollId: poll.id,
    voter: authorOf(ctx, m.key),
    options,
    voteId: m.key.id ?? null,
    timestamp: at
  })
  if (changed) ctx.emit('poll.vote', pollVotePayload(m.key, poll.message.key, options, at, ctx.payload))
}

export function ingestEventResponse(ctx: IngestContext, raw: WAMessage, m: WAMessage, enc: proto.Message.IEncEventResponseMessage): void {
  const at = toNum(m.messageTimestamp)
  const eventKeyRaw = enc.eventCreationMessageKey ?? {}
  const eventKey = canonicalKey(ctx, { ...eventKeyRaw, remoteJid: eventKeyRaw.remoteJid ?? raw.key.remoteJid })
  const event = eventKey.id ? findMessage(ctx.db, ctx.instanceId, eventKey.remoteJid ?? null, eventKey.id) : undefined
  const fail = (error: string) =>
    ctx.emit('event.response.failed', eventResponsePayload(m.key, event?.message.key ?? eventKey, null, 0, at, ctx.payload, error))
  if (!event) return fail('event message not found in the message store')
  const secret = event.message.message?.messageContextInfo?.messageSecret
  if (!secret || !enc.encPayload || !enc.encIv) return fail('event has no message secret or the response is empty')
  const response = tryDecrypt(spellings(ctx, event.message.key, event.message.key), spellings(ctx, m.key, raw.key), (creator, responder) =>
    decryptEventResponse(enc as proto.Message.IPollEncValue, { eventCreatorJid: creator, eventMsgId: event.id, eventEncKey: secret, responderJid: responder })
  )
  if (!response) return fail('response could not be decrypted')
  const name = responseName(response.response)
  const changed = setEventResponse(ctx.db, ctx.instanceId, {
    chatId: event.chatId,
    eventId: event.id,
    responder: authorOf(ctx, m.key),
    response: name,
    responseId: m.key.id ?? null,
    timestamp: at
  })
  if (changed) ctx.emit('event.response', eventResponsePayload(m.key, event.message.key, name, response.extraGuestCount ?? 0, at, ctx.payload))
}
