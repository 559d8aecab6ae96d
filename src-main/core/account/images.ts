// Pictures for profiles, groups and channels: the network takes a square JPEG (Baileys crops and scales it),
// so anything Jimp cannot decode is refused here as a 400 naming the parameter, not a failure upstream.
import { Jimp } from 'jimp'
import type { MediaLimits } from '../messaging/send/media-input.js'
import { accountErrors } from './errors.js'

export const MAX_PICTURE_BYTES = 10 * 1024 * 1024

/** Picture files are read like the send endpoints' files (URL or base64; private addresses only in the sandbox). */
export const pictureLimits = (network: 'whatsapp' | 'sandbox'): MediaLimits => ({ maxBytes: MAX_PICTURE_BYTES, timeoutMs: 30_000, allowPrivate: network === 'sandbox' })

export async function assertDecodableImage(param: string, body: Buffer): Promise<void> {
  try {
    const img = await Jimp.read(body)
    if (!img.width || !img.height) throw new Error('empty image')
  } catch (e) {
    throw accountErrors.invalidMedia(param, `not a decodable image (${(e as Error).message.slice(0, 80)})`)
  }
}
