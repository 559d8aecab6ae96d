// Which sends open a new chat (what the network's reach-out timelock and new-chat cap limit): 1:1 chats with no
// message in the store either way, except ones the network refused. Groups, channels and statuses never count.
import type { Db } from '../../db/connection.js'
import { stmt } from '../../db/statements.js'
import { canonicalJid } from '../store/index.js'

const isPersonJid = (jid: string) => jid.endsWith('@s.whatsapp.net') || jid.endsWith('@lid')

export function opensNewChat(db: Db, instanceId: string, chatJid: string): boolean {
  if (!isPersonJid(chatJid)) return false
  const chat = canonicalJid(db, instanceId, chatJid) || chatJid
  return !stmt(db, 'SELECT 1 FROM store_messages WHERE instance_id = ? AND chat_id = ? AND ack >= 0 LIMIT 1').get(instanceId, chat)
}

/** Waits for the server's ack of one sent stanza: its error code ('' when accepted), or undefined at the timeout. */
export function serverAck(ws: undefined | { on(ev: string, fn: (frame: { tag: string; attrs: Record<string, string> }) => void): unknown; off(ev: string, fn: (...a: never[]) => void): unknown }, id: string, timeoutMs: number) {
  // Baileys emits every incoming stanza as `TAG:<id>`; the ack of our message carries its id (as a later receipt
  // would, hence the tag check). Registered before the send, so a fast ack is not missed.
  const event = `TAG:${id}`
  // A socket without a stanza stream (test doubles) has no ack to wait for: taken as accepted.
  if (typeof ws?.on !== 'function') return { result: Promise.resolve<string | undefined>(''), cancel: () => {} }
  let cancel = () => {}
  const result = new Promise<string | undefined>((resolve) => {
    const on = (frame: { tag: string; attrs: Record<string, string> }) => {
      cancel()
      resolve(frame.tag === 'ack' ? (frame.attrs.error ?? '') : '')
    }
    const timer = setTimeout(() => {
      cancel()
      resolve(undefined)
    }, timeoutMs)
    timer.unref()
    ws.on(event, on)
    cancel = () => {
      clearTimeout(timer)
      ws.off(event, on)
    }
  })
  return { result, cancel: () => cancel() }
}
