// How a simulated person answers what it receives (per-phone settings, for campaign tests and demos): an
// automatic reply (e.g. "STOP") to the first 1:1 message of each sender, and blocking each sender after their
// first message (the network then accepts their messages but never delivers them, as WhatsApp does).
import type { Db } from '../../db/connection.js'
import { getPhoneSetting, setPhoneSetting } from '../store/settings-repo.js'
import { setBlocked } from '../store/profile-repo.js'

export interface PhoneBehaviours {
  /** The text the person answers each new sender with; null = none. */
  auto_reply: string | null
  /** The person blocks whoever writes to it (after reading the first message). */
  block_on_receive: boolean
}

const KEY = 'behaviours'
export const DEFAULT_BEHAVIOURS: PhoneBehaviours = { auto_reply: null, block_on_receive: false }

export const behavioursOf = (db: Db, phone: string): PhoneBehaviours => ({ ...DEFAULT_BEHAVIOURS, ...getPhoneSetting<Partial<PhoneBehaviours>>(db, phone, KEY) })

export function setBehaviours(db: Db, phone: string, patch: Partial<PhoneBehaviours>): PhoneBehaviours {
  const next = { ...behavioursOf(db, phone), ...patch }
  setPhoneSetting(db, phone, KEY, next)
  return next
}

/**
 * A 1:1 message from `fromJid` (a phone-number JID) arrived at `phone`: block the sender and/or answer once.
 * `reply` sends as the person; `answered` remembers senders already answered (per person device).
 */
export function reactToIncoming(db: Db, phone: string, fromJid: string, answered: Set<string>, reply: (to: string, text: string) => Promise<unknown>): Promise<unknown> | undefined {
  const b = behavioursOf(db, phone)
  if (b.block_on_receive) setBlocked(db, phone, fromJid, true)
  if (!b.auto_reply || answered.has(fromJid)) return undefined
  answered.add(fromJid)
  return reply(fromJid, b.auto_reply)
}
