// /v2/send/poll, /v2/send/poll/vote and /v2/send/reaction (messages that refer to or collect answers).
import { coreErrors } from '../../../../domain/core-errors.js'
import { parseMessageId, toWaJid } from '../../../../messaging/chat-ids.js'
import type { PollCommand, PollVoteCommand, ReactionCommand } from '../../../../messaging/send/send-command.js'
import { bool, chatJid, list, obj, rawChatId, replyTo, requireAll, str } from '../../../params/send-params.js'
import { CHAT_ID, param, sendKind, toChat } from './kind.js'

export const pollKind = sendKind({
  kind: 'poll',
  methods: ['POST'],
  summary: 'Send a poll',
  description: 'poll: {name, options (2 to 12, each under 255 characters, distinct), multipleAnswers} as an object, JSON text (in a query) or bracket keys.',
  params: toChat({
    poll: param('object, required', 'The poll', [{ name: 'How are you?', options: ['Awesome!', 'Good!', 'Not bad!'], multipleAnswers: true }])
  }),
  parse(p): PollCommand {
    requireAll({ chatId: rawChatId(p), poll: p.poll })
    const poll = obj(p, 'poll')!
    const options = (list(poll, 'options') ?? list(poll, 'values') ?? []).map((o) => String(o))
    requireAll({ 'poll.name': str(poll, 'name'), 'poll.options': options.length ? options : undefined })
    if (options.length < 2 || options.length > 12) throw coreErrors.invalidParam('poll.options', 'a poll has 2 to 12 options')
    if (options.some((o) => !o.trim() || o.length >= 255)) throw coreErrors.invalidParam('poll.options', 'each option is 1 to 254 characters')
    if (new Set(options).size !== options.length) throw coreErrors.invalidParam('poll.options', 'options must be distinct')
    const jid = chatJid(p)
    return { kind: 'poll', chatJid: jid, replyTo: replyTo(p, jid), name: str(poll, 'name')!, options, multipleAnswers: bool(poll, 'multipleAnswers') }
  }
})

export const pollVoteKind = sendKind({
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
  parse(p): PollVoteCommand {
    const id = str(p, 'messageId') ?? str(p, 'pollMessageId')
    const votes = list(p, 'votes') ?? list(p, 'selectedOptions')
    requireAll({ chatId: rawChatId(p), messageId: id, votes: p.votes !== undefined || p.selectedOptions !== undefined ? true : votes })
    const jid = chatJid(p)
    return { kind: 'poll-vote', chatJid: jid, poll: parseMessageId(id!, rawChatId(p)), pollId: id!, votes: (votes ?? []).map((v) => String(v)) }
  }
})

export const reactionKind = sendKind({
  kind: 'reaction',
  methods: ['PUT', 'POST'],
  summary: 'React to a message with an emoji',
  description: 'messageId: the serialized id of the message (chatId is then optional); reaction: one emoji, or "" to remove the reaction.',
  params: {
    chatId: param('string', 'Chat of the message (needed only with a bare message id)'),
    messageId: param('string, required', 'The message to react to', ['false_447441429009@c.us_3EB0ABCDEF']),
    reaction: param('string, required', 'An emoji, or "" to remove', ['👍'])
  },
  parse(p): ReactionCommand {
    const id = str(p, 'messageId')
    const reaction = typeof p.reaction === 'string' ? p.reaction : str(p, 'reaction')
    requireAll({ messageId: id, reaction: reaction === '' ? true : reaction })
    const ref = parseMessageId(id!, rawChatId(p))
    const jid = rawChatId(p) ? chatJid(p) : ref.remoteJid
    if (toWaJid(jid) !== ref.remoteJid && rawChatId(p)) throw coreErrors.invalidParam('chatId', 'does not match the chat of messageId')
    return { kind: 'reaction', chatJid: jid, message: ref, emoji: reaction! }
  }
})
