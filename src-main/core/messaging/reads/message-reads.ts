// Stored messages as API objects, downloading their media first when asked (a few at a time; a failed
// download shows in that message's media.error instead of failing the whole answer).
import type { SessionPort } from '../../engine/session-port.js'
import type { Db } from '../../db/connection.js'
import { isDomainError } from '../../domain/errors.js'
import { identityOf, listReactionsOf, type StoredMessage, type StoredReaction } from '../store/index.js'
import { mapContextOf, toApiStoredMessage, type ApiStoredMessage, type MessageShapeContext } from './api-shapes.js'
import type { MediaFiles } from './media-files.js'

const DOWNLOAD_CONCURRENCY = 4

export interface MessageReadContext {
  db: Db
  instanceId: string
  me: string
  media: MediaFiles | undefined
  /** The session port if the session is WORKING (needed only to ask for expired media again). */
  port: SessionPort | undefined
  sentByApi?: (id: string) => boolean
  /** The ones of `ids` this API sent, in one query (a page asks once instead of per own message). */
  sentByApiAmong?: (ids: string[]) => Set<string>
}

export async function readMessages(list: StoredMessage[], c: MessageReadContext, downloadMedia: boolean): Promise<ApiStoredMessage[]> {
  const errors = new Map<number, string>()
  const urls = new Map<number, string>()
  if (downloadMedia && c.media) {
    const media = c.media
    const pending = list.filter((m) => m.hasMedia && m.revokedAt === null && !media.urlOf(m))
    let next = 0
    const worker = async () => {
      while (next < pending.length) {
        const m = pending[next++]!
        try {
          urls.set(m.pk, await media.ensureDownloaded(c.instanceId, m, c.port))
        } catch (e) {
          errors.set(m.pk, isDomainError(e) ? e.message : 'download failed')
        }
      }
    }
    await Promise.all(Array.from({ length: Math.min(DOWNLOAD_CONCURRENCY, pending.length) }, worker))
  }
  // One context for the page: senders repeat (one LID/PN lookup each), and the reactions come in one query.
  const identities = new Map<string, { lid: string | null; pn: string | null }>()
  const reactions = listReactionsOf(c.db, c.instanceId, [...new Set(list.map((m) => m.id))])
  const none: StoredReaction[] = []
  const own = c.sentByApiAmong ? c.sentByApiAmong(list.filter((m) => m.fromMe).map((m) => m.id)) : null
  const shape: MessageShapeContext = {
    db: c.db,
    instanceId: c.instanceId,
    me: c.me,
    sentByApi: own ? (id) => own.has(id) : c.sentByApi,
    mediaUrl: (x) => urls.get(x.pk) ?? c.media?.urlOf(x) ?? null,
    mediaError: (x) => errors.get(x.pk) ?? null,
    identity: (jid) => {
      let found = identities.get(jid)
      if (!found) identities.set(jid, (found = identityOf(c.db, c.instanceId, jid)))
      return found
    },
    reactions: (m) => reactions.get(m.id) ?? none
  }
  shape.mapContext = mapContextOf(shape)
  const out: ApiStoredMessage[] = new Array(list.length)
  for (let i = 0; i < list.length; i++) out[i] = toApiStoredMessage(list[i]!, shape)
  return out
}
