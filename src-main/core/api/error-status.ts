// THE table from error code to HTTP status, for every DomainError the API can meet (core, sandbox, later
// modules). A code missing here is a bug: it answers 500 and is logged. Add new codes here, nowhere else.

export const ERROR_STATUS: Readonly<Record<string, number>> = {
  // request shape
  missing_param: 400,
  missing_params: 400,
  invalid_param: 400,
  invalid_phone_number: 400,
  invalid_policy: 400,
  invalid_request: 400,
  payload_too_large: 413,
  unsupported_media_type: 415,
  // credentials and plan
  invalid_access_token: 401,
  invalid_credentials: 401,
  quota_reached: 403,
  subscription_required: 403,
  forbidden_host: 403,
  forbidden_origin: 403,
  too_many_requests: 429,
  // resources and state
  invalid_session: 404,
  not_found: 404,
  method_not_allowed: 405,
  temp_link_expired: 410,
  session_status_mismatch: 422,
  pairing_code_throttled: 429,
  // sandbox network (src-main/core/sandbox/errors.ts)
  phone_exists: 409,
  phone_not_found: 404,
  invalid_qr: 400,
  qr_expired: 410,
  invalid_pairing_code: 400,
  no_pending_pairing: 409,
  instance_not_scannable: 409,
  person_offline: 409,
  link_failed: 502,
  // chats, messages and contacts (messaging/chat-ids.ts, messaging/reads/errors.ts)
  invalid_chat_id: 400,
  invalid_message_id: 400,
  message_not_found: 404,
  contact_not_found: 404,
  media_not_found: 404,
  not_own_message: 422,
  message_not_editable: 422,
  edit_window_expired: 422,
  media_download_failed: 502,
  engine_request_failed: 502,
  // groups, labels, profile, presence, status, channels (account/errors.ts)
  group_not_found: 404,
  not_group_member: 403,
  not_group_admin: 403,
  invite_not_found: 404,
  label_not_found: 404,
  channel_not_found: 404,
  not_channel_admin: 403,
  channel_not_followed: 409,
  invalid_media: 400,
  // rate limits (rate-limit/errors.ts)
  rate_limited: 429,
  daily_cap_reached: 429,
  account_protection: 429,
  concurrency_limit: 429,
  queue_full: 429,
  queue_purged: 409,
  // sending (messaging/send/send-errors.ts; not WORKING is session_status_mismatch above)
  not_on_whatsapp: 404,
  chat_not_found: 404,
  invalid_base64: 400,
  invalid_file_url: 400,
  file_unreachable: 422,
  file_too_large: 413,
  conversion_failed: 422,
  converter_unavailable: 503,
  poll_not_found: 404,
  invalid_poll_option: 400,
  send_failed: 502,
  // webhooks (src-main/core/webhooks/errors.ts)
  invalid_webhook_url: 400,
  invalid_webhook_events: 400,
  invalid_webhook_retries: 400,
  invalid_webhook_hmac: 400,
  invalid_webhook_name: 400,
  invalid_webhook_is_active: 400,
  invalid_webhooks: 400,
  webhook_not_found: 404,
  event_not_found: 404,
  // failures
  server_error: 500,
  proxy_error: 502
}

export const statusOfCode = (code: string): number | undefined => ERROR_STATUS[code]
