// A chat id parameter (digits, @c.us, @s.whatsapp.net, @lid, @g.us, @newsletter) -> Baileys JID, with a 400
// that names the parameter.
import { coreErrors } from '../domain/core-errors.js'
import { toWaJid } from '../messaging/chat-ids.js'
import { accountErrors } from './errors.js'

export function chatJidOf(value: string | undefined, param = 'chatId'): string {
  const raw = (value ?? '').trim()
  if (!raw) throw coreErrors.missingParam([param])
  try {
    return toWaJid(raw)
  } catch {
    throw accountErrors.invalidChatId(param, raw)
  }
}

/** A person's chat (PN or LID), not a group, channel or broadcast. */
export function userJidOf(value: string | undefined, param = 'chatId'): string {
  const jid = chatJidOf(value, param)
  if (!jid.endsWith('@s.whatsapp.net') && !jid.endsWith('@lid')) throw accountErrors.invalidChatId(param, value ?? '')
  return jid
}
