// Channel (newsletter) operations of one instance through its session port (the network's w:mex queries), keeping
// account_channels in step: create, info by id or invite, delete, follow, unfollow, mute, unmute, and a
// preview of recent posts decoded into API messages.
import type { Db } from '../../db/connection.js'
import { coreErrors } from '../../domain/core-errors.js'
import { callNetwork, type ErrorMap } from '../../engine/engine-errors.js'
import type { SessionPort } from '../../engine/session-port.js'
import { toApiMessage, type ApiMessage } from '../../messaging/message-mapper.js'
import { accountErrors } from '../errors.js'
import type { MediaLimits } from '../../messaging/send/media-input.js'
import { assertDecodableImage, pictureLimits } from '../images.js'
import type { PortSource } from '../profile/profile-service.js'
import { fromMetadata, type RawChannelMetadata, type ViewedChannel } from './channel-mapper.js'
import type { ChannelKey } from './channel-key.js'
import { deleteChannel, listChannels, setChannelMuted, upsertChannel, type KnownChannel } from '../../db/repositories/channels-repo.js'

export interface ChannelServiceDeps extends PortSource {
  db: Db
  now?: () => number
}

export interface ChannelPost {
  id: string
  serverId: string
  timestamp: number
  viewCount: number | null
  reactions: Record<string, number>
  message: ApiMessage
}

export class ChannelService {
  constructor(private readonly deps: ChannelServiceDeps) {}

  /** How the routes read this service's picture files (URL or base64; private addresses only in the sandbox). */
  get pictureLimits(): MediaLimits {
    return this.deps.pictures ?? pictureLimits('whatsapp')
  }

  private now = (): number => (this.deps.now ?? Date.now)()
  private socket = (instanceId: string): SessionPort => this.deps.ports.working(instanceId)

  private errors(id: string): ErrorMap {
    return { 404: () => accountErrors.channelNotFound(id), 403: () => accountErrors.notChannelAdmin(id), 401: () => accountErrors.notChannelAdmin(id) }
  }

  /** Keeps the row of a channel this account owns, administers or follows; forgets one it no longer does. */
  private remember(instanceId: string, c: ViewedChannel): void {
    if (c.role === 'GUEST') deleteChannel(this.deps.db, instanceId, c.id)
    else upsertChannel(this.deps.db, instanceId, c as KnownChannel, this.now())
  }

  list(instanceId: string, role?: KnownChannel['role']): KnownChannel[] {
    return listChannels(this.deps.db, instanceId, role)
  }

  private async metadata(sock: SessionPort, key: ChannelKey): Promise<RawChannelMetadata> {
    const raw = await callNetwork(() => sock.channels.metadata(key.type, key.key), this.errors(key.key))
    if (!raw || typeof raw !== 'object' || typeof (raw as { id?: unknown }).id !== 'string') throw accountErrors.channelNotFound(key.key)
    return raw as unknown as RawChannelMetadata
  }

  async info(instanceId: string, key: ChannelKey): Promise<ViewedChannel> {
    const viewed = fromMetadata(await this.metadata(this.socket(instanceId), key))
    this.remember(instanceId, viewed)
    return viewed
  }

  /** The channel's JID for a key (an invite is resolved through the network). */
  private async jidOf(sock: SessionPort, key: ChannelKey): Promise<string> {
    return key.type === 'jid' ? key.key : (await this.metadata(sock, key)).id
  }

  async create(instanceId: string, name: string, description: string, picture?: Buffer): Promise<ViewedChannel> {
    const sock = this.socket(instanceId)
    if (picture) await assertDecodableImage('picture', picture)
    const created = await callNetwork(() => sock.channels.create(name, description))
    if (picture) await callNetwork(() => sock.channels.setPicture(created.id, picture), this.errors(created.id))
    return this.info(instanceId, { type: 'jid', key: created.id })
  }

  async delete(instanceId: string, key: ChannelKey): Promise<string> {
    const sock = this.socket(instanceId)
    const jid = await this.jidOf(sock, key)
    await callNetwork(() => sock.channels.delete(jid), this.errors(jid))
    deleteChannel(this.deps.db, instanceId, jid)
    return jid
  }

  async follow(instanceId: string, key: ChannelKey): Promise<ViewedChannel> {
    const sock = this.socket(instanceId)
    const jid = await this.jidOf(sock, key)
    await callNetwork(() => sock.channels.follow(jid), this.errors(jid))
    return this.info(instanceId, { type: 'jid', key: jid })
  }

  async unfollow(instanceId: string, key: ChannelKey): Promise<string> {
    const sock = this.socket(instanceId)
    const jid = await this.jidOf(sock, key)
    await callNetwork(() => sock.channels.unfollow(jid), {
      ...this.errors(jid),
      400: () => coreErrors.invalidParam('id', 'the owner cannot unfollow its own channel (delete it instead)')
    })
    deleteChannel(this.deps.db, instanceId, jid)
    return jid
  }

  async mute(instanceId: string, key: ChannelKey, mute: boolean): Promise<string> {
    const sock = this.socket(instanceId)
    const jid = await this.jidOf(sock, key)
    await callNetwork(() => sock.channels.mute(jid, mute), { ...this.errors(jid), 400: () => accountErrors.channelNotFollowed(jid) })
    setChannelMuted(this.deps.db, instanceId, jid, mute, this.now())
    return jid
  }

  /** The latest posts (newest last, as the network sends them), up to `limit`. */
  async preview(instanceId: string, key: ChannelKey, limit: number): Promise<ChannelPost[]> {
    const sock = this.socket(instanceId)
    const jid = await this.jidOf(sock, key)
    const posts = await callNetwork(() => sock.channels.posts(jid, limit), this.errors(jid))
    const me = sock.account().pn
    return posts.map(({ message, ...p }) => ({ ...p, message: toApiMessage(message, { me }) }))
  }
}
