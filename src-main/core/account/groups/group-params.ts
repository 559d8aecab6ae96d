// Group inputs as clients send them: the group id from the path (raw or percent-encoded, with or without
// @g.us), participants in every spelling of the reference ([{id}], ["id"], "id,id", JSON text), and invite
// codes or https://chat.whatsapp.com/<code> links.
import { isPlainObject, stringParam, type Params } from '../../api/request-params.js'
import { coreErrors } from '../../domain/core-errors.js'
import { toWaJid } from '../../messaging/chat-ids.js'
import { accountErrors } from '../errors.js'

/** `120363...@g.us`, `120363...` or the old `<creator>-<time>@g.us` -> a group JID. */
export function groupJidOf(value: string | undefined, param = 'id'): string {
  const raw = (value ?? '').trim()
  if (!raw) throw coreErrors.missingParam([param])
  const at = raw.indexOf('@')
  const user = at < 0 ? raw : raw.slice(0, at)
  const server = at < 0 ? 'g.us' : raw.slice(at + 1).toLowerCase()
  if (server !== 'g.us' || !/^[0-9]{5,32}(-[0-9]{1,20})?$/.test(user)) {
    throw coreErrors.invalidParam(param, `"${raw.slice(0, 64)}" is not a group id (use <number>@g.us)`)
  }
  return `${user}@g.us`
}

/** Any spelling of a participant list -> user JIDs (PN @s.whatsapp.net or @lid), deduplicated, in order. */
export function participantJids(input: Params, key = 'participants'): string[] {
  let raw = input[key]
  if (raw === undefined && key === 'participants') raw = input.participant
  if (typeof raw === 'string') raw = raw.split(/[,;\s]+/).filter(Boolean)
  if (isPlainObject(raw)) raw = Object.values(raw) // {"0": ...} as the docs render arrays
  if (!Array.isArray(raw) || raw.length === 0) throw coreErrors.missingParam([key])
  const out: string[] = []
  raw.forEach((item, i) => {
    const id = typeof item === 'string' || typeof item === 'number' ? String(item) : isPlainObject(item) ? (stringParam(item, 'id') ?? stringParam(item, 'jid') ?? stringParam(item, 'phone')) : undefined
    if (!id) throw coreErrors.invalidParam(`${key}[${i}]`, 'expected a chat id or {"id": "<number>@c.us"}')
    let jid: string
    try {
      jid = toWaJid(id)
    } catch {
      throw accountErrors.invalidChatId(`${key}[${i}]`, id)
    }
    if (!jid.endsWith('@s.whatsapp.net') && !jid.endsWith('@lid')) throw accountErrors.invalidChatId(`${key}[${i}]`, id)
    if (!out.includes(jid)) out.push(jid)
  })
  return out
}

/** An invite code from `code`, `url`, `link` or `invite`: a bare code or a chat.whatsapp.com link. */
export function inviteCodeOf(input: Params): string {
  const value = stringParam(input, 'code') ?? stringParam(input, 'url') ?? stringParam(input, 'link') ?? stringParam(input, 'invite')
  if (!value) throw coreErrors.missingParam(['code'])
  const code = value.replace(/^https?:\/\/(www\.)?chat\.whatsapp\.com\/(invite\/)?/i, '').replace(/[/?#].*$/, '')
  if (!/^[A-Za-z0-9_-]{6,64}$/.test(code)) throw coreErrors.invalidParam('code', 'expected an invite code or a https://chat.whatsapp.com/<code> link')
  return code
}

export const inviteUrl = (code: string): string => `https://chat.whatsapp.com/${code}`
