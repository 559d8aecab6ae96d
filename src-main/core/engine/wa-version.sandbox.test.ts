// Issue 22 item 1 end to end: the sandbox refuses WhatsApp Web versions below a minimum (POST /sandbox/faults
// min_version) with 405 at pairing, as the real server fails an outdated client. The engine learns the current
// version from the sandbox's stand-in for WhatsApp Web's service worker, retries once with it (the instance shows
// its QR and pairs), remembers it for later sockets, and when even the learned version is refused the instance is
// FAILED with "WhatsApp version outdated" in its status reason.
import { describe, expect, it } from 'vitest'
import { waitUntil, type TestCore } from '../testing/core-harness.js'
import { useCore } from '../testing/suite.js'

const PHONE = '15550250001'
const MIN = '2.3000.1043857765'

describe.sequential('outdated WhatsApp Web version (405 at pairing)', () => {
  let t: TestCore

  useCore(async (core) => {
    t = core
    await t.core.sandbox!.createPhone({ phoneNumber: PHONE, name: 'Vera' })
  }, { plan: 'paid', timeoutMs: 60_000 })

  const fault = async (body: Record<string, unknown>) => {
    const res = await t.call('POST', '/sandbox/faults', {}, { action: 'min_version', ...body })
    expect(res.statusCode, res.body).toBe(200)
  }
  const logged = (text: string) => t.logLines.filter((l) => l.includes(text))
  const remembered = () => (t.core.db.prepare("SELECT value FROM engine_state WHERE key = 'wa_web_version'").get() as { value: string } | undefined)?.value

  it('refused with 405, the engine learns the current version, retries once, shows its QR and pairs', async () => {
    expect((await t.call('POST', '/sandbox/faults', {}, { action: 'min_version', version: 'two' })).statusCode).toBe(400)
    await fault({ version: MIN })
    const id = await t.createInstance()
    await t.waitForStatus(id, 'SCAN_QR_CODE', 20_000)
    expect(logged('WhatsApp version outdated: retrying with the current one')).toHaveLength(1)
    expect(logged('learned the current WhatsApp Web version').some((l) => l.includes(MIN))).toBe(true)
    expect(remembered()).toBe(JSON.stringify(MIN.split('.').map(Number)))
    const qr = await waitUntil(() => t.core.instances.qr(id)?.qr, 10_000, 'qr')
    await t.core.sandbox!.scanQr(PHONE, qr)
    await t.waitForStatus(id, 'WORKING', 20_000)
  })

  it('later sockets announce the remembered version: no second refusal', async () => {
    const id = await t.createInstance()
    await t.waitForStatus(id, 'SCAN_QR_CODE', 20_000)
    expect(logged('WhatsApp version outdated: retrying with the current one')).toHaveLength(1)
  })

  it('still refused with the learned version: FAILED, "WhatsApp version outdated" in the status reason', async () => {
    await fault({ version: '2.3000.1043857790', announce_version: '2.3000.1043857780' })
    const id = await t.createInstance()
    await t.waitForStatus(id, 'FAILED', 20_000)
    const info = (await t.call('GET', '/v2/session/info', { instance_id: id })).json() as { status_reason: string; status_reason_text: string }
    expect(info.status_reason).toBe('failed:version_outdated')
    expect(info.status_reason_text).toMatch(/^WhatsApp version outdated/)
    expect(remembered()).toBe(JSON.stringify([2, 3000, 1043857780]))
    // The network accepts it again: a start pairs as usual.
    await fault({})
    expect((await t.call('POST', '/v2/session/start', { instance_id: id })).statusCode).toBe(200)
    await t.waitForStatus(id, 'SCAN_QR_CODE', 20_000)
  })
})
