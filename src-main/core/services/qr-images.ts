// Renders pairing QR strings to PNG images, once per QR string and look: clients poll /v2/session/info and the QR
// routes every second while a QR is shown, and rendering a PNG costs ~15 ms of CPU each time.
import QRCode from 'qrcode'

/** The looks the product shows: the API's plain image, the temporary link's page, the desktop app's pairing view. */
export type QrLook = 'api' | 'page' | 'ui'

const LOOKS: Record<QrLook, QRCode.QRCodeToBufferOptions> = {
  api: {},
  page: { margin: 2, width: 264 },
  ui: { margin: 1, width: 288, errorCorrectionLevel: 'L' }
}

export type QrRenderer = (qr: string, options: QRCode.QRCodeToBufferOptions) => Promise<Buffer>

const renderPng: QrRenderer = (qr, options) => QRCode.toBuffer(qr, { ...options, type: 'png' })

/** A QR lives 20 to 60 s and each instance shows one at a time: a few dozen entries cover every instance pairing at once. */
const DEFAULT_CAPACITY = 64

export class QrImages {
  private readonly cache = new Map<string, Promise<Buffer>>()

  constructor(private readonly render: QrRenderer = renderPng, private readonly capacity = DEFAULT_CAPACITY) {}

  /** The QR as PNG bytes; concurrent callers for the same QR share one render. */
  png(qr: string, look: QrLook = 'api'): Promise<Buffer> {
    const key = `${look}\n${qr}`
    const hit = this.cache.get(key)
    if (hit) {
      // Refresh its place: the oldest unused entry is the one evicted.
      this.cache.delete(key)
      this.cache.set(key, hit)
      return hit
    }
    const rendering = this.render(qr, LOOKS[look])
    // A failed render is not remembered: the next poll tries again.
    rendering.catch(() => this.cache.delete(key))
    this.cache.set(key, rendering)
    if (this.cache.size > this.capacity) this.cache.delete(this.cache.keys().next().value!)
    return rendering
  }

  /** The QR as a data:image/png;base64 URL (the shape of the API's qr fields and the UI's image). */
  async dataUrl(qr: string, look: QrLook = 'api'): Promise<string> {
    return `data:image/png;base64,${(await this.png(qr, look)).toString('base64')}`
  }
}
