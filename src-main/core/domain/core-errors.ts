// The core's error vocabulary (API accounts, instances, login, policies, temp links). Codes are the spec's
// where it names one; the HTTP status of every code lives in api/error-status.ts, nowhere else.
import { DomainError, type ErrorDetails } from './errors.js'
import type { InstanceStatus } from './instance-status.js'

export class CoreError extends DomainError {
  constructor(code: CoreErrorCode, message: string, details?: ErrorDetails) {
    super(code, message, details)
  }
}

export type CoreErrorCode =
  | 'missing_param'
  | 'missing_params'
  | 'invalid_param'
  | 'invalid_phone_number'
  | 'invalid_policy'
  | 'invalid_access_token'
  | 'invalid_credentials'
  | 'quota_reached'
  | 'subscription_required'
  | 'forbidden_host'
  | 'forbidden_origin'
  | 'invalid_session'
  | 'not_found'
  | 'temp_link_expired'
  | 'session_status_mismatch'
  | 'too_many_requests'
  | 'pairing_code_throttled'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'server_error'
  | 'proxy_error'

const join = (names: string[]) => names.join(', ')

export const coreErrors = {
  missingParam: (missing: string[]) =>
    new CoreError('missing_param', `Missing required parameter${missing.length > 1 ? 's' : ''}: ${join(missing)}`, {
      missing,
      recommendation: 'Send every required parameter in the query string, a JSON body or a form body'
    }),
  missingParams: (missing: string[]) =>
    new CoreError('missing_params', `Missing required parameter${missing.length > 1 ? 's' : ''}: ${join(missing)}`, {
      missing,
      recommendation: 'Send access_token and instance_id'
    }),
  invalidParam: (name: string, why: string) =>
    new CoreError('invalid_param', `Invalid parameter ${name}: ${why}`, { invalid: [name], recommendation: 'Check the parameter against /docs' }),
  invalidPhoneNumber: (value: string) =>
    new CoreError('invalid_phone_number', `phone_number "${value.slice(0, 32)}" is not valid`, {
      recommendation: 'Use digits only with the country code, no +, 00, spaces, dashes or parentheses (e.g. 201145202826)'
    }),
  invalidPolicy: (slug: string, known: string[]) =>
    new CoreError('invalid_policy', `Unknown rate-limit policy "${slug.slice(0, 64)}"`, {
      recommendation: `Use one of: ${join(known)}`
    }),
  invalidAccessToken: () =>
    new CoreError('invalid_access_token', 'The access token is invalid or expired', {
      recommendation: 'Use the access token shown in the Switchboard app (or the one passed with --access-token)'
    }),
  invalidCredentials: () =>
    new CoreError('invalid_credentials', 'The access token or instance_id is invalid', {
      recommendation: 'Check access_token and instance_id'
    }),
  quotaReached: (quota: number) =>
    new CoreError('quota_reached', `The plan's instance quota (${quota}) is used up`, {
      recommendation: 'Delete an instance you no longer need or switch to the paid plan'
    }),
  subscriptionRequired: (what: string) =>
    new CoreError('subscription_required', `${what} needs a paid plan`, { recommendation: 'Switch the account to the paid plan' }),
  forbiddenHost: () =>
    new CoreError('forbidden_host', 'Requests must address this server by its loopback name or address', {
      recommendation: 'Call http://127.0.0.1:<port> or http://localhost:<port>'
    }),
  forbiddenOrigin: () =>
    new CoreError('forbidden_origin', 'Cross-site browser requests are not accepted', {
      recommendation: 'Call the API from a local program, not from a web page'
    }),
  invalidSession: () =>
    new CoreError('invalid_session', 'The instance does not exist', {
      recommendation: 'Check instance_id; deleted instances cannot be used again'
    }),
  notFound: (what: string) => new CoreError('not_found', `${what} not found`, { recommendation: 'See /docs for the available routes' }),
  tempLinkExpired: () =>
    new CoreError('temp_link_expired', 'This link has expired or was revoked', {
      recommendation: 'Ask the owner of the instance for a new link'
    }),
  statusMismatch: (status: InstanceStatus, allowed: InstanceStatus[], recommendation: string) =>
    new CoreError('session_status_mismatch', `The session is ${status}; this needs ${allowed.join(' or ')}`, {
      status,
      recommendation
    }),
  tooManyRequests: (retryAfterSeconds: number) =>
    new CoreError('too_many_requests', 'Too many failed authentication attempts', {
      retry_after: retryAfterSeconds,
      recommendation: `Wait ${retryAfterSeconds} s and check the access token`
    }),
  pairingCodeThrottled: (retryAfterSeconds: number) =>
    new CoreError('pairing_code_throttled', 'Too many pairing codes were requested for this phone number', {
      retry_after: retryAfterSeconds,
      recommendation: `Wait ${retryAfterSeconds} s (the network blocks pairing after a few codes) or scan the QR code instead`
    }),
  payloadTooLarge: () => new CoreError('payload_too_large', 'The request body is too large'),
  unsupportedMediaType: (type: string | undefined) =>
    new CoreError('unsupported_media_type', type ? `Content-Type ${type.replace(/[^\x20-\x7e]/g, '?').slice(0, 64)} is not supported` : 'A request body needs a Content-Type', {
      recommendation: 'Send application/json, application/x-www-form-urlencoded or multipart/form-data'
    }),
  serverError: () =>
    new CoreError('server_error', 'Unexpected failure', { recommendation: 'Retry later; the details are in the Switchboard log' }),
  proxyError: (why: string) =>
    new CoreError('proxy_error', `The connection to the messaging network failed: ${why}`, {
      recommendation: 'Check the network connection and retry with backoff'
    })
}
