// Which sends open a new chat (what the network's reach-out timelock and new-chat cap limit): 1:1 chats with no
// message in the store either way, except ones the network refused. Groups, channels and statuses never count.
// (The wait for the server's ack of such a send is the session port's serverAck.)
import type { Db } from '../../db/connection.js'
import { stmt } from '../../db/statements.js'
import { canonicalJid } from '../store/index.js'

const isPersonJid = (jid: string) => jid.endsWith('@s.whatsapp.net') || jid.endsWith('@lid')

export function opensNewChat(db: Db, instanceId: string, chatJid: string): boolean {
  if (!isPersonJid(chatJid)) return false
  const chat = canonicalJid(db, instanceId, chatJid) || chatJid
  return !stmt(db, 'SELECT 1 FROM store_messages WHERE instance_id = ? AND chat_id = ? AND ack >= 0 LIMIT 1').get(instanceId, chat)
}
