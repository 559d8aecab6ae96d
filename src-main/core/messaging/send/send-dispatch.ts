// A typed send command -> the session port calls that put it on the wire (a Dispatch). Files are read and converted
// here, before the send is accepted, so a bad file is an error at once and never a failed queued message.
import type { SessionPort } from '../../engine/session-port.js'
import {
  extractImageThumb,
  proto,
  type AnyMessageContent,
  type BinaryNode,
  type MiscMessageGenerationOptions,
  type WAMessage,
  type WAMessageKey,
  type WAUrlInfo
} from '../../engine/wa-wire.js'
import { coreErrors } from '../../domain/core-errors.js'
import type { ParsedMessageId } from '../chat-ids.js'
import { loadFile, type FileNames, type FileSpec, type MediaFile, type MediaLimits } from './media-input.js'
import type { FileSlot } from './outbox-media.js'
import { encryptPollVote, pollInfoOf, voteParties } from './poll-vote.js'
import type { ContactEntry, LinkPreviewCommand, PollVoteCommand, SendCommand } from './send-command.js'
import { sendErrors } from './send-errors.js'
import { toMp4, toOggOpus } from './transcode.js'
import { toVCard, vCardName } from './vcard.js'

/** Puts the prepared message on the wire with the chosen id; returns what the engine sent. */
export type Dispatch = (port: SessionPort, ctx: { messageId: string; quoted: WAMessage | undefined }) => Promise<WAMessage>

/** Sends Baileys content with the pipeline's message id and quote. */
export const sendContent =
  (jid: string, content: AnyMessageContent, extra: MiscMessageGenerationOptions = {}): Dispatch =>
  (port, { messageId, quoted }) =>
    port.send(jid, content, { ...extra, messageId, ...(quoted ? { quoted } : {}) })

/** Relays a raw proto message (kinds Baileys has no content shortcut for: lists, poll votes). */
export const relayRaw =
  (jid: string, message: proto.IMessage, additionalNodes: BinaryNode[] = []): Dispatch =>
  (port, { messageId, quoted }) =>
    port.relay(jid, message, { messageId, additionalNodes, ...(quoted ? { quoted } : {}) })

export interface DispatchContext {
  media: MediaLimits
  /** A message this instance sent or received (the poll of a vote). */
  findMessage(ref: ParsedMessageId): WAMessage | undefined
  /** Told each file read (the pipeline keeps the bytes of a send that waits, see durable-commands.ts). */
  onLoaded?: (slot: FileSlot, file: MediaFile) => void
}

/** Reads a file of the command and tells the context. */
async function load(ctx: DispatchContext, slot: FileSlot, spec: FileSpec, names?: FileNames): Promise<MediaFile> {
  const file = await loadFile(spec, ctx.media, names)
  ctx.onLoaded?.(slot, file)
  return file
}

/** A blank caption is no caption. */
const captionOf = (c: string | undefined) => (c?.trim() ? c : undefined)
const isOgg = (b: Buffer) => b.subarray(0, 4).toString('latin1') === 'OggS'
const keyOf = (ref: ParsedMessageId): WAMessageKey => ({ remoteJid: ref.remoteJid, fromMe: ref.fromMe, id: ref.id, ...(ref.participant ? { participant: ref.participant } : {}) })

export async function dispatchOf(cmd: SendCommand, ctx: DispatchContext): Promise<Dispatch> {
  const jid = cmd.chatJid
  switch (cmd.kind) {
    case 'text':
      return sendContent(jid, { text: cmd.text, ...(cmd.mentions?.length ? { mentions: cmd.mentions } : {}) })
    case 'link-preview':
      return linkPreview(cmd, ctx)
    case 'image': {
      const file = await load(ctx, 'file', cmd.file)
      const caption = captionOf(cmd.caption)
      return sendContent(jid, { image: file.data, mimetype: file.mimetype ?? 'image/jpeg', ...(caption ? { caption } : {}) })
    }
    case 'pdf': {
      const file = await load(ctx, 'file', cmd.file)
      const caption = captionOf(cmd.caption)
      return sendContent(jid, { document: file.data, mimetype: file.mimetype ?? 'application/pdf', fileName: file.filename ?? 'document.pdf', ...(caption ? { caption } : {}) })
    }
    case 'voice': {
      const file = await load(ctx, 'file', cmd.file)
      const convert = cmd.convert ?? !isOgg(file.data)
      const audio = convert ? await toOggOpus(file.data) : file.data
      const mimetype = convert || !file.mimetype ? 'audio/ogg; codecs=opus' : file.mimetype
      return sendContent(jid, { audio, mimetype, ptt: true })
    }
    case 'video': {
      const file = await load(ctx, 'file', cmd.file)
      const video = cmd.convert ? await toMp4(file.data) : file.data
      const caption = captionOf(cmd.caption)
      const mimetype = cmd.convert ? 'video/mp4' : (file.mimetype ?? 'video/mp4')
      return sendContent(jid, { video, mimetype, ...(cmd.asNote ? { ptv: true } : caption ? { caption } : {}) })
    }
    case 'location': {
      const { latitude, longitude, name, address } = cmd
      return sendContent(jid, { location: { degreesLatitude: latitude, degreesLongitude: longitude, ...(name ? { name } : {}), ...(address ? { address } : {}) } })
    }
    case 'poll':
      return sendContent(jid, { poll: { name: cmd.name, values: cmd.options, selectableCount: cmd.multipleAnswers ? cmd.options.length : 1 } })
    case 'poll-vote':
      return pollVote(cmd, ctx)
    case 'contact': {
      const cards = cmd.contacts.map(cardOf)
      const displayName = cards.length === 1 ? cards[0]!.displayName : `${cards.length} contacts`
      return sendContent(jid, { contacts: { displayName, contacts: cards } })
    }
    case 'list': {
      const listMessage: proto.Message.IListMessage = {
        title: cmd.title,
        description: cmd.description,
        buttonText: cmd.buttonText,
        footerText: cmd.footerText,
        listType: proto.Message.ListMessage.ListType.SINGLE_SELECT,
        sections: cmd.sections.map((s) => ({ title: s.title, rows: s.rows.map((r) => ({ title: r.title, rowId: r.rowId, ...(r.description ? { description: r.description } : {}) })) }))
      }
      return relayRaw(jid, { listMessage })
    }
    case 'event': {
      const event = {
        name: cmd.name,
        ...(cmd.description ? { description: cmd.description } : {}),
        startDate: new Date(Math.floor(cmd.startTime) * 1000),
        ...(cmd.endTime !== undefined ? { endDate: new Date(Math.floor(cmd.endTime) * 1000) } : {}),
        ...(cmd.location ? { location: { name: cmd.location } } : {}),
        extraGuestsAllowed: cmd.extraGuestsAllowed
      }
      return sendContent(jid, { event })
    }
    case 'reaction':
      return sendContent(jid, { react: { text: cmd.emoji, key: keyOf(cmd.message) } })
  }
}

function cardOf(entry: ContactEntry): { displayName: string; vcard: string } {
  if ('vcard' in entry) return { displayName: vCardName(entry.vcard) ?? 'Contact', vcard: entry.vcard }
  return { displayName: entry.fullName, vcard: toVCard(entry) }
}

/** The preview image: a small JPEG for the bubble, and the original for a high-quality one. */
async function thumbnailOf(spec: FileSpec, ctx: DispatchContext): Promise<{ thumb: Buffer; original: Buffer }> {
  const original = (await load(ctx, 'thumbnail', spec, { url: 'thumbnail', data: 'thumbnail' })).data
  try {
    const { buffer } = await extractImageThumb(original, 192)
    return { thumb: buffer, original }
  } catch {
    throw coreErrors.invalidParam('thumbnail', 'not an image (JPEG, PNG, WebP or GIF)')
  }
}

async function linkPreview(cmd: LinkPreviewCommand, ctx: DispatchContext): Promise<Dispatch> {
  const pic = cmd.thumbnail ? await thumbnailOf(cmd.thumbnail, ctx) : undefined
  const info: WAUrlInfo = {
    'canonical-url': cmd.url,
    'matched-text': cmd.url,
    title: cmd.title,
    ...(cmd.description !== undefined ? { description: cmd.description } : {}),
    ...(pic ? { jpegThumbnail: pic.thumb } : {})
  }
  return async (port, c) => {
    if (pic && cmd.highQuality) {
      const image = await port.uploadLinkThumbnail(pic.original)
      if (image) info.highQualityThumbnail = image
    }
    return sendContent(cmd.chatJid, { text: cmd.text, linkPreview: info })(port, c)
  }
}

/** Votes are encrypted with the poll's secret, so the poll must be known; options by name or 0-based index. */
function pollVote(cmd: PollVoteCommand, ctx: DispatchContext): Dispatch {
  const found = ctx.findMessage(cmd.poll)
  const poll = found && pollInfoOf(found)
  if (!poll) throw sendErrors.pollNotFound(cmd.pollId)
  const selected = cmd.votes.map((s) => {
    if (poll.options.includes(s)) return s
    const i = /^\d+$/.test(s) ? Number(s) : -1
    if (i >= 0 && i < poll.options.length) return poll.options[i]!
    throw sendErrors.invalidPollOption(s)
  })
  if (poll.selectableCount === 1 && selected.length > 1) throw coreErrors.invalidParam('votes', 'this poll allows one answer')
  const pollKey: WAMessageKey = { remoteJid: poll.key.remoteJid, fromMe: poll.key.fromMe, id: poll.key.id, ...(poll.key.participant ? { participant: poll.key.participant } : {}) }
  return async (port, c) => {
    const me = port.account()
    const parties = voteParties(poll, { mePn: me.pn, meLid: me.lid })
    const vote = encryptPollVote(poll, [...new Set(selected)], parties)
    const message = { pollUpdateMessage: { pollCreationMessageKey: pollKey, vote, senderTimestampMs: Date.now() } }
    return relayRaw(cmd.chatJid, message, [{ tag: 'meta', attrs: { polltype: 'vote' } }])(port, c)
  }
}
