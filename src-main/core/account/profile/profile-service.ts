// The instance's own profile through its session port: read (name, about, picture), set the display name (an
// app-state patch, then a presence carrying the name so contacts see it), set the About text, set or remove
// the picture.
import { callNetwork, networkErrorCode } from '../../engine/engine-errors.js'
import type { SessionPort } from '../../engine/session-port.js'
import type { SessionPorts } from '../../engine/session-ports.js'
import { toApiChatId } from '../../messaging/chat-ids.js'
import type { MediaLimits } from '../../messaging/send/media-input.js'
import { assertDecodableImage, pictureLimits } from '../images.js'

export interface ApiProfile {
  id: string
  lid: string | null
  name: string | null
  about: string | null
  picture: string | null
}

export interface PortSource {
  ports: SessionPorts
  /** How picture files are read (default: the real network's, no private addresses). */
  pictures?: MediaLimits
}

export class ProfileService {
  constructor(private readonly deps: PortSource) {}

  /** How the routes read this service's picture files (URL or base64; private addresses only in the sandbox). */
  get pictureLimits(): MediaLimits {
    return this.deps.pictures ?? pictureLimits('whatsapp')
  }

  private port = (instanceId: string): SessionPort => this.deps.ports.working(instanceId)

  async get(instanceId: string): Promise<ApiProfile> {
    const port = this.port(instanceId)
    const own = port.account()
    const [picture, about] = await Promise.all([this.pictureOf(port, own.pn), this.aboutOf(port, own.pn)])
    const now = port.account()
    return { id: toApiChatId(own.pn), lid: own.lid ?? null, name: now.name ?? now.notify ?? null, about, picture }
  }

  private async pictureOf(port: SessionPort, jid: string): Promise<string | null> {
    try {
      return (await port.pictureUrl(jid)) ?? null
    } catch (e) {
      const code = networkErrorCode(e)
      if (code === 404 || code === 401) return null
      return callNetwork(() => Promise.reject(e))
    }
  }

  private async aboutOf(port: SessionPort, jid: string): Promise<string | null> {
    const entry = await callNetwork(() => port.about(jid))
    return entry?.status ?? null
  }

  async setName(instanceId: string, name: string): Promise<void> {
    const port = this.port(instanceId)
    await callNetwork(() => port.profile.setName(name))
    await callNetwork(() => port.sendPresence(port.ownPresence()))
  }

  async setAbout(instanceId: string, about: string): Promise<void> {
    const port = this.port(instanceId)
    await callNetwork(() => port.profile.setAbout(about))
  }

  async setPicture(instanceId: string, image: Buffer, param: string): Promise<void> {
    const port = this.port(instanceId)
    await assertDecodableImage(param, image)
    await callNetwork(() => port.profile.setPicture(port.account().pn, image))
  }

  async deletePicture(instanceId: string): Promise<void> {
    const port = this.port(instanceId)
    await callNetwork(() => port.profile.removePicture(port.account().pn))
  }
}
