// Operations on one message through the engine: delete for everyone (revoke) or for me (app-state), edit
// (own text messages, within WhatsApp's 15-minute window), pin and unpin for everyone.
import type { SessionPort } from '../../engine/session-port.js'
import { isJidGroup, jidNormalizedUser, proto } from '../../engine/wa-wire.js'
import type { Db } from '../../db/connection.js'
import { serializeMessageId } from '../chat-ids.js'
import { deleteMessage, refreshLastMessage } from '../store/index.js'
import { engineCall, readsErrors } from './errors.js'
import type { MediaFiles } from './media-files.js'
import type { MessageRef } from './message-ref.js'

export const EDIT_WINDOW_MINUTES = 15
/** Pin durations WhatsApp offers: 24 hours, 7 days, 30 days. */
export const PIN_DURATIONS = [86_400, 604_800, 2_592_000] as const
export type PinDuration = (typeof PIN_DURATIONS)[number]

const EDITABLE_TYPES = new Set(['chat'])

export async function deleteForEveryone(socket: SessionPort, ref: MessageRef): Promise<void> {
  if (!ref.key.fromMe) {
    if (!isJidGroup(ref.key.remoteJid ?? '')) throw readsErrors.notOwnMessage('deleted for everyone')
    // Group admins may revoke other members' messages. The network relays a revoke from anyone (recipients
    // ignore it), so the admin check happens here, on fresh metadata.
    if (!(await isGroupAdmin(socket, ref.key.remoteJid!))) throw readsErrors.notGroupAdmin()
  }
  await engineCall('the delete for everyone', () => socket.send(ref.key.remoteJid!, { delete: ref.key }))
}

async function isGroupAdmin(socket: SessionPort, groupJid: string): Promise<boolean> {
  const meta = await engineCall('the group lookup', () => socket.groups.metadata(groupJid))
  const me = socket.account()
  const mine = new Set([me.pn, me.lid].filter((j): j is string => !!j))
  const self = meta.participants.find((p) => [p.id, p.phoneNumber, p.lid].some((j) => !!j && mine.has(jidNormalizedUser(j))))
  return !!self?.admin
}

/** Removes the message from this account's devices (app-state) and from the store. Needs the stored message. */
export async function deleteForMe(socket: SessionPort, db: Db, instanceId: string, ref: MessageRef, now: number, media?: MediaFiles): Promise<void> {
  const stored = ref.stored
  if (!stored) throw readsErrors.messageNotFound(serializeMessageId(ref.key))
  await engineCall('the delete for me', () =>
    socket.modifyChat({ deleteForMe: { deleteMedia: true, key: ref.key, timestamp: stored.timestamp } }, ref.key.remoteJid!)
  )
  db.transaction(() => {
    deleteMessage(db, stored.pk)
    refreshLastMessage(db, instanceId, stored.chatId, now)
  })()
  media?.removeFiles([stored.media?.path])
}

export async function editText(socket: SessionPort, ref: MessageRef, text: string, nowSeconds: number): Promise<void> {
  if (!ref.key.fromMe) throw readsErrors.notOwnMessage('edited')
  const stored = ref.stored
  if (stored) {
    if (stored.revokedAt !== null || !EDITABLE_TYPES.has(stored.type)) throw readsErrors.notEditable(stored.type)
    if (nowSeconds - stored.timestamp > EDIT_WINDOW_MINUTES * 60) throw readsErrors.editWindowExpired(EDIT_WINDOW_MINUTES)
  }
  await engineCall('the edit', () => socket.send(ref.key.remoteJid!, { text, edit: ref.key }))
}

export async function setPinned(socket: SessionPort, ref: MessageRef, pinned: boolean, duration: PinDuration): Promise<void> {
  const type = pinned ? proto.PinInChat.Type.PIN_FOR_ALL : proto.PinInChat.Type.UNPIN_FOR_ALL
  await engineCall(pinned ? 'the pin' : 'the unpin', () =>
    socket.send(ref.key.remoteJid!, pinned ? { pin: ref.key, type, time: duration } : { pin: ref.key, type })
  )
}

/** duration: seconds (86400, 604800, 2592000) or 24h / 7d / 30d; default 7 days, as on the phone. */
export function parsePinDuration(raw: string | undefined): PinDuration | undefined {
  if (raw === undefined) return 604_800
  const aliases: Record<string, PinDuration> = { '24h': 86_400, '1d': 86_400, '7d': 604_800, '30d': 2_592_000 }
  const v = aliases[raw.toLowerCase()] ?? Number(raw)
  return PIN_DURATIONS.find((d) => d === v)
}
