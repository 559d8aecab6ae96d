// The replies.* channels of the bridge (issue 20 item 7): the acting account's saved replies, inserted in the
// composer with "/shortcut" and managed in Settings. Spread into CHANNELS (channels.ts). PURE: TypeBox builders are plain data.
import { Type } from '@sinclair/typebox'
import { channel } from './channel-def.js'

/** A saved reply: `shortcut` without its slash (lower case letters, digits, - and _). */
export interface SavedReplyDto {
  id: number
  shortcut: string
  text: string
  /** Milliseconds since the epoch. */
  updatedAt: number
}

const strict = { additionalProperties: false } as const
const ReplyId = Type.Integer({ minimum: 1 })

export const REPLY_CHANNELS = {
  'replies.list': channel(Type.Object({}, strict)).returns<{ replies: SavedReplyDto[] }>(),
  /** Adds a reply, or changes the one with `id`; a shortcut in use is refused with conflict. */
  'replies.save': channel(
    Type.Object({ id: Type.Optional(ReplyId), shortcut: Type.String({ minLength: 1, maxLength: 40 }), text: Type.String({ minLength: 1, maxLength: 4096 }) }, strict)
  ).returns<SavedReplyDto>(),
  'replies.remove': channel(Type.Object({ id: ReplyId }, strict)).returns<{ removed: boolean }>()
} as const
