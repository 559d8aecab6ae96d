// Test support: a temp SQLite file with the rate-limit tables, and policy helpers.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase, type Db } from '../db/connection.js'
import { migrate } from '../db/migrate.js'
import { migration0101RateLimits } from '../db/migrations/0101-rate-limits.js'
import type { PolicyLimits } from './limits.js'
import { NO_LIMITS } from './policies.js'

export function openRateDb(file = join(mkdtempSync(join(tmpdir(), 'sb-rl-')), 'app.db')): { db: Db; file: string } {
  const db = openDatabase(file)
  migrate(db, [migration0101RateLimits])
  return { db, file }
}

export const UNLIMITED: PolicyLimits = NO_LIMITS

export const limits = (overrides: Partial<PolicyLimits>): PolicyLimits => ({ ...NO_LIMITS, ...overrides })
