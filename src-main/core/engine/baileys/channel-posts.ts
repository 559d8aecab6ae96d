// A channel's posts as the network answers a newsletter messages query (binary nodes with each post's plaintext
// proto, its reactions and view count), decoded into messages; a post this version cannot decode is skipped.
import { getBinaryNodeChild, getBinaryNodeChildren, proto, type BinaryNode } from '@whiskeysockets/baileys'
import type { ChannelPostWire } from '../session-port.js'

export function parseChannelPosts(result: BinaryNode, jid: string): ChannelPostWire[] {
  const wrapper = getBinaryNodeChild(result, 'message_updates') ?? getBinaryNodeChild(result, 'messages')
  const list = wrapper?.tag === 'messages' ? wrapper : getBinaryNodeChild(wrapper, 'messages')
  const out: ChannelPostWire[] = []
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
      message: { key: { remoteJid: jid, fromMe: false, id: node.attrs.id ?? serverId, server_id: serverId }, message, messageTimestamp: timestamp }
    })
  }
  return out
}
