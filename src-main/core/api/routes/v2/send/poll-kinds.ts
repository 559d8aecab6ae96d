// /v2/send/poll, /v2/send/poll/vote and /v2/send/reaction (messages that refer to or collect answers).
import { jidNormalizedUser, type WAMessageKey } from '@whiskeysockets/baileys'
import { coreErrors } from '../../../../domain/core-errors.js'
import { parseMessageId, toWaJid } from '../../../../messaging/chat-ids.js'
import { encryptPollVote, pollInfoOf, voteParties } from '../../../../messaging/send/poll-vote.js'
import { sendErrors } from '../../../../messaging/send/send-errors.js'
import { bool, chatJid, list, obj, replyTo, requireAll, str } from '../../../../messaging/send/send-params.js'
import type { Params } from '../../../request-params.js'
import { CHAT_ID, param, REPLY_TO, relayRaw, sendContent, type SendKind } from './kind.js'

const rawChatId = (p: Params) => str(p, 'chatId') ?? str(p, 'chat_id')

export const pollKind: SendKind = {
  kind: 'poll',
  path: '/v2/send/poll',
  methods: ['POST'],
  summary: 'Send a poll',
  description: 'poll: {name, options (2 to 12, each under 255 characters, distinct), multipleAnswers} as an object, JSON text (in a query) or bracket keys.',
  params: {
    chatId: CHAT_ID,
    poll: param('object, required', 'The poll', [{ name: 'How are you?', options: ['Awesome!', 'Good!', 'Not bad!'], multipleAnswers: true }]),
    reply_to: REPLY_TO
  },
  async prepare(p) {
    requireAll({ chatId: rawChatId(p), poll: p.poll })
    const poll = obj(p, 'poll')!
    const options = (list(poll, 'options') ?? list(poll, 'values') ?? []).map((o) => String(o))
    requireAll({ 'poll.name': str(poll, 'name'), 'poll.options': options.length ? options : undefined })
    if (options.length < 2 || options.length > 12) throw coreErrors.invalidParam('poll.options', 'a poll has 2 to 12 options')
    if (options.some((o) => !o.trim() || o.length >= 255)) throw coreErrors.invalidParam('poll.options', 'each option is 1 to 254 characters')
    if (new Set(options).size !== options.length) throw coreErrors.invalidParam('poll.options', 'options must be distinct')
    const jid = chatJid(p)
    const content = { poll: { name: str(poll, 'name')!, values: options, selectableCount: bool(poll, 'multipleAnswers') ? options.length : 1 } }
    return { chatJid: jid, replyTo: replyTo(p, jid), dispatch: sendContent(jid, content) }
  }
}

export const pollVoteKind: SendKind = {
  kind: 'poll-vote',
  path: '/v2/send/poll/vote',
  methods: ['POST'],
  summary: 'Vote in a poll',
  description:
    'messageId (WAHA: pollMessageId) is the poll\'s serialized id; votes: option names or 0-based indexes. A new vote replaces the previous one; [] withdraws it. The poll must be one this instance sent or received (its secret encrypts the vote).',
  params: {
    chatId: CHAT_ID,
    messageId: param('string, required', 'The poll message id', ['false_447441429009@c.us_3EB0ABCDEF']),
    votes: param('array, required', 'Option names or indexes', [['Awesome!']])
  },
  async prepare(p, ctx) {
    const id = str(p, 'messageId') ?? str(p, 'pollMessageId')
    const votes = list(p, 'votes') ?? list(p, 'selectedOptions')
    requireAll({ chatId: rawChatId(p), messageId: id, votes: p.votes !== undefined || p.selectedOptions !== undefined ? true : votes })
    const jid = chatJid(p)
    const ref = parseMessageId(id!, rawChatId(p))
    const found = ctx.sender.findMessage(ctx.instanceId, ref)
    const poll = found && pollInfoOf(found)
    if (!poll) throw sendErrors.pollNotFound(id!)
    const selected = (votes ?? []).map((v) => {
      const s = String(v)
      if (poll.options.includes(s)) return s
      const i = /^\d+$/.test(s) ? Number(s) : -1
      if (i >= 0 && i < poll.options.length) return poll.options[i]!
      throw sendErrors.invalidPollOption(s)
    })
    if (poll.selectableCount === 1 && selected.length > 1) throw coreErrors.invalidParam('votes', 'this poll allows one answer')
    const pollKey: WAMessageKey = { remoteJid: poll.key.remoteJid, fromMe: poll.key.fromMe, id: poll.key.id, ...(poll.key.participant ? { participant: poll.key.participant } : {}) }
    return {
      chatJid: jid,
      dispatch: async (sock, c) => {
        const parties = voteParties(poll, { mePn: jidNormalizedUser(sock.user!.id), meLid: sock.user!.lid ? jidNormalizedUser(sock.user!.lid) : undefined })
        const vote = encryptPollVote(poll, [...new Set(selected)], parties)
        const message = { pollUpdateMessage: { pollCreationMessageKey: pollKey, vote, senderTimestampMs: Date.now() } }
        return relayRaw(jid, message, [{ tag: 'meta', attrs: { polltype: 'vote' } }])(sock, c)
      }
    }
  }
}

export const reactionKind: SendKind = {
  kind: 'reaction',
  path: '/v2/send/reaction',
  methods: ['PUT', 'POST'],
  summary: 'React to a message with an emoji',
  description: 'messageId: the serialized id of the message (chatId is then optional); reaction: one emoji, or "" to remove the reaction.',
  params: {
    chatId: param('string', 'Chat of the message (needed only with a bare message id)'),
    messageId: param('string, required', 'The message to react to', ['false_447441429009@c.us_3EB0ABCDEF']),
    reaction: param('string, required', 'An emoji, or "" to remove', ['👍'])
  },
  async prepare(p) {
    const id = str(p, 'messageId')
    const reaction = typeof p.reaction === 'string' ? p.reaction : str(p, 'reaction')
    requireAll({ messageId: id, reaction: reaction === '' ? true : reaction })
    const ref = parseMessageId(id!, rawChatId(p))
    const jid = rawChatId(p) ? chatJid(p) : ref.remoteJid
    if (toWaJid(jid) !== ref.remoteJid && rawChatId(p)) throw coreErrors.invalidParam('chatId', 'does not match the chat of messageId')
    const key: WAMessageKey = { remoteJid: ref.remoteJid, fromMe: ref.fromMe, id: ref.id, ...(ref.participant ? { participant: ref.participant } : {}) }
    return { chatJid: jid, dispatch: sendContent(jid, { react: { text: reaction!, key } }) }
  }
}
