// pairing.*: the current QR (as an image), pairing codes (throttled like the API), temporary links.
import { createTempLink, currentTempLink, revokeTempLinks, type TempLinkRow } from '../../db/repositories/temp-links-repo.js'
import { coreErrors } from '../../domain/core-errors.js'
import { generateToken } from '../../domain/tokens.js'
import { TEMP_LINK_TTL_MS } from '../../api/routes/v2/temp-link.js'
import type { BridgeServices } from '../services.js'
import { nowOf, ownedRow } from './context.js'
import { qrImage } from './qr-image.js'
import type { HandlersOf } from './types.js'

/** 32 random bytes, as the API's links (routes/v2/temp-link.ts). */
const TEMP_LINK_TOKEN_BYTES = 32

export function pairingHandlers(s: BridgeServices): HandlersOf<'pairing'> {
  const link = (row: TempLinkRow | undefined) => ({
    link: row ? `${s.apiUrl()}/temp-qr/${row.token}` : null,
    expiresAt: row ? row.expires_at : null
  })

  return {
    'pairing.qr': async ({ instanceId }) => {
      const row = ownedRow(s, instanceId)
      const qr = row.status === 'SCAN_QR_CODE' ? s.instances.qr(row.id) : undefined
      if (!qr) {
        throw coreErrors.statusMismatch(row.status, ['SCAN_QR_CODE'], row.status === 'WORKING'
          ? 'This instance is already paired; log out first to pair another phone'
          : 'Start the instance and wait a few seconds until it shows a QR code')
      }
      return { instanceId: row.id, image: await qrImage(qr.qr), issuedAt: qr.issuedAt, expiresAt: qr.expiresAt }
    },
    'pairing.requestCode': async ({ instanceId, phoneNumber }) => {
      const row = ownedRow(s, instanceId)
      return { code: await s.pairingCodes.request(row.id, phoneNumber.trim()) }
    },
    'pairing.tempLink': ({ instanceId }) => link(currentTempLink(s.db, ownedRow(s, instanceId).id, nowOf(s))),
    'pairing.createTempLink': ({ instanceId }) =>
      link(createTempLink(s.db, ownedRow(s, instanceId).id, generateToken(TEMP_LINK_TOKEN_BYTES), nowOf(s), TEMP_LINK_TTL_MS)),
    'pairing.revokeTempLink': ({ instanceId }) => {
      revokeTempLinks(s.db, ownedRow(s, instanceId).id, nowOf(s))
      return link(undefined)
    }
  }
}
