// Errors of the sandbox network's admin surface. The app's HTTP layer maps these codes to statuses.
import { DomainError } from '../domain/errors.js'

export class SandboxError extends DomainError {}

export const sandboxErrors = {
  phoneExists: (phone: string) => new SandboxError('phone_exists', `A simulated phone with number ${phone} already exists`),
  phoneNotFound: (phone: string) => new SandboxError('phone_not_found', `No simulated phone with number ${phone}`),
  invalidPhoneNumber: (input: string) =>
    new SandboxError('invalid_phone_number', `"${input}" is not a phone number: use 6 to 15 digits with the country code`, {
      recommendation: 'Send digits only, e.g. 15550000001'
    }),
  invalidQr: (why: string) =>
    new SandboxError('invalid_qr', `This is not a QR of a device waiting to be linked: ${why}`, {
      recommendation: 'Copy the raw QR string from /v2/auth/qr while the instance is in SCAN_QR_CODE'
    }),
  qrExpired: () =>
    new SandboxError('qr_expired', 'This QR code is no longer valid (the device stopped waiting or was linked already)', {
      recommendation: 'Fetch the current QR and scan again'
    }),
  invalidPairingCode: () =>
    new SandboxError('invalid_pairing_code', 'The pairing code is wrong for the device waiting to be linked to this phone', {
      recommendation: 'Enter the 8-character code exactly as the device shows it (the dash is optional)'
    }),
  noPendingPairing: (phone: string) =>
    new SandboxError('no_pending_pairing', `No device asked for a pairing code for ${phone}`, {
      recommendation: 'Request a pairing code for this phone number first (POST /v2/auth/request-code)'
    }),
  invalidRequest: (message: string, missing?: string[]) => new SandboxError('invalid_request', message, missing ? { missing } : undefined),
  instanceNotScannable: (instanceId: string) =>
    new SandboxError('instance_not_scannable', `Instance ${instanceId} is not showing a QR code right now`, {
      recommendation: 'Start the instance and wait for status SCAN_QR_CODE'
    }),
  linkFailed: (why: string) => new SandboxError('link_failed', `The device did not complete linking: ${why}`),
  personOffline: (phone: string) => new SandboxError('person_offline', `The simulated person ${phone} is not connected to the sandbox yet`)
}
