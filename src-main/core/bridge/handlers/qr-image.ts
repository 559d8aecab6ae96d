// Raw QR string -> PNG data URL for the renderer (the renderer never needs a QR library), with the lifetime
// the API promises (routes/v2/auth.ts: the first QR lives 60 s, later ones 20 s; we promise the shorter).
import QRCode from 'qrcode'

export const QR_LIFETIME_MS = 20_000

export const qrImage = (qr: string): Promise<string> => QRCode.toDataURL(qr, { margin: 1, width: 288, errorCorrectionLevel: 'L' })
