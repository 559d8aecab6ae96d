// The wire parameters of /v2/status/* read into a typed status post (account/status/status-content.ts) and its
// audience: colours, fonts, captions, files, the id of a status to delete, and `contacts` in any list spelling.
import { STATUS_JID, type StatusPost } from '../../account/status/status-content.js'
import { coreErrors } from '../../domain/core-errors.js'
import { parseMessageId } from '../../messaging/chat-ids.js'
import { looseBoolean, stringParam, type Params } from '../request-params.js'
import { participantJids } from './group-params.js'
import { fileSpecParam } from './media-param.js'

export type StatusPostKind = StatusPost['kind']

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

/** A boolean; absent (undefined or '') gives undefined. */
function optionalBool(input: Params, name: string): boolean | undefined {
  const v = input[name]
  if (v === undefined || v === '') return undefined
  const b = looseBoolean(v)
  if (b === undefined) throw coreErrors.invalidParam(name, 'expected true or false')
  return b
}

const caption = (input: Params): string | undefined => {
  const c = input.caption
  return typeof c === 'string' && c.trim() ? c : undefined
}

function textPost(input: Params): StatusPost {
  const text = input.text ?? input.message
  if (typeof text !== 'string' || !text.trim()) throw coreErrors.missingParam(['text'])
  if (text.length > 4096) throw coreErrors.invalidParam('text', 'at most 4096 characters')
  const bg = backgroundColor(input)
  const f = font(input)
  return { kind: 'text', text, ...(bg ? { backgroundColor: bg } : {}), ...(f !== undefined ? { font: f } : {}) }
}

/** `id` (or messageId): the status's serialized id from its send answer, or the bare message id. */
function deletePost(input: Params): StatusPost {
  const raw = stringParam(input, 'id') ?? stringParam(input, 'messageId')
  if (!raw) throw coreErrors.missingParam(['id'])
  try {
    return { kind: 'delete', messageId: parseMessageId(raw, STATUS_JID).id }
  } catch {
    throw coreErrors.invalidParam('id', 'expected the id of a status this account posted (e.g. true_status@broadcast_3EB0ABCDEF)')
  }
}

export function statusPostParams(kind: StatusPostKind, input: Params): StatusPost {
  switch (kind) {
    case 'text':
      return textPost(input)
    case 'image': {
      const c = caption(input)
      return { kind, file: fileSpecParam(input), ...(c ? { caption: c } : {}) }
    }
    case 'voice': {
      const file = fileSpecParam(input)
      const convert = optionalBool(input, 'convert')
      const bg = backgroundColor(input)
      return { kind, file, ...(convert !== undefined ? { convert } : {}), ...(bg ? { backgroundColor: bg } : {}) }
    }
    case 'video': {
      const file = fileSpecParam(input)
      const c = caption(input)
      return { kind, file, convert: optionalBool(input, 'convert') ?? false, ...(c ? { caption: c } : {}) }
    }
    case 'delete':
      return deletePost(input)
  }
}

/** `contacts` as user JIDs; undefined when absent, null or [] (the status then goes to every known person). */
export function statusContactsParam(input: Params): string[] | undefined {
  const v = input.contacts
  if (v === undefined || v === null || v === '') return undefined
  if (Array.isArray(v) && v.length === 0) return undefined
  return participantJids(input, 'contacts')
}
