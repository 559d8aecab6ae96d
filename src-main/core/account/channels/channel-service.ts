// Channel (newsletter) operations of one instance through its socket (the network's w:mex queries), keeping
// account_channels in step: create, info by id or invite, delete, follow, unfollow, mute, unmute, and a
// preview of recent posts decoded into API messages.
import { getBinaryNodeChild, getBinaryNodeChildren, proto, type BinaryNode, type WAMessage, type WASocket } from '@whiskeysockets/baileys'
import type { Db } from '../../db/connection.js'
import { coreErrors } from '../../domain/core-errors.js'
import { toApiMessage, type ApiMessage } from '../../messaging/message-mapper.js'
import { accountErrors } from '../errors.js'
import { assertDecodableImage } from '../images.js'
import { callNetwork, type ErrorMap } from '../wa-errors.js'
import { ownJids, workingSocket, type SocketSource } from '../working-socket.js'
import { fromMetadata, type RawChannelMetadata, type ViewedChannel } from './channel-mapper.js'
import type { ChannelKey } from './channel-key.js'
import { deleteChannel, listChannels, setChannelMuted, upsertChannel, type KnownChannel } from './channels-repo.js'

export interface ChannelServiceDeps extends SocketSource {
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

  private now = (): number => (this.deps.now ?? Date.now)()
  private socket = (instanceId: string): WASocket => workingSocket(this.deps, instanceId)

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

  private async metadata(sock: WASocket, key: ChannelKey): Promise<RawChannelMetadata> {
    const raw = await callNetwork(() => sock.newsletterMetadata(key.type, key.key), this.errors(key.key))
    if (!raw || typeof raw !== 'object' || typeof (raw as { id?: unknown }).id !== 'string') throw accountErrors.channelNotFound(key.key)
    return raw as unknown as RawChannelMetadata
  }

  async info(instanceId: string, key: ChannelKey): Promise<ViewedChannel> {
    const viewed = fromMetadata(await this.metadata(this.socket(instanceId), key))
    this.remember(instanceId, viewed)
    return viewed
  }

  /** The channel's JID for a key (an invite is resolved through the network). */
  private async jidOf(sock: WASocket, key: ChannelKey): Promise<string> {
    return key.type === 'jid' ? key.key : (await this.metadata(sock, key)).id
  }

  async create(instanceId: string, name: string, description: string, picture?: Buffer): Promise<ViewedChannel> {
    const sock = this.socket(instanceId)
    if (picture) await assertDecodableImage('picture', picture)
    const created = await callNetwork(() => sock.newsletterCreate(name, description))
    if (picture) await callNetwork(() => sock.newsletterUpdatePicture(created.id, picture), this.errors(created.id))
    return this.info(instanceId, { type: 'jid', key: created.id })
  }

  async delete(instanceId: string, key: ChannelKey): Promise<string> {
    const sock = this.socket(instanceId)
    const jid = await this.jidOf(sock, key)
    await callNetwork(() => sock.newsletterDelete(jid), this.errors(jid))
    deleteChannel(this.deps.db, instanceId, jid)
    return jid
  }

  async follow(instanceId: string, key: ChannelKey): Promise<ViewedChannel> {
    const sock = this.socket(instanceId)
    const jid = await this.jidOf(sock, key)
    await callNetwork(() => sock.newsletterFollow(jid), this.errors(jid))
    return this.info(instanceId, { type: 'jid', key: jid })
  }

  async unfollow(instanceId: string, key: ChannelKey): Promise<string> {
    const sock = this.socket(instanceId)
    const jid = await this.jidOf(sock, key)
    await callNetwork(() => sock.newsletterUnfollow(jid), {
      ...this.errors(jid),
      400: () => coreErrors.invalidParam('id', 'the owner cannot unfollow its own channel (delete it instead)')
    })
    deleteChannel(this.deps.db, instanceId, jid)
    return jid
  }

  async mute(instanceId: string, key: ChannelKey, mute: boolean): Promise<string> {
    const sock = this.socket(instanceId)
    const jid = await this.jidOf(sock, key)
    await callNetwork(() => (mute ? sock.newsletterMute(jid) : sock.newsletterUnmute(jid)), { ...this.errors(jid), 400: () => accountErrors.channelNotFollowed(jid) })
    setChannelMuted(this.deps.db, instanceId, jid, mute, this.now())
    return jid
  }

  /** The latest posts (newest last, as the network sends them), up to `limit`. */
  async preview(instanceId: string, key: ChannelKey, limit: number): Promise<ChannelPost[]> {
    const sock = this.socket(instanceId)
    const jid = await this.jidOf(sock, key)
    // Baileys types since/after as numbers but treats them as optional; leaving them out asks for the latest posts.
    const unset = undefined as unknown as number
    const result = await callNetwork(() => sock.newsletterFetchMessages(jid, limit, unset, unset), this.errors(jid))
    const me = ownJids(sock).pn
    return parsePosts(result, jid).map(({ raw, ...p }) => ({ ...p, message: toApiMessage(raw, { me }) }))
  }
}

type ParsedPost = Omit<ChannelPost, 'message'> & { raw: WAMessage }

function parsePosts(result: BinaryNode, jid: string): ParsedPost[] {
  const wrapper = getBinaryNodeChild(result, 'message_updates') ?? getBinaryNodeChild(result, 'messages')
  const list = wrapper?.tag === 'messages' ? wrapper : getBinaryNodeChild(wrapper, 'messages')
  const out: ParsedPost[] = []
  for (const node of getBinaryNodeChildren(list, 'message')) {
    const plaintext = getBinaryNodeChild(node, 'plaintext')?.content
    if (!(plaintext instanceof Uint8Array)) continue
    let message: proto.IMessage
    try {
      message = proto.Message.decode(plaintext)
    } catch {
      continue // a post this version cannot decode is skipped rather than failing the whole preview
    }
    const serverId = node.attrs.server_id ?? ''
    const reactions: Record<string, number> = {}
    for (const r of getBinaryNodeChildren(getBinaryNodeChild(node, 'reactions'), 'reaction')) {
      if (r.attrs.code) reactions[r.attrs.code] = Number(r.attrs.count ?? 0)
    }
    const views = getBinaryNodeChild(node, 'views_count')?.attrs.count
    const timestamp = Number(node.attrs.t ?? 0)
    out.push({
      id: node.attrs.id ?? serverId,
      serverId,
      timestamp,
      viewCount: views !== undefined ? Number(views) : null,
      reactions,
      raw: { key: { remoteJid: jid, fromMe: false, id: node.attrs.id ?? serverId, server_id: serverId }, message, messageTimestamp: timestamp }
    })
  }
  return out
}
