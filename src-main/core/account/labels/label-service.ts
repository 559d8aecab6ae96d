// WhatsApp Business labels of one instance. Changes are app-state patches sent through the session port (synced
// to the phone and the account's other devices); reads come from the message store, which app-state sync
// keeps current (messaging/store labels-repo). After a change the service waits briefly until the store
// shows it, so a read right after a write sees the write.
import type { Db } from '../../db/connection.js'
import { canonicalJid, chatsWithLabel, getLabel, labelsOfChat, listLabels, type StoredLabel } from '../../messaging/store/index.js'
import { accountErrors } from '../errors.js'
import { callNetwork } from '../../engine/engine-errors.js'
import type { SessionPort } from '../../engine/session-port.js'
import type { PortSource } from '../profile/profile-service.js'

export interface LabelServiceDeps extends PortSource {
  db: Db
  /** How long a write waits for app-state sync to reach the store. */
  settleMs?: number
}

export class LabelService {
  constructor(private readonly deps: LabelServiceDeps) {}

  private socket = (instanceId: string): SessionPort => this.deps.ports.working(instanceId)

  private async settle(check: () => boolean): Promise<void> {
    const deadline = Date.now() + (this.deps.settleMs ?? 3_000)
    while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 15))
  }

  list(instanceId: string): StoredLabel[] {
    return listLabels(this.deps.db, instanceId)
  }

  require(instanceId: string, id: string): StoredLabel {
    const label = getLabel(this.deps.db, instanceId, id)
    if (!label) throw accountErrors.labelNotFound(id)
    return label
  }

  /** The next free numeric id (WhatsApp Business numbers labels; 1-5 are its predefined ones). */
  private nextId(instanceId: string): string {
    const max = this.list(instanceId).reduce((m, l) => (/^\d+$/.test(l.id) ? Math.max(m, Number(l.id)) : m), 0)
    return String(max + 1)
  }

  async create(instanceId: string, name: string, color: number): Promise<StoredLabel> {
    const sock = this.socket(instanceId)
    const id = this.nextId(instanceId)
    await callNetwork(() => sock.labels.save({ id, name, color, deleted: false }))
    await this.settle(() => !!getLabel(this.deps.db, instanceId, id))
    return { id, name, color, predefinedId: null }
  }

  async update(instanceId: string, id: string, patch: { name?: string; color?: number }): Promise<StoredLabel> {
    const sock = this.socket(instanceId)
    const current = this.require(instanceId, id)
    const next = { ...current, name: patch.name ?? current.name, color: patch.color ?? current.color }
    const predefinedId = current.predefinedId !== null && /^\d+$/.test(current.predefinedId) ? Number(current.predefinedId) : undefined
    await callNetwork(() => sock.labels.save({ id, name: next.name, color: next.color, deleted: false, ...(predefinedId !== undefined ? { predefinedId } : {}) }))
    await this.settle(() => {
      const l = getLabel(this.deps.db, instanceId, id)
      return l?.name === next.name && l.color === next.color
    })
    return next
  }

  async delete(instanceId: string, id: string): Promise<void> {
    const sock = this.socket(instanceId)
    const current = this.require(instanceId, id)
    await callNetwork(() => sock.labels.save({ id, name: current.name, color: current.color, deleted: true }))
    await this.settle(() => !getLabel(this.deps.db, instanceId, id))
  }

  chats(instanceId: string, id: string): string[] {
    this.require(instanceId, id)
    return chatsWithLabel(this.deps.db, instanceId, id)
  }

  labelsOf(instanceId: string, chatJid: string): StoredLabel[] {
    return labelsOfChat(this.deps.db, instanceId, canonicalJid(this.deps.db, instanceId, chatJid))
  }

  /** Makes the chat carry exactly `ids` (adds what is missing, removes the rest). */
  async setChatLabels(instanceId: string, chatJid: string, ids: string[]): Promise<StoredLabel[]> {
    const sock = this.socket(instanceId)
    for (const id of ids) this.require(instanceId, id)
    const current = this.labelsOf(instanceId, chatJid).map((l) => l.id)
    for (const id of ids.filter((x) => !current.includes(x))) await callNetwork(() => sock.labels.addToChat(chatJid, id))
    for (const id of current.filter((x) => !ids.includes(x))) await callNetwork(() => sock.labels.removeFromChat(chatJid, id))
    await this.settle(() => {
      const now = this.labelsOf(instanceId, chatJid).map((l) => l.id)
      return now.length === ids.length && ids.every((id) => now.includes(id))
    })
    return this.labelsOf(instanceId, chatJid)
  }

  async addChatLabel(instanceId: string, chatJid: string, id: string): Promise<void> {
    const current = this.labelsOf(instanceId, chatJid).map((l) => l.id)
    if (!current.includes(id)) await this.setChatLabels(instanceId, chatJid, [...current, id])
    else this.require(instanceId, id)
  }

  async removeChatLabel(instanceId: string, chatJid: string, id: string): Promise<void> {
    this.require(instanceId, id)
    const current = this.labelsOf(instanceId, chatJid).map((l) => l.id)
    if (current.includes(id)) await this.setChatLabels(instanceId, chatJid, current.filter((x) => x !== id))
  }
}
