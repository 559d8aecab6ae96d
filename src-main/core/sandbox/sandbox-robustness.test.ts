// Bad input before and during the handshake never takes the sandbox down: garbage and oversized frames close
// only that connection, a silent or stalled one is closed at the handshake timeout, bad QR strings and wrong
// codes are clean errors, and a real client still works afterwards. (After the handshake: sandbox-bad-input.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import WebSocket from 'ws'
import { NOISE_WA_HEADER } from '@whiskeysockets/baileys'
import { SandboxNetwork } from './sandbox-network.js'
import { CLOSE } from './server/connection.js'
import { MAX_WS_PAYLOAD } from './transport/ws-listener.js'
import { TestClient, waitFor } from './testing/test-client.js'

const HANDSHAKE_TIMEOUT_MS = 1000

/** Sends raw bytes and resolves with the close code once the server hangs up (the test times out otherwise). */
function sendRaw(url: string, chunks: Buffer[]): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url)
    ws.on('open', () => chunks.forEach((c) => ws.send(c)))
    ws.on('close', (code) => resolve(code))
    ws.on('error', () => undefined)
  })
}

const frame = (payload: Buffer) => Buffer.concat([Buffer.from([(payload.length >> 16) & 255, (payload.length >> 8) & 255, payload.length & 255]), payload])

describe('sandbox robustness', () => {
  let net: SandboxNetwork
  beforeAll(async () => {
    net = await SandboxNetwork.open({ dataDir: mkdtempSync(join(tmpdir(), 'sb-rob-')), handshakeTimeoutMs: HANDSHAKE_TIMEOUT_MS })
    await net.createPhone({ phoneNumber: '15550000001', name: 'Alice' })
  })
  afterAll(async () => net?.close())

  it('closes connections that send garbage, a wrong intro, or an undecodable handshake, as protocol errors', async () => {
    expect(await sendRaw(net.wsUrl, [randomBytes(64)])).toBe(CLOSE.protocolError)
    expect(await sendRaw(net.wsUrl, [Buffer.from('GET / HTTP/1.1\r\n\r\n')])).toBe(CLOSE.protocolError)
    expect(await sendRaw(net.wsUrl, [Buffer.concat([Buffer.from(NOISE_WA_HEADER), frame(randomBytes(40))])])).toBe(CLOSE.protocolError)
    // A ClientHello with a wrong-sized ephemeral key.
    const badHello = Buffer.from([0x12, 0x04, 0x0a, 0x02, 0x01, 0x02])
    expect(await sendRaw(net.wsUrl, [Buffer.concat([Buffer.from(NOISE_WA_HEADER), frame(badHello)])])).toBe(CLOSE.protocolError)
  })

  it('a silent connection (nothing sent after connecting) is closed at the handshake timeout', async () => {
    const t0 = Date.now()
    expect(await sendRaw(net.wsUrl, [])).toBe(CLOSE.handshakeTimeout)
    expect(Date.now() - t0).toBeGreaterThanOrEqual(HANDSHAKE_TIMEOUT_MS - 50)
  })

  it('a partial frame that never completes is closed at the handshake timeout, not crashed on', async () => {
    const t0 = Date.now()
    expect(await sendRaw(net.wsUrl, [Buffer.concat([Buffer.from(NOISE_WA_HEADER), Buffer.from([0x00, 0x10])])])).toBe(CLOSE.handshakeTimeout)
    expect(Date.now() - t0).toBeGreaterThanOrEqual(HANDSHAKE_TIMEOUT_MS - 50)
  })

  it('oversized input is refused at once: a frame announced beyond the limit, a websocket message beyond it', async () => {
    const announced = Buffer.from([(MAX_WS_PAYLOAD + 1) >> 16, ((MAX_WS_PAYLOAD + 1) >> 8) & 255, (MAX_WS_PAYLOAD + 1) & 255])
    expect(await sendRaw(net.wsUrl, [Buffer.concat([Buffer.from(NOISE_WA_HEADER), announced, randomBytes(16)])])).toBe(CLOSE.protocolError)
    expect(await sendRaw(net.wsUrl, [Buffer.alloc(MAX_WS_PAYLOAD + 1)])).toBe(1009)
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
