// Test support for the send routes: a sandbox core with one WORKING instance (paired to ME) and a simulated
// recipient (PEER), real HTTP calls, and polling of the recipient's decrypted inbox.
import type { LightMyRequestResponse } from 'fastify'
import type { PersonMessage } from '../sandbox/index.js'
import { pairInstance, startTestCore, waitUntil, type TestCore } from './core-harness.js'
import type { CoreOptions } from '../start-core.js'

export interface SendCtx {
  t: TestCore
  id: string
  me: string
  peer: string
  /** Authenticated call; `query` goes in the URL, `body` as JSON (or a form string with a content type). */
  call(method: 'GET' | 'POST' | 'PUT' | 'PATCH', path: string, query?: Record<string, string>, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>
  /** The recipient's decrypted copy of a message, once it arrived. */
  received(messageId: string, phone?: string, ms?: number): Promise<PersonMessage>
  setPolicy(slug: string): Promise<void>
  close(): Promise<void>
}

export async function openSendCore(me: string, peer: string, options: Partial<CoreOptions> = {}): Promise<SendCtx> {
  const t = await startTestCore('sandbox', { plan: 'paid', ...options })
  try {
    const id = await pairInstance(t, me, 'Sender')
    await t.core.sandbox!.createPhone({ phoneNumber: peer, name: 'Recipient' })
    const call: SendCtx['call'] = (method, path, query = {}, body, headers = {}) => {
      const qs = new URLSearchParams({ access_token: t.token, instance_id: id, ...query }).toString()
      const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body)
      const type = typeof body === 'string' ? 'application/x-www-form-urlencoded' : 'application/json'
      return t.inject({ method, url: `${path}?${qs}`, ...(payload === undefined ? {} : { payload, headers: { 'content-type': type, ...headers } }) })
    }
    const ctx: SendCtx = {
      t,
      id,
      me,
      peer,
      call,
      async received(messageId, phone = peer, ms = 15_000) {
        return waitUntil(async () => (await t.core.sandbox!.messages(phone)).find((m) => m.id === messageId), ms, `${phone} received ${messageId}`)
      },
      async setPolicy(slug) {
        const res = await call('PATCH', '/v2/session/rate-limit', { policy_slug: slug })
        if (res.statusCode !== 200) throw new Error(`policy ${slug}: ${res.statusCode} ${res.body}`)
      },
      close: () => t.close()
    }
    return ctx
  } catch (e) {
    await t.close()
    throw e
  }
}

/** The id every send answer carries in `key.id` (200 and 202 alike). */
export const keyIdOf = (res: LightMyRequestResponse): string => (res.json() as { key: { id: string } }).key.id
