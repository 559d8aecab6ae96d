// What the read routes need per request: the instance's own id, the store, media files and (when WORKING)
// the live socket; plus the API chat id -> canonical store JID conversion.
import type { ApiDeps } from '../../api/api-deps.js'
import { toWaJid } from '../chat-ids.js'
import { wasSentByApi } from '../send/outbound-repo.js'
import { canonicalJid } from '../store/index.js'
import type { MessageReadContext } from './message-reads.js'

export function readContext(deps: ApiDeps, instanceId: string): MessageReadContext {
  return {
    db: deps.db,
    instanceId,
    me: deps.manager.view(instanceId)?.me?.id ?? '',
    media: deps.media,
    socket: deps.engine?.liveSocket(instanceId),
    sentByApi: (id) => wasSentByApi(deps.db, instanceId, id)
  }
}

/** API chat id (any accepted spelling) -> the store's canonical JID (an @lid input maps to its PN chat when known). */
export const storeChatJid = (deps: ApiDeps, instanceId: string, chatId: string): string => canonicalJid(deps.db, instanceId, toWaJid(chatId))
