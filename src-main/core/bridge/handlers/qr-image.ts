// Raw QR string -> PNG data URL for the renderer (the renderer never needs a QR library). Each QR's lifetime
// comes from the engine (Baileys shows the first QR of a connection 60 s, later ones 20 s).
import QRCode from 'qrcode'

export const qrImage = (qr: string): Promise<string> => QRCode.toDataURL(qr, { margin: 1, width: 288, errorCorrectionLevel: 'L' })
