// The limits a rate-limit policy sets (field names are the v2 API's). `null` means "no limit".

export interface PolicyLimits {
  send_message_per_minute: number | null
  send_message_daily_cap: number | null
  /** Seconds after the instance becomes WORKING during which sends are held back. */
  account_protection_seconds: number | null
  /** Sends of one instance in flight at the same time. */
  concurrent_limit: number | null
  group_req_per_minute: number | null
  group_daily_cap: number | null
  check_req_per_minute: number | null
  check_daily_cap: number | null
}

export type PolicySlug = 'strict' | 'standard_policy' | 'unlimited'
