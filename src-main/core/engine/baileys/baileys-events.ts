// What the Baileys engine adds to the core bus, and how Baileys identities map to the API's `me`.
import { jidNormalizedUser, type AuthenticationCreds, type BaileysEventMap, type WASocket } from '@whiskeysockets/baileys'
import type { InstanceMe } from '../../domain/events.js'

export interface BaileysBusEvents {
  /** Every batch of Baileys events of an instance's socket, as `sock.ev.process` delivers it. */
  'engine.baileys': {
    instanceId: string
    events: Partial<BaileysEventMap>
    /** Recorded history chunks (engine_history_chunks) this batch's history set carries: done once it committed. */
    historyChunks?: readonly string[]
  }
}

/** Called with each new socket before it connects; may return a disposer run when the socket is retired. */
export type SocketHook = (context: { instanceId: string; socket: WASocket }) => (() => void) | void

/** `123:4@s.whatsapp.net` -> `123@c.us` (the wire format of the v2 API). */
export const toApiUserJid = (jid: string): string => jidNormalizedUser(jid).replace(/@s\.whatsapp\.net$/, '@c.us')

export function meFromCreds(creds: Pick<AuthenticationCreds, 'me' | 'platform'> | undefined): InstanceMe | null {
  const me = creds?.me
  if (!me?.id) return null
  // '~' is the placeholder Baileys writes while a pairing code is pending; it is not a name.
  const name = me.name && me.name !== '~' ? me.name : (me.notify ?? me.verifiedName ?? null)
  return { id: toApiUserJid(me.id), lid: me.lid ? jidNormalizedUser(me.lid) : null, pushName: name ?? null, platform: creds?.platform ?? null }
}
