// A chat id parameter (digits, @c.us, @s.whatsapp.net, @lid, @g.us, @newsletter) -> Baileys JID, with a 400
// that names the parameter.
import { accountErrors } from '../../account/errors.js'
import { coreErrors } from '../../domain/core-errors.js'
import { toWaJid } from '../../messaging/chat-ids.js'

export function chatJidOf(value: string | undefined, param = 'chatId'): string {
  const raw = (value ?? '').trim()
  if (!raw) throw coreErrors.missingParam([param])
  try {
    return toWaJid(raw)
  } catch {
    throw accountErrors.invalidChatId(param, raw)
  }
}
