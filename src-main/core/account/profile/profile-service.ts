// The instance's own profile through its socket: read (name, about, picture), set the display name (an
// app-state patch, then a presence carrying the name so contacts see it), set the About text, set or remove
// the picture.
import type { WASocket } from '@whiskeysockets/baileys'
import { toApiChatId } from '../../messaging/chat-ids.js'
import { assertDecodableImage } from '../images.js'
import { ownPresenceOf } from '../own-presence.js'
import { callNetwork, networkErrorCode } from '../wa-errors.js'
import { ownAccount, ownJids, workingSocket, type SocketSource } from '../working-socket.js'

export interface ApiProfile {
  id: string
  lid: string | null
  name: string | null
  about: string | null
  picture: string | null
}

const NAME_SYNC_MS = 3_000

/** Baileys applies the patch to creds.me through its own (possibly buffered) events; wait for it, briefly. */
function nameApplied(sock: WASocket, name: string): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      sock.ev.off('creds.update', check)
      resolve()
    }
    const check = () => {
      if (ownAccount(sock)?.name === name) done()
    }
    const timer = setTimeout(done, NAME_SYNC_MS)
    sock.ev.on('creds.update', check)
    check()
  })
}

export class ProfileService {
  constructor(private readonly deps: SocketSource) {}

  private socket = (instanceId: string): WASocket => workingSocket(this.deps, instanceId)

  async get(instanceId: string): Promise<ApiProfile> {
    const sock = this.socket(instanceId)
    const own = ownJids(sock)
    const [picture, about] = await Promise.all([this.pictureOf(sock, own.pn), this.aboutOf(sock, own.pn)])
    return { id: toApiChatId(own.pn), lid: own.lid ?? null, name: ownAccount(sock)?.name ?? ownAccount(sock)?.notify ?? null, about, picture }
  }

  private async pictureOf(sock: WASocket, jid: string): Promise<string | null> {
    try {
      return (await sock.profilePictureUrl(jid, 'image')) ?? null
    } catch (e) {
      const code = networkErrorCode(e)
      if (code === 404 || code === 401) return null
      return callNetwork(() => Promise.reject(e))
    }
  }

  private async aboutOf(sock: WASocket, jid: string): Promise<string | null> {
    const list = await callNetwork(() => sock.fetchStatus(jid))
    const entry = list?.[0] as { status?: { status?: string | null } } | undefined
    return entry?.status?.status ?? null
  }

  async setName(instanceId: string, name: string): Promise<void> {
    const sock = this.socket(instanceId)
    await callNetwork(() => sock.updateProfileName(name))
    await nameApplied(sock, name)
    await callNetwork(() => sock.sendPresenceUpdate(ownPresenceOf(sock)))
  }

  async setAbout(instanceId: string, about: string): Promise<void> {
    const sock = this.socket(instanceId)
    await callNetwork(() => sock.updateProfileStatus(about))
  }

  async setPicture(instanceId: string, image: Buffer, param: string): Promise<void> {
    const sock = this.socket(instanceId)
    await assertDecodableImage(param, image)
    await callNetwork(() => sock.updateProfilePicture(ownJids(sock).pn, image))
  }

  async deletePicture(instanceId: string): Promise<void> {
    const sock = this.socket(instanceId)
    await callNetwork(() => sock.removeProfilePicture(ownJids(sock).pn))
  }
}
