// pairing.*: the current QR (as an image), pairing codes (throttled like the API), temporary links.
import { coreErrors } from '../../domain/core-errors.js'
import type { TempLinkRow } from '../../services/temp-link-service.js'
import type { BridgeContext } from './context.js'
import { qrImage } from './qr-image.js'
import type { HandlersOf } from './types.js'

export function pairingHandlers({ services: { instances, pairingCodes, tempLinks }, config, owned }: BridgeContext): HandlersOf<'pairing'> {
  // The desktop UI asks on loopback: the service hands out the public URL or the LAN address when there is one.
  const link = async (row: TempLinkRow | undefined) => {
    const url = row ? tempLinks.urlOf(row, { protocol: 'http', host: new URL(config.apiUrl()).host }) : null
    return { link: url, expiresAt: row ? row.expires_at : null, qrImage: url ? await qrImage(url) : null }
  }

  return {
    'pairing.qr': async ({ instanceId }) => {
      const row = owned(instanceId)
      const qr = instances.qrOf(row)
      if (!qr) {
        throw coreErrors.statusMismatch(row.status, ['SCAN_QR_CODE'], row.status === 'WORKING'
          ? 'This instance is already paired; log out first to pair another phone'
          : 'Start the instance and wait a few seconds until it shows a QR code')
      }
      return { instanceId: row.id, image: await qrImage(qr.qr), issuedAt: qr.issuedAt, expiresAt: qr.expiresAt }
    },
    'pairing.requestCode': async ({ instanceId, phoneNumber }) => {
      const row = owned(instanceId)
      return { code: await pairingCodes.request(row.id, phoneNumber.trim()) }
    },
    'pairing.tempLink': ({ instanceId }) => link(tempLinks.current(owned(instanceId).id)),
    'pairing.createTempLink': ({ instanceId }) => link(tempLinks.create(owned(instanceId).id)),
    'pairing.revokeTempLink': ({ instanceId }) => {
      tempLinks.revoke(owned(instanceId).id)
      return link(undefined)
    }
  }
}
