// Group operations of one instance through its session port: reads (list with a short cache, one group,
// participants, invite info, picture, settings) and paced mutations (create, join, leave, delete, subject,
// description, picture, settings, invite revoke, participants). Network refusals become domain errors.
// The cached list follows the ingestor's group.changed events (followChanges, wired in start-core).
import { callNetwork, networkErrorCode, type ErrorMap } from '../../engine/engine-errors.js'
import type { ParticipantChange, SessionPort } from '../../engine/session-port.js'
import type { GroupMetadata, ParticipantAction } from '../../engine/wa-wire.js'
import type { EventSubscriber } from '../../domain/event-bus.js'
import type { CoreEventMap } from '../../domain/events.js'
import { toApiChatId } from '../../messaging/chat-ids.js'
import { accountErrors } from '../errors.js'
import type { GroupPacer } from '../group-pacing.js'
import type { MediaLimits } from '../../messaging/send/media-input.js'
import { assertDecodableImage, pictureLimits } from '../images.js'
import type { PortSource } from '../profile/profile-service.js'
import { roleIn, toApiParticipant } from './group-mapper.js'

export interface GroupServiceDeps extends PortSource {
  pacer: GroupPacer
  now?: () => number
  /** How long GET /v2/groups may answer from the last read (own changes and refresh clear it). */
  listTtlMs?: number
}

export interface ParticipantResult {
  id: string
  jid: string
  status: string
  success: boolean
  error: string | null
}

const PARTICIPANT_ERRORS: Record<string, string> = {
  '400': 'bad request',
  '401': 'not allowed',
  '403': 'not allowed (the group creator cannot be changed, or the person does not allow being added)',
  '404': 'not on WhatsApp, or not a participant',
  '408': 'recently left the group; they can only be invited',
  '409': 'already a participant',
  '500': 'the group is full'
}

export type GroupSetting = 'info-admin-only' | 'messages-admin-only'

export class GroupService {
  private readonly lists = new Map<string, { at: number; groups: GroupMetadata[] }>()

  constructor(private readonly deps: GroupServiceDeps) {}

  /** How the routes read this service's picture files (URL or base64; private addresses only in the sandbox). */
  get pictureLimits(): MediaLimits {
    return this.deps.pictures ?? pictureLimits('whatsapp')
  }

  private now = (): number => (this.deps.now ?? Date.now)()
  private socket = (instanceId: string): SessionPort => this.deps.ports.working(instanceId)

  /** What 404/403/401 mean for an operation on one group. */
  private groupErrors(gid: string): ErrorMap {
    return { 404: () => accountErrors.groupNotFound(gid), 403: () => accountErrors.notGroupMember(gid), 401: () => accountErrors.notGroupAdmin(gid) }
  }

  /** Own changes and group events make the cached list stale. */
  invalidate(instanceId: string): void {
    this.lists.delete(instanceId)
  }

  /**
   * Someone else added us to a group or changed its members: the cached list is stale. Returns the unsubscribe.
   * (Info and picture changes leave the list cached until its TTL, as before.)
   */
  followChanges(bus: EventSubscriber<Pick<CoreEventMap, 'group.changed'>>): () => void {
    return bus.on('group.changed', (e) => {
      if (e.change === 'added' || e.change === 'participants') this.invalidate(e.instanceId)
    })
  }

  private paced<T>(instanceId: string, fn: () => Promise<T>): Promise<T> {
    return this.deps.pacer.run(instanceId, async () => {
      try {
        return await fn()
      } finally {
        this.invalidate(instanceId)
      }
    })
  }

  async list(instanceId: string, opts: { refresh?: boolean } = {}): Promise<GroupMetadata[]> {
    const sock = this.socket(instanceId)
    const cached = this.lists.get(instanceId)
    if (!opts.refresh && cached && this.now() - cached.at < (this.deps.listTtlMs ?? 15_000)) return cached.groups
    const groups = await callNetwork(() => sock.groups.all())
    this.lists.set(instanceId, { at: this.now(), groups })
    return groups
  }

  async get(instanceId: string, gid: string): Promise<GroupMetadata> {
    const sock = this.socket(instanceId)
    return callNetwork(() => sock.groups.metadata(gid), this.groupErrors(gid))
  }

  async create(instanceId: string, subject: string, participants: string[]): Promise<GroupMetadata> {
    const sock = this.socket(instanceId)
    return this.paced(instanceId, () => callNetwork(() => sock.groups.create(subject, participants)))
  }

  async inviteInfo(instanceId: string, code: string): Promise<GroupMetadata> {
    const sock = this.socket(instanceId)
    const notFound = () => accountErrors.inviteNotFound()
    return callNetwork(() => sock.groups.inviteInfo(code), { 404: notFound, 406: notFound, 410: notFound, 401: notFound })
  }

  async join(instanceId: string, code: string): Promise<string> {
    const sock = this.socket(instanceId)
    const notFound = () => accountErrors.inviteNotFound()
    const gid = await this.paced(instanceId, () => callNetwork(() => sock.groups.acceptInvite(code), { 404: notFound, 406: notFound, 410: notFound }))
    if (!gid) throw accountErrors.inviteNotFound()
    return gid
  }

  async leave(instanceId: string, gid: string): Promise<void> {
    const sock = this.socket(instanceId)
    await this.get(instanceId, gid) // a clear 404/403 first: leaving an unknown group is silently accepted upstream
    await this.paced(instanceId, () => callNetwork(() => sock.groups.leave(gid), this.groupErrors(gid)))
  }

  /**
   * WhatsApp has no "delete group" request: an admin removes every other participant and then leaves, after
   * which the group no longer exists. Participants that cannot be removed (the creator) are reported.
   */
  async delete(instanceId: string, gid: string): Promise<{ removed: string[]; failed: ParticipantResult[] }> {
    const sock = this.socket(instanceId)
    const meta = await this.get(instanceId, gid)
    const own = sock.account()
    const role = roleIn(meta, own)
    if (role === undefined) throw accountErrors.notGroupMember(gid)
    if (role === 'participant') throw accountErrors.notGroupAdmin(gid)
    const ownIds = new Set([own.pn, own.lid].filter(Boolean).map((j) => toApiChatId(j!)))
    const others = meta.participants.filter((p) => {
      const a = toApiParticipant(p)
      return !(ownIds.has(a.id) || (a.pn && ownIds.has(a.pn)) || (a.lid && ownIds.has(a.lid)))
    })
    return this.paced(instanceId, async () => {
      const results = others.length ? await callNetwork(() => sock.groups.updateParticipants(gid, others.map((p) => p.id), 'remove'), this.groupErrors(gid)) : []
      await callNetwork(() => sock.groups.leave(gid), this.groupErrors(gid))
      const mapped = results.map(toParticipantResult)
      return { removed: mapped.filter((r) => r.success).map((r) => r.id), failed: mapped.filter((r) => !r.success) }
    })
  }

  /** URL of the group's picture, or null when it has none. */
  async pictureUrl(instanceId: string, gid: string): Promise<string | null> {
    const sock = this.socket(instanceId)
    await this.get(instanceId, gid)
    try {
      return (await sock.pictureUrl(gid)) ?? null
    } catch (e) {
      if (networkErrorCode(e) === 404 || networkErrorCode(e) === 401) return null
      return callNetwork(() => Promise.reject(e), this.groupErrors(gid))
    }
  }

  async setPicture(instanceId: string, gid: string, image: Buffer, param: string): Promise<void> {
    const sock = this.socket(instanceId)
    await assertDecodableImage(param, image)
    await this.paced(instanceId, () => callNetwork(() => sock.profile.setPicture(gid, image), this.groupErrors(gid)))
  }

  async deletePicture(instanceId: string, gid: string): Promise<void> {
    const sock = this.socket(instanceId)
    await this.paced(instanceId, () => callNetwork(() => sock.profile.removePicture(gid), this.groupErrors(gid)))
  }

  async setSubject(instanceId: string, gid: string, subject: string): Promise<void> {
    const sock = this.socket(instanceId)
    await this.paced(instanceId, () => callNetwork(() => sock.groups.setSubject(gid, subject), this.groupErrors(gid)))
  }

  /** An empty description removes it. */
  async setDescription(instanceId: string, gid: string, description: string): Promise<void> {
    const sock = this.socket(instanceId)
    await this.paced(instanceId, () => callNetwork(() => sock.groups.setDescription(gid, description || undefined), this.groupErrors(gid)))
  }

  async setting(instanceId: string, gid: string, which: GroupSetting): Promise<boolean> {
    const meta = await this.get(instanceId, gid)
    return which === 'info-admin-only' ? !!meta.restrict : !!meta.announce
  }

  async setSetting(instanceId: string, gid: string, which: GroupSetting, adminsOnly: boolean): Promise<void> {
    const sock = this.socket(instanceId)
    const tag = which === 'info-admin-only' ? (adminsOnly ? 'locked' : 'unlocked') : adminsOnly ? 'announcement' : 'not_announcement'
    await this.paced(instanceId, () => callNetwork(() => sock.groups.setSetting(gid, tag), this.groupErrors(gid)))
  }

  async inviteCode(instanceId: string, gid: string): Promise<string> {
    const sock = this.socket(instanceId)
    const code = await callNetwork(() => sock.groups.inviteCode(gid), this.groupErrors(gid))
    if (!code) throw accountErrors.notGroupAdmin(gid)
    return code
  }

  async revokeInvite(instanceId: string, gid: string): Promise<string> {
    const sock = this.socket(instanceId)
    const code = await this.paced(instanceId, () => callNetwork(() => sock.groups.revokeInvite(gid), this.groupErrors(gid)))
    if (!code) throw accountErrors.notGroupAdmin(gid)
    return code
  }

  /** Partial success: one result per participant, in the order the network answered. */
  async updateParticipants(instanceId: string, gid: string, jids: string[], action: Exclude<ParticipantAction, 'modify'>): Promise<ParticipantResult[]> {
    const sock = this.socket(instanceId)
    const results = await this.paced(instanceId, () => callNetwork(() => sock.groups.updateParticipants(gid, jids, action), this.groupErrors(gid)))
    return results.map(toParticipantResult)
  }
}

function toParticipantResult(r: ParticipantChange): ParticipantResult {
  const jid = r.jid ?? ''
  const pn = r.phoneNumber
  const status = String(r.status)
  return {
    id: toApiChatId(pn ?? jid),
    jid: toApiChatId(jid),
    status,
    success: status === '200',
    error: status === '200' ? null : (PARTICIPANT_ERRORS[status] ?? `refused (code ${status})`)
  }
}
