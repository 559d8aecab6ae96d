// The presence this API last announced for an instance, per socket: a new socket starts offline
// (markOnlineOnConnect is off), and a name change re-announces the current state carrying the new name.
import type { WASocket } from '@whiskeysockets/baileys'

export type OwnPresence = 'available' | 'unavailable'

const announced = new WeakMap<WASocket, OwnPresence>()

export const ownPresenceOf = (socket: WASocket): OwnPresence => announced.get(socket) ?? 'unavailable'

export function rememberOwnPresence(socket: WASocket, presence: OwnPresence): void {
  announced.set(socket, presence)
}
