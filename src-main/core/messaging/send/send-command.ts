// Typed send commands: what a front door (the /v2/send/* routes, the UI bridge) asks the send pipeline to put in
// a chat, once it has parsed its own wire format. `kind` is also the kind kept on the outbound row.
// send-dispatch.ts turns a command into the Baileys calls.
import type { ParsedMessageId } from '../chat-ids.js'
import type { FileSpec } from './media-input.js'
import type { ContactCard } from './vcard.js'

interface ToChat {
  /** The chat, as a Baileys JID. */
  chatJid: string
  /** The message this one replies to (quoted). */
  replyTo?: ParsedMessageId
}

export interface TextCommand extends ToChat {
  kind: 'text'
  text: string
  /** User JIDs to mention (groups). */
  mentions?: string[]
}

/** A text with a link and a preview the caller describes (no preview is fetched from the link). */
export interface LinkPreviewCommand extends ToChat {
  kind: 'link-preview'
  /** The message; contains the url. */
  text: string
  url: string
  title: string
  description?: string
  /** Preview image: a small JPEG is made from it for the bubble. */
  thumbnail?: FileSpec
  /** Also upload the image as a large preview. */
  highQuality: boolean
}

export interface ImageCommand extends ToChat {
  kind: 'image'
  file: FileSpec
  caption?: string
}

/** Any file, sent as a document (the endpoint is /v2/send/pdf, hence the kind). */
export interface DocumentCommand extends ToChat {
  kind: 'pdf'
  file: FileSpec
  caption?: string
}

export interface VoiceCommand extends ToChat {
  kind: 'voice'
  file: FileSpec
  /** Transcode to OGG/Opus; undefined: only when the file is not OGG already. */
  convert?: boolean
}

export interface VideoCommand extends ToChat {
  kind: 'video'
  file: FileSpec
  caption?: string
  /** Transcode to H.264/AAC MP4. */
  convert: boolean
  /** A round video note (no caption). */
  asNote: boolean
}

export interface LocationCommand extends ToChat {
  kind: 'location'
  latitude: number
  longitude: number
  /** Place name. */
  name?: string
  address?: string
}

export interface PollCommand extends ToChat {
  kind: 'poll'
  name: string
  options: string[]
  multipleAnswers: boolean
}

export interface PollVoteCommand {
  kind: 'poll-vote'
  chatJid: string
  /** The poll message (one this instance sent or received: its secret encrypts the vote). */
  poll: ParsedMessageId
  /** The poll id as the caller wrote it (named in poll_not_found). */
  pollId: string
  /** Option names or 0-based indexes; [] withdraws the vote. */
  votes: string[]
}

/** A contact card: its fields (written as vCard 3.0) or a ready vCard. */
export type ContactEntry = ContactCard | { vcard: string }

export interface ContactCommand extends ToChat {
  kind: 'contact'
  contacts: ContactEntry[]
}

export interface ListRow {
  title: string
  rowId: string
  description?: string
}

export interface ListCommand extends ToChat {
  kind: 'list'
  /** Header ('' for none). */
  title: string
  /** The list's body. */
  description: string
  buttonText: string
  footerText: string
  sections: { title: string; rows: ListRow[] }[]
}

export interface EventCommand extends ToChat {
  kind: 'event'
  name: string
  description?: string
  /** Unix seconds. */
  startTime: number
  endTime?: number
  location?: string
  extraGuestsAllowed: boolean
}

export interface ReactionCommand {
  kind: 'reaction'
  chatJid: string
  /** The message reacted to. */
  message: ParsedMessageId
  /** One emoji, or '' to remove the reaction. */
  emoji: string
}

export type SendCommand =
  | TextCommand
  | LinkPreviewCommand
  | ImageCommand
  | DocumentCommand
  | VoiceCommand
  | VideoCommand
  | LocationCommand
  | PollCommand
  | PollVoteCommand
  | ContactCommand
  | ListCommand
  | EventCommand
  | ReactionCommand

export type SendCommandKind = SendCommand['kind']
