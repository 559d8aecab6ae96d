// The network's channel metadata (w:mex newsletter metadata) -> our stored row -> the API's channel object
// (WAHA's Channel: id, name, invite link, picture, description, verified, role; plus mute and counts).
import type { ChannelRole, KnownChannel } from '../../db/repositories/channels-repo.js'
import { channelInviteUrl } from './channel-key.js'

/** The fields of the metadata object Baileys' newsletterMetadata returns (the raw w:mex answer). */
export interface RawChannelMetadata {
  id: string
  thread_metadata?: {
    creation_time?: string
    description?: { text?: string }
    invite?: string
    name?: { text?: string }
    picture?: { direct_path?: string }
    preview?: { direct_path?: string }
    subscribers_count?: string
    verification?: string
  }
  viewer_metadata?: { mute?: string; role?: string }
}

export interface ApiChannel {
  id: string
  name: string
  description: string
  invite: string | null
  inviteCode: string | null
  picture: string | null
  preview: string | null
  verified: boolean
  role: ChannelRole
  muted: boolean
  subscribersCount: number | null
  createdAt: number | null
}

const ROLES = new Set<ChannelRole>(['OWNER', 'ADMIN', 'SUBSCRIBER', 'GUEST'])
const MEDIA_HOST = 'https://mmg.whatsapp.net'
const num = (v: string | undefined): number | null => (v !== undefined && v !== '' && Number.isFinite(Number(v)) ? Number(v) : null)

export function roleOf(meta: RawChannelMetadata): ChannelRole {
  const r = meta.viewer_metadata?.role?.toUpperCase() as ChannelRole | undefined
  return r && ROLES.has(r) ? r : 'GUEST'
}

export type ViewedChannel = Omit<KnownChannel, 'role'> & { role: ChannelRole }

export function fromMetadata(meta: RawChannelMetadata): ViewedChannel {
  const t = meta.thread_metadata ?? {}
  return {
    id: meta.id,
    role: roleOf(meta),
    name: t.name?.text ?? '',
    description: t.description?.text ?? '',
    invite: t.invite || null,
    verified: t.verification === 'VERIFIED',
    muted: meta.viewer_metadata?.mute === 'ON',
    subscribers: num(t.subscribers_count),
    picturePath: t.picture?.direct_path || null,
    previewPath: t.preview?.direct_path || null,
    createdAt: num(t.creation_time)
  }
}

export function toApiChannel(c: ViewedChannel): ApiChannel {
  return {
    id: c.id,
    name: c.name,
    description: c.description,
    invite: c.invite ? channelInviteUrl(c.invite) : null,
    inviteCode: c.invite,
    picture: c.picturePath ? `${MEDIA_HOST}${c.picturePath}` : null,
    preview: c.previewPath ? `${MEDIA_HOST}${c.previewPath}` : null,
    verified: c.verified,
    role: c.role,
    muted: c.muted,
    subscribersCount: c.subscribers,
    createdAt: c.createdAt
  }
}
