// The media host keeps idle keep-alive connections longer than clients do (issue 14's lost history chunks: with
// Node's 5 s default a lagging client reused a socket the server had just closed, and Baileys lost the chunk).
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { connect, type TLSSocket } from 'node:tls'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SandboxNetwork } from '../sandbox-network.js'

describe('sandbox media host keep-alive', () => {
  let net: SandboxNetwork
  beforeAll(async () => {
    net = await SandboxNetwork.open({ dataDir: mkdtempSync(join(tmpdir(), 'sb-media-ka-')) })
  })
  afterAll(() => net.close())

  it('answers a second request on the same connection after 6 s idle (the server did not close it)', { timeout: 30_000 }, async () => {
    const [host, port] = net.mediaHost.split(':') as [string, string]
    const socket: TLSSocket = connect({ host, port: Number(port), ca: net.mediaCaPem, servername: 'localhost', checkServerIdentity: () => undefined })
    await new Promise<void>((resolve, reject) => socket.once('secureConnect', resolve).once('error', reject))
    let received = ''
    let closed = false
    socket.on('data', (d: Buffer) => (received += d.toString('latin1')))
    socket.on('close', () => (closed = true))
    const get = async () => {
      received = ''
      socket.write(`GET /m/hist-missing HTTP/1.1\r\nHost: ${net.mediaHost}\r\nConnection: keep-alive\r\n\r\n`)
      for (let i = 0; i < 200 && !received.includes('\r\n\r\n'); i++) await new Promise((r) => setTimeout(r, 25))
      return received.split('\r\n')[0]
    }
    expect(await get()).toBe('HTTP/1.1 404 Not Found')
    await new Promise((r) => setTimeout(r, 6_000))
    expect(closed).toBe(false)
    expect(await get()).toBe('HTTP/1.1 404 Not Found')
    socket.destroy()
  })
})
