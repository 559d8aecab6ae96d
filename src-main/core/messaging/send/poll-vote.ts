// A poll vote is end-to-end encrypted with a key derived from the poll's messageSecret (the mirror image of
// Baileys' decryptPollVote): HMAC-SHA256 key schedule over poll id, creator and voter, AES-256-GCM payload.
import { randomBytes } from 'node:crypto'
import { aesEncryptGCM, hmacSign, jidNormalizedUser, proto, sha256, type WAMessage, type WAMessageKey } from '../../engine/wa-wire.js'

export interface PollInfo {
  key: WAMessageKey
  name: string
  options: string[]
  selectableCount: number
  secret: Uint8Array
}

/** The poll inside a stored/sent message, or undefined when it is not a poll (or has no secret). */
export function pollInfoOf(m: WAMessage): PollInfo | undefined {
  const c = m.message
  const poll = c?.pollCreationMessageV3 ?? c?.pollCreationMessageV2 ?? c?.pollCreationMessage
  const secret = c?.messageContextInfo?.messageSecret
  if (!poll || !secret?.length) return undefined
  return {
    key: m.key,
    name: poll.name ?? '',
    options: (poll.options ?? []).map((o) => o.optionName ?? ''),
    selectableCount: poll.selectableOptionsCount ?? 0,
    secret
  }
}

export interface VoteIdentity {
  /** Our own user JIDs. */
  mePn: string
  meLid: string | undefined
}

/** Who created the poll and who votes, as the creator's device will compute them when decrypting. */
export function voteParties(poll: PollInfo, me: VoteIdentity): { creator: string; voter: string } {
  const remote = poll.key.remoteJid ?? ''
  const lidChat = remote.endsWith('@lid') || (poll.key.participant ?? '').endsWith('@lid')
  const voter = jidNormalizedUser(lidChat && me.meLid ? me.meLid : me.mePn)
  const creator = poll.key.fromMe ? voter : jidNormalizedUser(poll.key.participant || remote)
  return { creator, voter }
}

export function encryptPollVote(poll: PollInfo, selected: string[], parties: { creator: string; voter: string }): proto.Message.IPollEncValue {
  const pollMsgId = poll.key.id ?? ''
  const plaintext = proto.Message.PollVoteMessage.encode({ selectedOptions: selected.map((o) => sha256(Buffer.from(o))) }).finish()
  const sign = Buffer.concat([Buffer.from(pollMsgId), Buffer.from(parties.creator), Buffer.from(parties.voter), Buffer.from('Poll Vote'), new Uint8Array([1])])
  const key0 = hmacSign(poll.secret, new Uint8Array(32), 'sha256')
  const encKey = hmacSign(sign, key0, 'sha256')
  const iv = randomBytes(12)
  const encPayload = aesEncryptGCM(plaintext, encKey, iv, Buffer.from(`${pollMsgId}\u0000${parties.voter}`))
  return { encPayload, encIv: iv }
}
