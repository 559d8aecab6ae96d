// Group inputs as clients send them: the group id from the path (raw or percent-encoded, with or without
// @g.us), participants in every spelling of the reference ([{id}], ["id"], "id,id", JSON text), invite codes
// or https://chat.whatsapp.com/<code> links, subject/description/settings texts, and the list's sort and page.
import type { ApiGroup } from '../../account/groups/group-mapper.js'
import { accountErrors } from '../../account/errors.js'
import { coreErrors } from '../../domain/core-errors.js'
import { toWaJid } from '../../messaging/chat-ids.js'
import { isPlainObject, looseBoolean, stringParam, type Params } from '../request-params.js'

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

/** The optional participants of a new group: none when neither spelling is given. */
export const newGroupParticipants = (input: Params): string[] => (input.participants === undefined && input.participant === undefined ? [] : participantJids(input))

/** An invite code from `code`, `url`, `link` or `invite`: a bare code or a chat.whatsapp.com link. */
export function inviteCodeOf(input: Params): string {
  const value = stringParam(input, 'code') ?? stringParam(input, 'url') ?? stringParam(input, 'link') ?? stringParam(input, 'invite')
  if (!value) throw coreErrors.missingParam(['code'])
  const code = value.replace(/^https?:\/\/(www\.)?chat\.whatsapp\.com\/(invite\/)?/i, '').replace(/[/?#].*$/, '')
  if (!/^[A-Za-z0-9_-]{6,64}$/.test(code)) throw coreErrors.invalidParam('code', 'expected an invite code or a https://chat.whatsapp.com/<code> link')
  return code
}

/** A required text of at most `max` characters under the first of `names` that is given; errors name names[0]. */
function requiredText(input: Params, names: [string, ...string[]], max: number): string {
  let value: string | undefined
  for (const name of names) value ??= stringParam(input, name)
  if (!value) throw coreErrors.missingParam([names[0]])
  if (value.length > max) throw coreErrors.invalidParam(names[0], `at most ${max} characters`)
  return value
}

/** The name of a new group: name (or subject), up to 100 characters. */
export const groupNameOf = (input: Params): string => requiredText(input, ['name', 'subject'], 100)

/** subject (or name), up to 100 characters. */
export const subjectOf = (input: Params): string => requiredText(input, ['subject', 'name'], 100)

/** description: required text, an empty string removes it; up to 2048 characters. */
export function descriptionOf(input: Params): string {
  const description = input.description
  if (description === undefined || description === null) throw coreErrors.missingParam(['description'])
  if (typeof description !== 'string') throw coreErrors.invalidParam('description', 'expected text')
  if (description.length > 2048) throw coreErrors.invalidParam('description', 'at most 2048 characters')
  return description
}

/** adminsOnly: a loose boolean, true when left out (WAHA's default). */
export function adminsOnlyOf(input: Params): boolean {
  const raw = input.adminsOnly
  const adminsOnly = raw === undefined ? true : looseBoolean(raw)
  if (adminsOnly === undefined) throw coreErrors.invalidParam('adminsOnly', 'expected true or false')
  return adminsOnly
}

function sortGroups(groups: ApiGroup[], input: Params): ApiGroup[] {
  const by = stringParam(input, 'sortBy') ?? 'id'
  if (!['id', 'subject', 'creation', 'size'].includes(by)) throw coreErrors.invalidParam('sortBy', 'use id, subject, creation or size')
  const order = (stringParam(input, 'sortOrder') ?? 'asc').toLowerCase()
  if (order !== 'asc' && order !== 'desc') throw coreErrors.invalidParam('sortOrder', 'use ASC or DESC')
  const key = (g: ApiGroup): string | number => (by === 'subject' ? g.subject.toLowerCase() : by === 'creation' ? (g.creation ?? 0) : by === 'size' ? g.size : g.id)
  const sorted = [...groups].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id < b.id ? -1 : 1))
  return order === 'desc' ? sorted.reverse() : sorted
}

function pageParam(input: Params, name: 'limit' | 'offset'): number | undefined {
  const raw = stringParam(input, name)
  if (raw === undefined) return undefined
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 0) throw coreErrors.invalidParam(name, 'expected a whole number >= 0')
  return n
}

const excludesParticipants = (input: Params): boolean => {
  const v = input.exclude
  const list = Array.isArray(v) ? v.map(String) : typeof v === 'string' ? v.split(',') : []
  return list.map((s) => s.trim()).includes('participants')
}

/** The list as GET /v2/groups asks for it: sortBy/sortOrder, then offset/limit, then exclude=participants. */
export function groupListPage(groups: ApiGroup[], input: Params): Omit<ApiGroup, 'participants'>[] {
  const list = sortGroups(groups, input)
  const offset = pageParam(input, 'offset') ?? 0
  const limit = pageParam(input, 'limit')
  // limit=0 is "no limit" (n8n's default, WAHA's meaning), as an absent limit.
  const page = list.slice(offset, limit === undefined || limit === 0 ? undefined : offset + limit)
  return excludesParticipants(input) ? page.map(({ participants: _omit, ...g }) => g) : page
}
