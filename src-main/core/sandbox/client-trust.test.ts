// Isolation: the sandbox root is trusted only where it was installed, and never for a non-loopback address.
import { describe, expect, it } from 'vitest'
import { Worker } from 'node:worker_threads'
import { WA_CERT_DETAILS } from '@whiskeysockets/baileys'
import { assertLoopback, makeSocketTrust, trustSandboxRoot } from './client-trust.js'

const REAL_ROOT = '142375574d0a587166aae71ebe516437c4a28b73e3695c6ce1f7f9545da8ee6b'

describe('sandbox trust', () => {
  it('refuses non-loopback sandbox addresses', () => {
    for (const url of ['ws://192.168.1.10:9000/ws/chat', 'wss://web.whatsapp.com/ws/chat', 'not a url']) {
      expect(() => assertLoopback(url)).toThrowError(expect.objectContaining({ code: 'sandbox_not_loopback' }))
      expect(() => trustSandboxRoot(Buffer.alloc(32, 1), url)).toThrow()
      expect(() => makeSocketTrust(url, '')).toThrow()
    }
    expect(WA_CERT_DETAILS.PUBLIC_KEY.toString('hex')).toBe(REAL_ROOT)
  })

  it('installing the sandbox root changes only this isolate: another worker keeps the real WhatsApp root', async () => {
    trustSandboxRoot(Buffer.alloc(32, 7), 'ws://127.0.0.1:1234/ws/chat')
    expect(WA_CERT_DETAILS.PUBLIC_KEY.equals(Buffer.alloc(32, 7))).toBe(true)
    const other = await new Promise<string>((resolve, reject) => {
      const w = new Worker(
        `import('@whiskeysockets/baileys').then(({ WA_CERT_DETAILS }) => require('node:worker_threads').parentPort.postMessage(Buffer.from(WA_CERT_DETAILS.PUBLIC_KEY).toString('hex')))`,
        { eval: true }
      )
      w.once('message', (m: string) => {
        void w.terminate()
        resolve(m)
      })
      w.once('error', reject)
    })
    expect(other).toBe(REAL_ROOT)
  })
})
