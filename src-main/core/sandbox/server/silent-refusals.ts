// 1:1 messages the network refuses with 463 and no notice before or after (issue 22): an account-wide restriction
// (every chat), the refusal-path fault (SessionFaults.refuseNewChats: the account's next messages that open a new
// chat) and a message to a number that
// is not on WhatsApp, which the real network answers with 463 too (Baileys #2441). Nothing is routed.
import type { SandboxServer } from './context.js'
import type { Account } from '../store/accounts-repo.js'
import { hasConversation } from '../store/settings-repo.js'
import { parseJid, S_WA } from '../wire/jid.js'
import type { SendRefusal } from './send-limits.js'

export function silentRefusal(s: SandboxServer, senderPhone: string, to: string, recipient: Account | undefined): SendRefusal | undefined {
  // An account-wide restriction refuses existing chats too (Baileys #2688, #2707).
  if (s.faults.session.isRestricted(senderPhone) && recipient?.phone !== senderPhone) return '463'
  if (!recipient) {
    const p = parseJid(to)
    return p && (p.server === S_WA || p.server === 'c.us') && /^[0-9]+$/.test(p.user) ? '463' : undefined
  }
  if (recipient.phone === senderPhone || hasConversation(s.db, senderPhone, recipient.phone)) return undefined
  return s.faults.session.takeNewChatRefusal(senderPhone) ? '463' : undefined
}
