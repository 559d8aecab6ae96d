// A channel reference from the path or parameters: a channel id (<number>@newsletter, or the bare number)
// or an invite (a code or a https://whatsapp.com/channel/<code> link).
import { coreErrors } from '../../domain/core-errors.js'

export type ChannelKey = { type: 'jid'; key: string } | { type: 'invite'; key: string }

export function channelKeyOf(value: string | undefined, param = 'id'): ChannelKey {
  const raw = (value ?? '').trim()
  if (!raw) throw coreErrors.missingParam([param])
  const jid = /^([0-9]{5,32})(@newsletter)?$/i.exec(raw)
  if (jid) return { type: 'jid', key: `${jid[1]}@newsletter` }
  const code = raw.replace(/^https?:\/\/(www\.)?whatsapp\.com\/channel\//i, '').replace(/[/?#].*$/, '')
  if (/^[A-Za-z0-9_-]{6,64}$/.test(code)) return { type: 'invite', key: code }
  throw coreErrors.invalidParam(param, 'expected a channel id (<number>@newsletter) or an invite code / https://whatsapp.com/channel/<code> link')
}

export const channelInviteUrl = (code: string): string => `https://whatsapp.com/channel/${code}`
