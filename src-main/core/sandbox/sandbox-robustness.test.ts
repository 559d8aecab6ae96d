// Bad input never takes the sandbox down: garbage frames close only that connection, bad QR strings and
// wrong codes are clean errors, and a real client still works afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import WebSocket from 'ws'
import { NOISE_WA_HEADER } from '@whiskeysockets/baileys'
import { SandboxNetwork } from './sandbox-network.js'
import { TestClient, waitFor } from './testing/test-client.js'

/** Sends raw bytes and resolves when the server closes the socket (or after `ms`, with false). */
function sendRaw(url: string, chunks: Buffer[], ms = 3000): Promise<boolean> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url)
    const t = setTimeout(() => {
      ws.terminate()
      resolve(false)
    }, ms)
    ws.on('open', () => chunks.forEach((c) => ws.send(c)))
    ws.on('close', () => {
      clearTimeout(t)
      resolve(true)
    })
    ws.on('error', () => undefined)
  })
}

const frame = (payload: Buffer) => Buffer.concat([Buffer.from([(payload.length >> 16) & 255, (payload.length >> 8) & 255, payload.length & 255]), payload])

describe('sandbox robustness', () => {
  let net: SandboxNetwork
  beforeAll(async () => {
    net = await SandboxNetwork.open({ dataDir: mkdtempSync(join(tmpdir(), 'sb-rob-')) })
    await net.createPhone({ phoneNumber: '15550000001', name: 'Alice' })
  })
  afterAll(async () => net?.close())

  it('closes connections that send garbage, a wrong intro, or an undecodable handshake', async () => {
    expect(await sendRaw(net.wsUrl, [randomBytes(64)])).toBe(true)
    expect(await sendRaw(net.wsUrl, [Buffer.from('GET / HTTP/1.1\r\n\r\n')])).toBe(true)
    expect(await sendRaw(net.wsUrl, [Buffer.concat([Buffer.from(NOISE_WA_HEADER), frame(randomBytes(40))])])).toBe(true)
    // A ClientHello with a wrong-sized ephemeral key.
    const badHello = Buffer.from([0x12, 0x04, 0x0a, 0x02, 0x01, 0x02])
    expect(await sendRaw(net.wsUrl, [Buffer.concat([Buffer.from(NOISE_WA_HEADER), frame(badHello)])])).toBe(true)
  })

  it('survives fragmentary input: a partial frame that never completes is dropped at the handshake timeout, not crashed on', async () => {
    const closedEarly = await sendRaw(net.wsUrl, [Buffer.concat([Buffer.from(NOISE_WA_HEADER), Buffer.from([0x00, 0x10])])], 500)
    expect(closedEarly).toBe(false)
  })

  it('rejects bad QR strings with clean errors', async () => {
    await expect(net.scanQr('15550000001', 'not a qr')).rejects.toMatchObject({ code: 'invalid_qr' })
    await expect(net.scanQr('15550000001', 'a,b,c,d')).rejects.toMatchObject({ code: 'invalid_qr' })
    const k = randomBytes(32).toString('base64')
    await expect(net.scanQr('15550000001', `2@unknown,${k},${k},${k},1`)).rejects.toMatchObject({ code: 'invalid_qr' })
    await expect(net.scanQr('15559999999', `2@unknown,${k},${k},${k},1`)).rejects.toMatchObject({ code: 'phone_not_found' })
    await expect(net.scanQr('15550000001', '')).rejects.toMatchObject({ code: 'invalid_request' })
  })

  it('a QR whose device went away is "expired"; a QR cannot be scanned into a different device', async () => {
    const c = new TestClient(net, 'gone')
    c.start()
    const qr = await waitFor(() => c.qrs[0], 8000, 'qr')
    const [ref, , identity, adv] = qr.slice(qr.indexOf('#') + 1).split(',')
    await expect(net.scanQr('15550000001', `${ref},${randomBytes(32).toString('base64')},${identity},${adv}`)).rejects.toMatchObject({ code: 'invalid_qr' })
    c.stop()
    await waitFor(() => c.state === 'close', 5000, 'closed')
    await waitFor(async () => net.scanQr('15550000001', qr).then(() => false, (e: { code?: string }) => e.code === 'qr_expired'), 5000, 'expired')
  })

  it('rejects malformed, unrequested and wrong pairing codes', async () => {
    await expect(net.enterPairingCode('15550000001', 'abc')).rejects.toMatchObject({ code: 'invalid_pairing_code' })
    await expect(net.enterPairingCode('15550000001', 'ABCD-EFGH')).rejects.toMatchObject({ code: 'no_pending_pairing' })
    await expect(net.enterPairingCode('nope', 'ABCD-EFGH')).rejects.toMatchObject({ code: 'invalid_phone_number' })
  })

  it('validates new phones', async () => {
    await expect(net.createPhone({ phoneNumber: '12ab' })).rejects.toMatchObject({ code: 'invalid_phone_number' })
    await expect(net.createPhone({ phoneNumber: '15550000001' })).rejects.toMatchObject({ code: 'phone_exists' })
  })

  it('still pairs and serves a real client after all of that', async () => {
    const c = new TestClient(net, 'ok')
    try {
      await c.pairByQr('15550000001')
      expect(c.auth.creds.me?.id).toMatch(/^15550000001:\d+@s\.whatsapp\.net$/)
    } finally {
      c.stop()
    }
  })
})
