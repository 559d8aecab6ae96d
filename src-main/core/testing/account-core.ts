// Test support for the account operations: a sandbox core with one WORKING instance (phone A's companion
// device) on the unlimited policy, other simulated phones to act as the other party, a JSON caller, and the
// "stopped session answers 422" check every account route shares.
import type { WASocket } from '@whiskeysockets/baileys'
import type { LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import { pairInstance, startTestCore, waitUntil, type TestCore } from './core-harness.js'

export interface AccountCore {
  t: TestCore
  id: string
  /** The instance's own phone number. */
  me: string
  /** Calls the API as the instance: credentials in the query, `body` as JSON. */
  api(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown, query?: Record<string, string>): Promise<LightMyRequestResponse>
  /** The simulated person behind a phone (its own Baileys socket). */
  person(phone: string): Promise<WASocket>
  close(): Promise<void>
}

export const pn = (phone: string): string => `${phone}@s.whatsapp.net`

export async function startAccountCore(me: string, others: string[] = []): Promise<AccountCore> {
  const t = await startTestCore('sandbox', { plan: 'paid' })
  try {
    const id = await pairInstance(t, me, 'Me')
    for (const phone of others) await t.core.sandbox!.createPhone({ phoneNumber: phone, name: `Person ${phone.slice(-4)}` })
    const api: AccountCore['api'] = (method, path, body, query = {}) =>
      t.inject({
        method,
        url: `${path}?${new URLSearchParams({ access_token: t.token, instance_id: id, ...query }).toString()}`,
        ...(body === undefined ? {} : { payload: body as Record<string, unknown> })
      })
    // Group operations are paced by the policy; tests run on unlimited unless they test the pacing.
    const policy = await api('PATCH', '/v2/session/rate-limit', { policy_slug: 'unlimited' })
    if (policy.statusCode !== 200) throw new Error(`policy: ${policy.body}`)
    return { t, id, me, api, person: (phone) => t.core.sandbox!.personSocket(phone), close: () => t.close() }
  } catch (e) {
    await t.close()
    throw e
  }
}

/** Stops the instance's session and waits until it is STOPPED. */
export async function stopSession(c: AccountCore): Promise<void> {
  await c.api('POST', '/v2/session/stop')
  await c.t.waitForStatus(c.id, 'STOPPED')
}

/** The call must answer 422 session_status_mismatch (the session is not WORKING); returns the answer. */
export async function expectNotWorking(c: AccountCore, method: Parameters<AccountCore['api']>[0], path: string, body?: unknown): Promise<LightMyRequestResponse> {
  const res = await c.api(method, path, body)
  expect(res.statusCode, path).toBe(422)
  expect(res.json().code, path).toBe('session_status_mismatch')
  return res
}

export { waitUntil }
