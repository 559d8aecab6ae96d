// Is the recipient real? Person chats by phone are checked before the first message to a chat never written to
// (a send to a number that is not on WhatsApp makes the network answer 463, issue 22 item 3): through the shared
// on-WhatsApp cache and the policy's check limiter when given (reads/on-whatsapp-cache.ts), else a usync contact
// query (onWhatsApp); LIDs by a known LID<->phone mapping or else a usync device lookup, groups and channels by
// their metadata; positive answers are cached per instance for 10 minutes so steady sending costs no extra round trip.
import { engineErrorStatus } from '../../engine/engine-errors.js'
import type { SessionPort } from '../../engine/session-port.js'
import { isJidGroup, isJidNewsletter, isLidUser, isPnUser } from '../../engine/wa-wire.js'
import { toApiChatId } from '../chat-ids.js'
import { sendErrors } from './send-errors.js'
import { checkOnWhatsApp, type OnWhatsAppCache } from '../reads/on-whatsapp-cache.js'
import type { CheckLimits } from '../reads/contact-ops.js'
import { isDomainError } from '../../domain/errors.js'

const TTL_MS = 10 * 60_000
/**
 * Chats remembered as checked (least recently checked dropped first). A miss costs only the store's "wrote before"
 * read or the on-WhatsApp cache's (both SQLite), so this stays small: it was cleared only at 50,000 entries, and a
 * 10,000-recipient campaign left ~1 MB of it in the heap (issue 19, "heap flat after GC").
 */
export const KNOWN_MAX = 2_048

/** Network answers that mean "no such chat for this account" (item-not-found, forbidden, not-acceptable...). */
const NOT_FOUND_CODES = [400, 401, 403, 404, 406]

export interface RecipientCheckDeps {
  now?: () => number
  /** The phone number of a LID from the message store's mapping table, if known. */
  pnForLid?: (instanceId: string, lid: string) => string | undefined
  /** Whether the account already wrote in this person chat (a message that went through): then no check. */
  wroteBefore?: (instanceId: string, jid: string) => boolean
  /** The shared number-check answers and the policy's check limiter. */
  numbers?: { cache: OnWhatsAppCache; checks: CheckLimits }
}

const failed = (what: string, e: unknown) => sendErrors.sendFailed(`${what} failed: ${e instanceof Error ? e.message : String(e)}`)

export class RecipientCheck {
  private readonly known = new Map<string, number>()
  private readonly now: () => number

  constructor(private readonly deps: RecipientCheckDeps = {}) {
    this.now = deps.now ?? Date.now
  }

  async ensure(instanceId: string, sock: SessionPort, jid: string): Promise<void> {
    const key = `${instanceId} ${jid}`
    const until = this.known.get(key)
    if (until !== undefined && until > this.now()) return
    this.known.delete(key) // expired (or absent): set again last below, the Map's order being the eviction order
    if (isPnUser(jid)) await this.person(instanceId, sock, jid)
    else if (isLidUser(jid)) await this.lid(instanceId, sock, jid)
    else if (isJidGroup(jid)) await this.group(sock, jid)
    else if (isJidNewsletter(jid)) await this.channel(sock, jid)
    // Broadcast lists and status@broadcast: the network answers for them when the message is relayed.
    else return
    this.known.set(key, this.now() + TTL_MS)
    if (this.known.size > KNOWN_MAX) this.known.delete(this.known.keys().next().value!)
  }

  /** Chats remembered as checked (for tests and figures). */
  get knownSize(): number {
    return this.known.size
  }

  forget(instanceId: string): void {
    for (const k of this.known.keys()) if (k.startsWith(`${instanceId} `)) this.known.delete(k)
  }

  private async person(instanceId: string, sock: SessionPort, jid: string): Promise<void> {
    if (this.deps.wroteBefore?.(instanceId, jid)) return
    const numbers = this.deps.numbers
    if (numbers) {
      const digits = jid.split('@')[0]!.split(':')[0]!
      const check = await checkOnWhatsApp({ cache: numbers.cache, checks: numbers.checks }, instanceId, () => sock, digits).catch((e: unknown) => {
        throw isDomainError(e) ? e : failed('the number check', e)
      })
      if (!check.numberExists) throw sendErrors.notOnWhatsApp(toApiChatId(jid))
      return
    }
    const exists = await sock.onWhatsApp(jid).catch((e: unknown) => {
      throw failed('the number check', e)
    })
    if (!exists) throw sendErrors.notOnWhatsApp(toApiChatId(jid))
  }

  /**
   * A LID is only an address: it is real when this account already paired it with a phone number (the store's
   * table or Baileys' own mapping store), or when the network lists devices for it (the same usync device
   * query Baileys runs before it encrypts to a LID).
   */
  private async lid(instanceId: string, sock: SessionPort, jid: string): Promise<void> {
    if (this.deps.pnForLid?.(instanceId, jid)) return
    const mapped = await sock.pnForLid(jid).catch(() => null)
    if (mapped) return
    const hasDevices = await sock.hasDevices(jid).catch((e: unknown) => {
      throw failed('the LID lookup', e)
    })
    if (!hasDevices) throw sendErrors.chatNotFound(toApiChatId(jid), 'no WhatsApp account has this LID')
  }

  private async group(sock: SessionPort, jid: string): Promise<void> {
    try {
      await sock.groups.metadata(jid)
    } catch (e) {
      const code = engineErrorStatus(e)
      if (code !== undefined && NOT_FOUND_CODES.includes(code)) throw sendErrors.chatNotFound(toApiChatId(jid), 'not a group of this account')
      throw failed('the group lookup', e)
    }
  }

  /** A channel must exist: its metadata (w:mex) answers 404 otherwise. */
  private async channel(sock: SessionPort, jid: string): Promise<void> {
    let meta: unknown
    try {
      meta = await sock.channels.metadata('jid', jid)
    } catch (e) {
      const code = engineErrorStatus(e)
      if (code !== undefined && NOT_FOUND_CODES.includes(code)) throw sendErrors.chatNotFound(toApiChatId(jid), 'no such channel')
      throw failed('the channel lookup', e)
    }
    if (!meta || typeof (meta as { id?: unknown }).id !== 'string') throw sendErrors.chatNotFound(toApiChatId(jid), 'no such channel')
  }
}
