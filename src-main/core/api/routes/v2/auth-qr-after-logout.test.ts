// Issue 11 item 7: right after logout answers SCAN_QR_CODE, the QR routes wait for the first QR instead of
// answering 422 "The session is SCAN_QR_CODE; this needs SCAN_QR_CODE". Real Baileys against the sandbox, real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pairInstance, startTestCore, waitUntil, type TestCore } from '../../../testing/core-harness.js'

const PHONE = '15550007001'

describe('QR right after logout', () => {
  let t: TestCore
  let id = ''
  const api = async (method: string, path: string, params: Record<string, string> = {}) => {
    const query = new URLSearchParams({ access_token: t.token, instance_id: id, ...params })
    const res = await fetch(`${t.core.url}${path}?${query}`, { method })
    return { status: res.status, body: (await res.json()) as Record<string, unknown>, retryAfter: res.headers.get('retry-after') }
  }

  beforeAll(async () => {
    t = await startTestCore('sandbox', { plan: 'paid' })
    id = await pairInstance(t, PHONE)
  })
  afterAll(async () => t?.close())

  it('logout then QR, 50 times in a row: always the QR, never a self-contradicting 422', async () => {
    for (let round = 0; round < 50; round++) {
      const logout = await api('POST', '/v2/session/logout')
      expect(logout.status, `round ${round}`).toBe(200)
      expect(logout.body.status).toBe('SCAN_QR_CODE')
      // Both QR routes, at once, right after the logout answered.
      const [raw, image] = await Promise.all([api('GET', '/v2/auth/qr'), api('GET', '/v2/auth/qr-image')])
      expect(raw.status, `round ${round}: ${JSON.stringify(raw.body)}`).toBe(200)
      expect(typeof raw.body.value).toBe('string')
      expect(image.status, `round ${round}: ${JSON.stringify(image.body)}`).toBe(200)
      expect(String(image.body.qr)).toMatch(/^data:image\/png;base64,/)
      // Pair again for the next round, with the QR the API gave.
      await t.core.sandbox!.scanQr(PHONE, String(raw.body.value))
      await t.waitForStatus(id, 'WORKING', 30_000)
    }
  }, 900_000)

  it('a stopped session still answers 422 naming a status other than the one it needs', async () => {
    await api('POST', '/v2/session/stop')
    await waitUntil(() => t.core.instances.view(id)?.status === 'STOPPED', 10_000, 'STOPPED')
    const res = await api('GET', '/v2/auth/qr')
    expect(res.status).toBe(422)
    expect(res.body.code).toBe('session_status_mismatch')
    expect(res.body.message).toContain('STOPPED')
  })
})
