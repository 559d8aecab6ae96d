// FAILED after the engine's retries, and resume on app start: through the real core and real Baileys.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { SessionStatusEvent } from '../domain/events.js'
import { startTestCore } from '../testing/core-harness.js'

describe('instance recovery', () => {
  it('becomes FAILED when the engine cannot connect after its retries; restart leaves FAILED', async () => {
    const t = await startTestCore('offline', { engine: { reconnect: { baseDelayMs: 20, maxDelayMs: 50, maxAttempts: 3 } } })
    try {
      const events: SessionStatusEvent[] = []
      t.core.bus.on('session.status', (e) => events.push(e))
      const id = await t.createInstance()
      await t.waitForStatus(id, 'FAILED', 20_000)
      expect(events.at(-1)).toMatchObject({ instanceId: id, status: 'FAILED', previous: 'STARTING', reason: 'failed:retries_exhausted' })
      expect((await t.call('GET', '/v2/session/info', { instance_id: id })).json().status).toBe('FAILED')
      expect((await t.call('POST', '/v2/session/restart', { instance_id: id })).json().status).toBe('STARTING')
      await t.waitForStatus(id, 'FAILED', 20_000)
      expect((await t.call('POST', '/v2/session/start', { instance_id: id })).json().status).toBe('STARTING')
      expect((await t.call('POST', '/v2/session/stop', { instance_id: id })).json().status).toBe('STOPPED')
    } finally {
      await t.close()
    }
  })

  it('resumes instances that were running when the app stopped, WORKING without a scan; stopped ones stay stopped', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sb-resume-'))
    let t = await startTestCore('sandbox', { dataDir })
    let working: string
    let stopped: string
    try {
      working = await t.createInstance()
      stopped = await t.createInstance()
      await t.waitForStatus(working, 'SCAN_QR_CODE')
      await t.core.sandbox!.createPhone({ phoneNumber: '15557770001', name: 'Ivy' })
      await t.core.sandbox!.scanQr('15557770001', t.core.instances.qr(working)!.qr)
      await t.waitForStatus(working, 'WORKING')
      await t.call('POST', '/v2/session/stop', { instance_id: stopped })
    } finally {
      await t.close()
    }
    t = await startTestCore('sandbox', { dataDir, accessToken: t.token })
    try {
      const events: SessionStatusEvent[] = []
      t.core.bus.on('session.status', (e) => events.push(e))
      await t.waitForStatus(working, 'WORKING', 30_000)
      expect(events.filter((e) => e.instanceId === working).map((e) => e.status)).not.toContain('SCAN_QR_CODE')
      expect(t.core.instances.view(stopped)?.status).toBe('STOPPED')
      expect(t.core.instances.view(working)?.me?.id).toBe('15557770001@c.us')
    } finally {
      await t.close()
    }
  })
})
