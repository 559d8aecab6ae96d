// The content of each 24-hour status kind (text with a background colour and font, image, voice note,
// video) and of a status deletion, ready for the send pipeline. Files come in like the send endpoints' files.
import type { AnyMessageContent, MiscMessageGenerationOptions } from '@whiskeysockets/baileys'
import { looseBoolean, stringParam, type Params } from '../../api/request-params.js'
import { coreErrors } from '../../domain/core-errors.js'
import { parseMessageId } from '../../messaging/chat-ids.js'
import { readMediaParam, type MediaLimits } from '../../messaging/send/media-input.js'
import { toMp4, toOggOpus } from '../../messaging/send/transcode.js'

export const STATUS_JID = 'status@broadcast'

export interface StatusContent {
  content: AnyMessageContent
  options: Pick<MiscMessageGenerationOptions, 'backgroundColor' | 'font'>
}

const COLOR = /^#?([0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/

function backgroundColor(input: Params): string | undefined {
  const v = stringParam(input, 'backgroundColor')
  if (v === undefined) return undefined
  if (!COLOR.test(v)) throw coreErrors.invalidParam('backgroundColor', 'expected a colour #RRGGBB (or #AARRGGBB)')
  return v.startsWith('#') ? v : `#${v}`
}

function font(input: Params): number | undefined {
  const v = stringParam(input, 'font')
  if (v === undefined) return undefined
  const n = Number(v)
  if (!Number.isInteger(n) || n < 0 || n > 10) throw coreErrors.invalidParam('font', 'expected a font number from 0 to 10')
  return n
}

function bool(input: Params, name: string, fallback: boolean): boolean {
  const v = input[name]
  if (v === undefined || v === '') return fallback
  const b = looseBoolean(v)
  if (b === undefined) throw coreErrors.invalidParam(name, 'expected true or false')
  return b
}

const caption = (input: Params): string | undefined => {
  const c = input.caption
  return typeof c === 'string' && c.trim() ? c : undefined
}

const isOgg = (b: Buffer) => b.subarray(0, 4).toString('latin1') === 'OggS'

export function textStatus(input: Params): StatusContent {
  const text = input.text ?? input.message
  if (typeof text !== 'string' || !text.trim()) throw coreErrors.missingParam(['text'])
  if (text.length > 4096) throw coreErrors.invalidParam('text', 'at most 4096 characters')
  const bg = backgroundColor(input)
  const f = font(input)
  return { content: { text }, options: { ...(bg ? { backgroundColor: bg } : {}), ...(f !== undefined ? { font: f } : {}) } }
}

export async function imageStatus(input: Params, limits: MediaLimits): Promise<StatusContent> {
  const file = await readMediaParam(input, limits)
  const c = caption(input)
  return { content: { image: file.data, mimetype: file.mimetype ?? 'image/jpeg', ...(c ? { caption: c } : {}) }, options: {} }
}

/** Voice statuses are OGG/Opus voice notes; like /v2/send/voice, a file that is not OGG is converted unless convert=false. */
export async function voiceStatus(input: Params, limits: MediaLimits): Promise<StatusContent> {
  const file = await readMediaParam(input, limits)
  const convert = bool(input, 'convert', !isOgg(file.data))
  const audio = convert ? await toOggOpus(file.data) : file.data
  const bg = backgroundColor(input)
  return {
    content: { audio, ptt: true, mimetype: convert || !file.mimetype ? 'audio/ogg; codecs=opus' : file.mimetype },
    options: bg ? { backgroundColor: bg } : {}
  }
}

export async function videoStatus(input: Params, limits: MediaLimits): Promise<StatusContent> {
  const file = await readMediaParam(input, limits)
  const convert = bool(input, 'convert', false)
  const video = convert ? await toMp4(file.data) : file.data
  const c = caption(input)
  return { content: { video, mimetype: convert ? 'video/mp4' : (file.mimetype ?? 'video/mp4'), ...(c ? { caption: c } : {}) }, options: {} }
}

/** `id` (or messageId): the status's serialized id from its send answer, or the bare message id. */
export function deleteStatus(input: Params): StatusContent {
  const raw = stringParam(input, 'id') ?? stringParam(input, 'messageId')
  if (!raw) throw coreErrors.missingParam(['id'])
  let id: string
  try {
    id = parseMessageId(raw, STATUS_JID).id
  } catch {
    throw coreErrors.invalidParam('id', 'expected the id of a status this account posted (e.g. true_status@broadcast_3EB0ABCDEF)')
  }
  return { content: { delete: { remoteJid: STATUS_JID, fromMe: true, id } }, options: {} }
}
