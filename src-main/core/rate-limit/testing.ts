// Test support: a temp SQLite file with the rate-limit tables, and policy helpers.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase, type Db } from '../db/connection.js'
import { migrate } from '../db/migrate.js'
import { migration0101RateLimits } from '../db/migrations/0101-rate-limits.js'
import type { PolicyLimits } from './limits.js'

export function openRateDb(file = join(mkdtempSync(join(tmpdir(), 'sb-rl-')), 'app.db')): { db: Db; file: string } {
  const db = openDatabase(file)
  migrate(db, [migration0101RateLimits])
  return { db, file }
}

export const UNLIMITED: PolicyLimits = {
  send_message_per_minute: null,
  send_message_daily_cap: null,
  account_protection_seconds: null,
  concurrent_limit: null,
  group_req_per_minute: null,
  group_daily_cap: null,
  check_req_per_minute: null,
  check_daily_cap: null
}

export const limits = (overrides: Partial<PolicyLimits>): PolicyLimits => ({ ...UNLIMITED, ...overrides })
