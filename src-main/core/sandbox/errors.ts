// Errors of the sandbox network's admin surface. The app's HTTP layer maps these codes to statuses.
import { domainError, type CodedError } from '../domain/errors.js'

export type SandboxErrorCode =
  | 'phone_exists'
  | 'phone_not_found'
  | 'invalid_phone_number'
  | 'invalid_qr'
  | 'qr_expired'
  | 'invalid_pairing_code'
  | 'no_pending_pairing'
  | 'invalid_request'
  | 'instance_not_scannable'
  | 'person_offline'
  | 'link_failed'
  | 'sandbox_not_loopback'

export type SandboxError = CodedError<SandboxErrorCode>

const sandbox = domainError<SandboxErrorCode>

export const sandboxErrors = {
  phoneExists: (phone: string) => sandbox('phone_exists', `A simulated phone with number ${phone} already exists`),
  phoneNotFound: (phone: string) => sandbox('phone_not_found', `No simulated phone with number ${phone}`),
  invalidPhoneNumber: (input: string) =>
    sandbox('invalid_phone_number', `"${input}" is not a phone number: use 6 to 15 digits with the country code`, 'Send digits only, e.g. 15550000001'),
  invalidQr: (why: string) =>
    sandbox('invalid_qr', `This is not a QR of a device waiting to be linked: ${why}`,
      'Copy the raw QR string from /v2/auth/qr while the instance is in SCAN_QR_CODE'),
  qrExpired: () =>
    sandbox('qr_expired', 'This QR code is no longer valid (the device stopped waiting or was linked already)', 'Fetch the current QR and scan again'),
  invalidPairingCode: () =>
    sandbox('invalid_pairing_code', 'The pairing code is wrong for the device waiting to be linked to this phone',
      'Enter the 8-character code exactly as the device shows it (the dash is optional)'),
  noPendingPairing: (phone: string) =>
    sandbox('no_pending_pairing', `No device asked for a pairing code for ${phone}`,
      'Request a pairing code for this phone number first (POST /v2/auth/request-code)'),
  invalidRequest: (message: string, missing?: string[]) => sandbox('invalid_request', message, undefined, missing ? { missing } : undefined),
  instanceNotScannable: (instanceId: string) =>
    sandbox('instance_not_scannable', `Instance ${instanceId} is not showing a QR code right now`, 'Start the instance and wait for status SCAN_QR_CODE'),
  linkFailed: (why: string) => sandbox('link_failed', `The device did not complete linking: ${why}`),
  personOffline: (phone: string) => sandbox('person_offline', `The simulated person ${phone} is not connected to the sandbox yet`)
}
