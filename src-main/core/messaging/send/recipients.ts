// Is the recipient real? Person chats are checked with a usync contact query (onWhatsApp), groups with their
// metadata; positive answers are cached per instance for 10 minutes so steady sending costs no extra round trip.
import { isJidGroup, isPnUser, type WASocket } from '@whiskeysockets/baileys'
import { toApiChatId } from '../chat-ids.js'
import { sendErrors } from './send-errors.js'

const TTL_MS = 10 * 60_000

export class RecipientCheck {
  private readonly known = new Map<string, number>()

  constructor(private readonly now: () => number = Date.now) {}

  async ensure(instanceId: string, sock: WASocket, jid: string): Promise<void> {
    const key = `${instanceId} ${jid}`
    const until = this.known.get(key)
    if (until !== undefined && until > this.now()) return
    if (isPnUser(jid)) {
      const results = await sock.onWhatsApp(jid).catch((e: unknown) => {
        throw sendErrors.sendFailed(`the number check failed: ${e instanceof Error ? e.message : String(e)}`)
      })
      if (!results?.some((r) => r.exists)) throw sendErrors.notOnWhatsApp(toApiChatId(jid))
    } else if (isJidGroup(jid)) {
      try {
        await sock.groupMetadata(jid)
      } catch (e) {
        // Baileys' query errors carry the stanza's error code in `data` (its Boom status is a generic 500).
        const err = e as { data?: unknown; output?: { statusCode?: number } }
        const status = typeof err.data === 'number' ? err.data : err.output?.statusCode
        if (status !== undefined && [400, 401, 403, 404, 406].includes(status)) throw sendErrors.chatNotFound(toApiChatId(jid), 'not a group of this account')
        throw sendErrors.sendFailed(`the group lookup failed: ${e instanceof Error ? e.message : String(e)}`)
      }
    } else {
      // LIDs, channels, broadcast lists: the network answers for them when the message is relayed.
      return
    }
    if (this.known.size > 50_000) this.known.clear()
    this.known.set(key, this.now() + TTL_MS)
  }

  forget(instanceId: string): void {
    for (const k of this.known.keys()) if (k.startsWith(`${instanceId} `)) this.known.delete(k)
  }
}
