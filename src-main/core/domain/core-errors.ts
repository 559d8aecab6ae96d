// The core's error vocabulary (API accounts, instances, login, policies, temp links). Codes are the spec's
// where it names one; the HTTP status of every code lives in api/error-status.ts, nowhere else.
import { domainError, type CodedError } from './errors.js'
import type { InstanceStatus } from './instance-status.js'

export type CoreError = CodedError<CoreErrorCode>

export type CoreErrorCode =
  | 'missing_param'
  | 'missing_params'
  | 'invalid_param'
  | 'invalid_phone_number'
  | 'invalid_policy'
  | 'invalid_access_token'
  | 'missing_access_token'
  | 'invalid_credentials'
  | 'quota_reached'
  | 'subscription_required'
  | 'forbidden_host'
  | 'forbidden_origin'
  | 'key_scope_forbidden'
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
const missingMessage = (names: string[]) => `Missing required parameter${names.length > 1 ? 's' : ''}: ${join(names)}`
const core = domainError<CoreErrorCode>

export const coreErrors = {
  missingParam: (missing: string[]) =>
    core('missing_param', missingMessage(missing), 'Send every required parameter in the query string, a JSON body or a form body', { missing }),
  missingParams: (missing: string[]) => core('missing_params', missingMessage(missing), 'Send access_token and instance_id', { missing }),
  invalidParam: (name: string, why: string) =>
    core('invalid_param', `Invalid parameter ${name}: ${why}`, 'Check the parameter against /docs', { invalid: [name] }),
  invalidPhoneNumber: (value: string) =>
    core('invalid_phone_number', `phone_number "${value.slice(0, 32)}" is not valid`,
      'Use digits only with the country code, no +, 00, spaces, dashes or parentheses (e.g. 201145202826)'),
  invalidPolicy: (slug: string, known: string[]) =>
    core('invalid_policy', `Unknown rate-limit policy "${slug.slice(0, 64)}"`, `Use one of: ${join(known)}`),
  invalidAccessToken: () =>
    core('invalid_access_token', 'The access token is invalid or expired',
      'Use the access token shown in the Switchboard app (or the one passed with --access-token)'),
  /** Where the caller expects HTTP's 401 for a missing credential (MCP clients), instead of 400 missing_param. */
  missingAccessToken: () =>
    core('missing_access_token', 'An access token is required', 'Send the header Authorization: Bearer <access token> (or access-token, or ?access_token= in the URL)', { missing: ['access_token'] }),
  invalidCredentials: () => core('invalid_credentials', 'The access token or instance_id is invalid', 'Check access_token and instance_id'),
  quotaReached: (quota: number) =>
    core('quota_reached', `The account's instance quota (${quota}) is used up`, 'Delete an instance you no longer need, switch to the paid plan, or ask the owner for a larger quota'),
  subscriptionRequired: (what: string) => core('subscription_required', `${what} needs a paid plan`, 'Switch the account to the paid plan'),
  /**
   * hostname: the name the request used (already parsed, so a plain host name or address); port: the port the server
   * listens on when the request named another one. Tells a caller in a container how to get the name accepted.
   */
  forbiddenHost: (hostname?: string, port?: number) =>
    port !== undefined
      ? core('forbidden_host', `Host ${hostname}: this server listens on port ${port}`, `Call port ${port}`)
      : hostname
        ? core('forbidden_host',
          `Host "${hostname}" is not allowed: start Switchboard with --allow-host ${hostname}, or add ${hostname} in Settings > API access > Allowed hosts`,
          `Allowed hosts also come from SWITCHBOARD_ALLOW_HOSTS=${hostname}; from this machine itself, call http://127.0.0.1:<port>. See docs/docker-n8n-make.md`, { host: hostname })
        : core('forbidden_host', 'Requests must address this server by its loopback name or address', 'Call http://127.0.0.1:<port> or http://localhost:<port>'),
  forbiddenOrigin: () =>
    core('forbidden_origin', 'Cross-site browser requests are not accepted', 'Call the API from a local program, not from a web page'),
  /** A scoped API key used outside its scope (domain/key-scope.ts). */
  keyScope: (reason: 'read_only' | 'instance_scope' | 'full_token_required') =>
    core('key_scope_forbidden',
      reason === 'read_only' ? 'This API key is read-only' : reason === 'instance_scope' ? 'This API key is limited to other instances' : 'Managing API keys needs the account\'s full token, not a scoped key',
      reason === 'full_token_required' ? 'Use the account\'s access token' : 'Use a key whose scope covers this request, or the account\'s access token', { reason }),
  invalidSession: () => core('invalid_session', 'The instance does not exist', 'Check instance_id; deleted instances cannot be used again'),
  notFound: (what: string) => core('not_found', `${what} not found`, 'See /docs for the available routes'),
  tempLinkExpired: () => core('temp_link_expired', 'This link has expired or was revoked', 'Ask the owner of the instance for a new link'),
  statusMismatch: (status: InstanceStatus, allowed: InstanceStatus[], recommendation: string) =>
    core('session_status_mismatch', `The session is ${status}; this needs ${allowed.join(' or ')}`, recommendation, { status }),
  /** scope: which cap (credential, instance, address, account, global: api/auth-failure-limiter.ts). */
  tooManyRequests: (retryAfterSeconds: number, scope?: string) =>
    core('too_many_requests', 'Too many failed authentication attempts', `Wait ${retryAfterSeconds} s and check the access token`, {
      retry_after: retryAfterSeconds,
      ...(scope ? { scope } : {})
    }),
  pairingCodeThrottled: (retryAfterSeconds: number) =>
    core('pairing_code_throttled', 'Too many pairing codes were requested for this phone number',
      `Wait ${retryAfterSeconds} s (the network blocks pairing after a few codes) or scan the QR code instead`, { retry_after: retryAfterSeconds }),
  payloadTooLarge: () => core('payload_too_large', 'The request body is too large'),
  unsupportedMediaType: (type: string | undefined) =>
    core('unsupported_media_type', type ? `Content-Type ${type.replace(/[^\x20-\x7e]/g, '?').slice(0, 64)} is not supported` : 'A request body needs a Content-Type',
      'Send application/json, application/x-www-form-urlencoded or multipart/form-data'),
  serverError: () => core('server_error', 'Unexpected failure', 'Retry later; the details are in the Switchboard log'),
  proxyError: (why: string) =>
    core('proxy_error', `The connection to the messaging network failed: ${why}`, 'Check the network connection and retry with backoff')
}
