// Isolation as the core wires it: a core on the real network never installs the sandbox root, and a sandbox core
// refuses an engine override that would point the sandbox-trusting engines at a non-loopback address.
// (Order matters: the sandbox case installs the sandbox root in this process, so the real-network case runs first.)
import { describe, expect, it } from 'vitest'
import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { WA_CERT_DETAILS } from '@whiskeysockets/baileys'
import { startTestCore } from '../testing/core-harness.js'

/** Baileys rc14's WhatsApp root of trust (lib/Defaults/index.js). */
const REAL_ROOT = '142375574d0a587166aae71ebe516437c4a28b73e3695c6ce1f7f9545da8ee6b'

describe.sequential('core trust isolation', () => {
  it('a core on the real network leaves WA_CERT_DETAILS.PUBLIC_KEY at the real WhatsApp root', async () => {
    expect(Buffer.from(WA_CERT_DETAILS.PUBLIC_KEY).toString('hex')).toBe(REAL_ROOT)
    const t = await startTestCore('offline')
    try {
      expect(t.core.network).toBe('whatsapp')
      expect(t.core.sandbox).toBeUndefined()
      expect(Buffer.from(WA_CERT_DETAILS.PUBLIC_KEY).toString('hex')).toBe(REAL_ROOT)
    } finally {
      await t.close()
    }
    expect(Buffer.from(WA_CERT_DETAILS.PUBLIC_KEY).toString('hex')).toBe(REAL_ROOT)
  })

  it('a sandbox core refuses an engine socket override pointing at a non-loopback address', async () => {
    for (const url of ['wss://web.whatsapp.com/ws/chat', 'ws://192.168.1.10:9000/ws/chat']) {
      const dataDir = mkdtempSync(join(tmpdir(), 'sb-trust-'))
      await expect(startTestCore('sandbox', { dataDir, engine: { socketConfig: { waWebSocketUrl: url } } })).rejects.toMatchObject({
        code: 'sandbox_not_loopback'
      })
      // It did open the sandbox before refusing, and closed it again (the database is checkpointed away).
      expect(existsSync(join(dataDir, 'sandbox', 'sandbox.db'))).toBe(true)
      expect(existsSync(join(dataDir, 'sandbox', 'sandbox.db-wal'))).toBe(false)
    }
  })

  it('a loopback override is accepted in sandbox mode', async () => {
    const t = await startTestCore('sandbox')
    const url = t.core.sandbox!.wsUrl.replace('127.0.0.1', 'localhost')
    await t.close()
    const again = await startTestCore('sandbox', { dataDir: t.dataDir, accessToken: t.token, engine: { socketConfig: { waWebSocketUrl: url } } })
    try {
      expect(again.core.network).toBe('sandbox')
    } finally {
      await again.close()
    }
  })
})
