// The content of each 24-hour status kind (text with a background colour and font, image, voice note, video)
// and of a status deletion, from a typed post, ready for the send pipeline. Files are read and converted like
// the send endpoints' files; the wire parameters are parsed at the API boundary (api/params/status-params.ts).
import type { AnyMessageContent, MiscMessageGenerationOptions } from '../../engine/wa-wire.js'
import { loadFile, type FileSpec, type MediaLimits } from '../../messaging/send/media-input.js'
import { toMp4, toOggOpus } from '../../messaging/send/transcode.js'

export const STATUS_JID = 'status@broadcast'

/** A status to post (or delete). Colours are #RRGGBB / #AARRGGBB; fonts are WhatsApp's status font numbers 0-10. */
export type StatusPost =
  | { kind: 'text'; text: string; backgroundColor?: string; font?: number }
  | { kind: 'image'; file: FileSpec; caption?: string }
  /** convert undefined: only a file that is not OGG already is converted. */
  | { kind: 'voice'; file: FileSpec; convert?: boolean; backgroundColor?: string }
  | { kind: 'video'; file: FileSpec; caption?: string; convert: boolean }
  /** The bare id of a status this account posted. */
  | { kind: 'delete'; messageId: string }

export interface StatusContent {
  content: AnyMessageContent
  options: Pick<MiscMessageGenerationOptions, 'backgroundColor' | 'font'>
}

const isOgg = (b: Buffer) => b.subarray(0, 4).toString('latin1') === 'OggS'

export async function statusContent(post: StatusPost, limits: MediaLimits): Promise<StatusContent> {
  switch (post.kind) {
    case 'text': {
      const { backgroundColor, font } = post
      return { content: { text: post.text }, options: { ...(backgroundColor ? { backgroundColor } : {}), ...(font !== undefined ? { font } : {}) } }
    }
    case 'image': {
      const file = await loadFile(post.file, limits)
      return { content: { image: file.data, mimetype: file.mimetype ?? 'image/jpeg', ...(post.caption ? { caption: post.caption } : {}) }, options: {} }
    }
    case 'voice': {
      // Voice statuses are OGG/Opus voice notes, like /v2/send/voice.
      const file = await loadFile(post.file, limits)
      const convert = post.convert ?? !isOgg(file.data)
      const audio = convert ? await toOggOpus(file.data) : file.data
      return {
        content: { audio, ptt: true, mimetype: convert || !file.mimetype ? 'audio/ogg; codecs=opus' : file.mimetype },
        options: post.backgroundColor ? { backgroundColor: post.backgroundColor } : {}
      }
    }
    case 'video': {
      const file = await loadFile(post.file, limits)
      const video = post.convert ? await toMp4(file.data) : file.data
      return { content: { video, mimetype: post.convert ? 'video/mp4' : (file.mimetype ?? 'video/mp4'), ...(post.caption ? { caption: post.caption } : {}) }, options: {} }
    }
    case 'delete':
      return { content: { delete: { remoteJid: STATUS_JID, fromMe: true, id: post.messageId } }, options: {} }
  }
}
