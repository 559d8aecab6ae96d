// 24-hour statuses (stories): posted to status@broadcast through the send pipeline (same outbound rows, rate-limit
// queue and results as every send), for the listed contacts or every person the instance knows.
import type { Db } from '../../db/connection.js'
import { sendContent } from '../../messaging/send/send-dispatch.js'
import type { SendResult, SendService } from '../../messaging/send/send-service.js'
import type { PortSource } from '../profile/profile-service.js'
import { statusAudience } from './status-audience.js'
import { STATUS_JID, statusContent, type StatusPost } from './status-content.js'

export interface StatusServiceDeps extends PortSource {
  db: Db
  sender: SendService
}

export class StatusService {
  constructor(private readonly deps: StatusServiceDeps) {}

  /** 422 session_status_mismatch unless WORKING (checked before the parameters, as every account operation does). */
  ensureWorking(instanceId: string): void {
    this.deps.ports.working(instanceId)
  }

  /**
   * Posts (or deletes) a status. `contacts`: user JIDs who see it; undefined = every person the instance knows.
   * The file is read and converted before the audience is resolved; the row kind is status_<kind>.
   */
  async post(instanceId: string, post: StatusPost, contacts: string[] | undefined): Promise<SendResult> {
    const own = this.deps.ports.working(instanceId).account().pn
    const { content, options } = await statusContent(post, this.deps.sender.media)
    const statusJidList = statusAudience(this.deps.db, instanceId, contacts, own)
    const dispatch = sendContent(STATUS_JID, content, { ...options, statusJidList })
    return this.deps.sender.submit({ instanceId, kind: `status_${post.kind}`, chatJid: STATUS_JID, dispatch })
  }
}
