// Contact operations that ask the network directly: number check (through the instance's check limiter; it
// records the business flags the network states on the contact), about text, block and unblock (a number not on
// WhatsApp is 404 not_on_whatsapp).
import type { SessionPort } from '../../engine/session-port.js'
import { jidNormalizedUser } from '../../engine/wa-wire.js'
import { coreErrors } from '../../domain/core-errors.js'
import { isDomainError } from '../../domain/errors.js'
import { RateLimitError, type RateLimiter, type SendQueue } from '../../rate-limit/index.js'
import type { Db } from '../../db/connection.js'
import { toApiChatId } from '../chat-ids.js'
import { sendErrors } from '../send/send-errors.js'
import { getContact, upsertContact } from '../store/index.js'
import { engineCall, readsErrors } from './errors.js'

/** A number check that would wait longer than this for its rate slot is refused (429) instead of held. */
export const MAX_CHECK_WAIT_MS = 20_000

/** `phone` of check-exists: digits with the country code; a leading + and spaces/dashes/parentheses are dropped. */
export function normalizeCheckPhone(raw: string): string {
  const s = raw.trim().replace(/@(c\.us|s\.whatsapp\.net)$/i, '')
  const digits = s.replace(/^\+/, '').replace(/[\s\-().]/g, '')
  if (!/^[1-9][0-9]{5,19}$/.test(digits)) {
    throw coreErrors.invalidParam('phone', 'expected the number with its country code, digits only (e.g. 15551234567), without 00 or symbols')
  }
  return digits
}

export interface CheckLimits {
  limiter: RateLimiter
  queue: SendQueue
}

/** Runs `job` as one number check of the instance's policy (check_req_per_minute, check_daily_cap). */
export async function throughCheckLimiter<T>(limits: CheckLimits | undefined, instanceId: string, job: () => Promise<T>): Promise<T> {
  if (!limits) return job()
  // The limiter's clock: its estimates are in that time (a ManualClock in tests), not Date.now's.
  const now = limits.limiter.now()
  const waiting = limits.queue.length(instanceId, 'check')
  const denial = limits.limiter.check(instanceId, 'check', { pending: waiting })
  if (denial && denial.reason !== 'daily_cap') {
    const wait = limits.limiter.estimate(instanceId, 'check', waiting) - now
    if (wait > MAX_CHECK_WAIT_MS) throw new RateLimitError({ ...denial, retryAfterMs: wait })
  }
  const r = limits.queue.submit(instanceId, 'check', job, { countOnSuccess: true })
  if (r.status === 'rejected') throw r.error
  return r.result
}

export interface NumberCheck {
  numberExists: boolean
  chatId: string
}

/**
 * Whether the number is on WhatsApp. What the answer says about a business account (verified name, business
 * app or API/"enterprise") is recorded on the contact: an existing one is updated (a business may become a
 * personal account again), a business account is added.
 */
export async function checkNumber(socket: SessionPort, digits: string, store?: { db: Db; instanceId: string; now: number }): Promise<NumberCheck> {
  const found = await engineCall('the number check', () => socket.lookupNumber(digits))
  if (!found.exists) return { numberExists: false, chatId: `${digits}@c.us` }
  const jid = jidNormalizedUser(found.jid)
  if (store && (found.business || getContact(store.db, store.instanceId, jid))) {
    const b = found.business
    upsertContact(store.db, store.instanceId, jid, { verifiedName: b?.verifiedName ?? null, isBusiness: !!b, isEnterprise: !!b?.isEnterprise }, store.now)
  }
  // The network answers with the account's own spelling of the number; that is the chat id to use.
  return { numberExists: true, chatId: toApiChatId(jid) }
}

export interface AboutText {
  about: string | null
  setAt: number | null
}

export async function fetchAbout(socket: SessionPort, jid: string): Promise<AboutText> {
  const entry = await engineCall('the about query', () => socket.about(jidNormalizedUser(jid)))
  const about = typeof entry?.status === 'string' && entry.status !== '' ? entry.status : null
  const at = entry?.setAt instanceof Date ? Math.floor(entry.setAt.getTime() / 1000) : null
  return { about, setAt: about !== null && at ? at : null }
}

/**
 * Block or unblock. Baileys addresses the block list by LID and throws a plain Boom ("Unable to resolve LID for PN
 * JID", "... PN JID for LID") when it has none: for a number that is the answer for an account that does not
 * exist, so it is asked once more by number check and answered 404 not_on_whatsapp, never a 502. A LID without a
 * known number is a contact this instance does not know (404 contact_not_found).
 */
export async function setBlocked(socket: SessionPort, jid: string, blocked: boolean): Promise<void> {
  const normalized = jidNormalizedUser(jid)
  try {
    await socket.setBlocked(normalized, blocked)
  } catch (e) {
    const message = e instanceof Error ? e.message : ''
    if (/^Unable to resolve PN JID for LID/.test(message)) throw readsErrors.contactNotFound(toApiChatId(normalized))
    if (/^Unable to resolve LID for PN JID/.test(message)) {
      const digits = normalized.split('@')[0]!.split(':')[0]!
      const found = await engineCall('the number check', () => socket.lookupNumber(digits))
      if (!found.exists) throw sendErrors.notOnWhatsApp(toApiChatId(normalized))
    }
    if (isDomainError(e)) throw e
    throw readsErrors.engineRequestFailed(blocked ? 'the block' : 'the unblock', message || String(e))
  }
}

/** Saves the contact in the phone's address book (app-state contact action, synced to every device). */
export async function saveContact(socket: SessionPort, jid: string, firstName: string, lastName: string | undefined): Promise<string> {
  const fullName = [firstName, lastName].filter(Boolean).join(' ')
  await engineCall('the contact save', () =>
    socket.modifyChat({ contact: { fullName, firstName, saveOnPrimaryAddressbook: true } }, jidNormalizedUser(jid))
  )
  return fullName
}
