// Stanza delivery to devices. Messages, receipts, notifications and calls are durable: written to the device's
// queue first, sent live when the device is online, removed only when the device acks them, and replayed with
// offline="1" when it logs in again. Presence and chatstates are live-only, as on the real network.
import { encodeBinaryNode, decodeBinaryNode, type BinaryNode } from '@whiskeysockets/baileys'
import type { Db } from '../../db/connection.js'
import { ackStanza, enqueueStanza, pendingStanzas } from '../store/queue-repo.js'
import { listDevices } from '../store/accounts-repo.js'
import type { Faults } from './faults.js'

export interface DeviceAddr {
  phone: string
  deviceId: number
}

export const deviceKey = (d: DeviceAddr): string => `${d.phone}.${d.deviceId}`

/** What delivery needs from a live connection. */
export interface LiveLink {
  readonly online: boolean
  send(node: BinaryNode): void
}

const DURABLE_TAGS = new Set(['message', 'receipt', 'notification', 'call'])

export class Delivery {
  readonly live = new Map<string, LiveLink>()
  /** Told when a durable stanza is queued for a device that is not online (on-demand persons wake on it). */
  onQueuedOffline: ((to: DeviceAddr) => void) | undefined

  constructor(private readonly db: Db, private readonly faults: Faults) {}

  deliver(to: DeviceAddr, node: BinaryNode): void {
    const key = deviceKey(to)
    if (DURABLE_TAGS.has(node.tag)) {
      enqueueStanza(this.db, to.phone, to.deviceId, {
        stanzaId: node.attrs.id ?? '',
        tag: node.tag,
        type: node.attrs.type ?? null,
        node: Buffer.from(encodeBinaryNode(node))
      })
    }
    const link = this.live.get(key)
    if (!link?.online) {
      if (DURABLE_TAGS.has(node.tag)) this.onQueuedOffline?.(to)
      return
    }
    const delay = this.faults.deliveryDelay(key)
    if (delay > 0) setTimeout(() => this.live.get(key)?.online && this.live.get(key)!.send(node), delay).unref()
    else link.send(node)
  }

  /** Deliver to every device of an account, optionally skipping one (the sender's own device). */
  deliverToAccount(phone: string, node: BinaryNode, except?: DeviceAddr): void {
    for (const d of listDevices(this.db, phone)) {
      if (except && except.phone === d.phone && except.deviceId === d.deviceId) continue
      this.deliver({ phone, deviceId: d.deviceId }, node)
    }
  }

  devicesOf(phone: string): number[] {
    return listDevices(this.db, phone).map((d) => d.deviceId)
  }

  /** Live-only to every online device of an account (presence, chatstate). */
  sendLive(phone: string, node: BinaryNode): void {
    for (const [key, link] of this.live) if (key.startsWith(`${phone}.`) && link.online) link.send(node)
  }

  /** Replays everything the device has not acked yet; returns how many stanzas were sent. */
  async flush(to: DeviceAddr, link: LiveLink): Promise<number> {
    const pending = pendingStanzas(this.db, to.phone, to.deviceId)
    for (const p of pending) {
      const node = await decodeBinaryNode(p.node)
      node.attrs.offline = '1'
      link.send(node)
    }
    return pending.length
  }

  /** An <ack> (or nack) from the device for a stanza it received. */
  ack(from: DeviceAddr, ackNode: BinaryNode): boolean {
    const { id, class: cls, type } = ackNode.attrs
    if (!id || !cls) return false
    return ackStanza(this.db, from.phone, from.deviceId, id, cls, type)
  }

  /** Removes a queued stanza the device acknowledged some other way (a message, by its receipt). */
  acknowledge(from: DeviceAddr, stanzaId: string, tag: string): boolean {
    return ackStanza(this.db, from.phone, from.deviceId, stanzaId, tag, undefined)
  }
}
