// The live Baileys socket of an instance, or the API's 422 session_status_mismatch when it is not WORKING:
// every account operation acts through the instance's own connection to the network.
import type { WASocket } from '@whiskeysockets/baileys'
import { CoreError, coreErrors } from '../domain/core-errors.js'
import type { InstanceManager } from '../engine/instance-manager.js'

export interface SocketSource {
  engine?: { liveSocket(instanceId: string): WASocket | undefined }
  manager: Pick<InstanceManager, 'mustView'>
}

const RECOMMENDATION = 'Start the instance (POST /v2/session/start) and wait until /v2/session/info says WORKING'

export function workingSocket(deps: SocketSource, instanceId: string): WASocket {
  const socket = deps.engine?.liveSocket(instanceId)
  if (socket) return socket
  const status = deps.manager.mustView(instanceId).status
  // WORKING in the database but no open socket: the connection dropped and is being re-established.
  if (status === 'WORKING') {
    throw new CoreError('session_status_mismatch', 'The session is reconnecting to the network', {
      status: 'STARTING',
      recommendation: 'Retry in a few seconds'
    })
  }
  throw coreErrors.statusMismatch(status, ['WORKING'], RECOMMENDATION)
}

/**
 * The account as Baileys knows it now. Not `socket.user`: Baileys' socket layers spread the base object, which
 * freezes that getter's value at construction; `authState.creds` is the live object.
 */
export const ownAccount = (socket: WASocket): { id?: string; lid?: string; name?: string; notify?: string } | undefined => socket.authState.creds.me

/** The instance's own user JID (<number>@s.whatsapp.net, no device) and LID. */
export function ownJids(socket: WASocket): { pn: string; lid: string | undefined } {
  const me = ownAccount(socket)
  const user = me?.id?.split('@')[0]?.split(':')[0] ?? ''
  const lid = me?.lid ? `${me.lid.split('@')[0]!.split(':')[0]}@lid` : undefined
  return { pn: `${user}@s.whatsapp.net`, lid }
}
