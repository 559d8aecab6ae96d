// Channel inputs: a channel reference from the path or parameters (a channel id <number>@newsletter, or the
// bare number, or an invite: a code or a https://whatsapp.com/channel/<code> link), the list's role filter,
// the preview's limit and the fields of a new channel.
import type { ChannelKey } from '../../account/channels/channel-key.js'
import type { KnownChannel } from '../../account/channels/channels-repo.js'
import { coreErrors } from '../../domain/core-errors.js'
import { stringParam, type Params } from '../request-params.js'

export function channelKeyOf(value: string | undefined, param = 'id'): ChannelKey {
  const raw = (value ?? '').trim()
  if (!raw) throw coreErrors.missingParam([param])
  const jid = /^([0-9]{5,32})(@newsletter)?$/i.exec(raw)
  if (jid) return { type: 'jid', key: `${jid[1]}@newsletter` }
  const code = raw.replace(/^https?:\/\/(www\.)?whatsapp\.com\/channel\//i, '').replace(/[/?#].*$/, '')
  if (/^[A-Za-z0-9_-]{6,64}$/.test(code)) return { type: 'invite', key: code }
  throw coreErrors.invalidParam(param, 'expected a channel id (<number>@newsletter) or an invite code / https://whatsapp.com/channel/<code> link')
}

const ROLES = new Set(['OWNER', 'ADMIN', 'SUBSCRIBER'])

/** role=OWNER|ADMIN|SUBSCRIBER (any case); undefined lists every role. */
export function channelRoleOf(input: Params): KnownChannel['role'] | undefined {
  const v = stringParam(input, 'role')
  if (v === undefined) return undefined
  const r = v.toUpperCase()
  if (!ROLES.has(r)) throw coreErrors.invalidParam('role', 'use OWNER, ADMIN or SUBSCRIBER')
  return r as KnownChannel['role']
}

/** limit of a posts preview: 1-100, default 10; 0 = no limit, i.e. the maximum (100). */
export function previewLimitOf(input: Params): number {
  const v = stringParam(input, 'limit')
  if (v === undefined) return 10
  const n = Number(v)
  if (!Number.isInteger(n) || n < 0 || n > 100) throw coreErrors.invalidParam('limit', 'expected a whole number from 0 (no limit: 100) to 100')
  return n === 0 ? 100 : n
}

/** name (required, up to 100 characters) and description (optional text, up to 2048) of a new channel. */
export function newChannelOf(input: Params): { name: string; description: string } {
  const name = stringParam(input, 'name')
  if (!name) throw coreErrors.missingParam(['name'])
  if (name.length > 100) throw coreErrors.invalidParam('name', 'at most 100 characters')
  const description = typeof input.description === 'string' ? input.description : ''
  if (description.length > 2048) throw coreErrors.invalidParam('description', 'at most 2048 characters')
  return { name, description }
}
