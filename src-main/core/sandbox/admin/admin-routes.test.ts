// The admin routes over real HTTP semantics (fastify.inject), including their error codes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import Fastify, { type FastifyInstance } from 'fastify'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SandboxNetwork } from '../sandbox-network.js'
import { sandboxAdminRoutes } from './admin-routes.js'
import { SandboxError } from '../errors.js'
import { TestClient, waitFor } from '../testing/test-client.js'

const STATUS: Record<string, number> = {
  phone_exists: 409, phone_not_found: 404, invalid_phone_number: 400, invalid_qr: 400, qr_expired: 410,
  invalid_pairing_code: 400, no_pending_pairing: 409, invalid_request: 400, instance_not_scannable: 409
}

describe('sandbox admin routes', () => {
  let net: SandboxNetwork
  let app: FastifyInstance
  const qrs = new Map<string, string>()
  beforeAll(async () => {
    net = await SandboxNetwork.open({ dataDir: mkdtempSync(join(tmpdir(), 'sb-admin-')) })
    app = Fastify()
    app.setErrorHandler((err, _req, reply) => {
      if (err instanceof SandboxError) return reply.code(STATUS[err.code] ?? 400).send({ code: err.code, message: err.message })
      const e = err as { statusCode?: number; message?: string }
      return reply.code(e.statusCode ?? 500).send({ code: 'error', message: e.message })
    })
    await app.register(sandboxAdminRoutes, { prefix: '/sandbox', network: net, resolveInstanceQr: async (id) => qrs.get(id) })
  })
  afterAll(async () => {
    await app?.close()
    await net?.close()
  })

  it('creates and lists phones; a duplicate is 409, a bad number 400', async () => {
    const r = await app.inject({ method: 'POST', url: '/sandbox/phones', payload: { phone_number: '15550000001', name: 'Alice' } })
    expect(r.statusCode).toBe(201)
    expect(r.json()).toMatchObject({ phone_number: '15550000001', name: 'Alice', jid: '15550000001@s.whatsapp.net', lid: expect.stringMatching(/@lid$/) })
    expect((await app.inject({ method: 'POST', url: '/sandbox/phones', payload: { phone_number: '15550000001', name: 'x' } })).statusCode).toBe(409)
    expect((await app.inject({ method: 'POST', url: '/sandbox/phones', payload: { phone_number: 'abc' } })).json()).toMatchObject({ code: 'invalid_phone_number' })
    expect((await app.inject({ method: 'POST', url: '/sandbox/phones', payload: {} })).statusCode).toBe(400)
    await app.inject({ method: 'POST', url: '/sandbox/phones', payload: { phone_number: 15550000002, name: 'Bob' } })
    const list = (await app.inject({ method: 'GET', url: '/sandbox/phones' })).json() as { phone_number: string; devices: unknown[] }[]
    expect(list.map((p) => p.phone_number)).toEqual(['15550000001', '15550000002'])
    expect(list[0]!.devices).toHaveLength(1)
  })

  it('scans by QR string and by instance id; unknown QR is 400, nothing to scan is 409', async () => {
    const c = new TestClient(net, 'c1')
    c.start()
    try {
      const qr = await waitFor(() => c.qrs[0], 8000, 'qr')
      qrs.set('INSTANCE0001', qr)
      expect((await app.inject({ method: 'POST', url: '/sandbox/phones/15550000001/scan', payload: { qr: 'junk' } })).statusCode).toBe(400)
      expect((await app.inject({ method: 'POST', url: '/sandbox/phones/15550000001/scan', payload: { instance_id: 'NOPE' } })).json()).toMatchObject({ code: 'instance_not_scannable' })
      const r = await app.inject({ method: 'POST', url: '/sandbox/phones/15550000001/scan', payload: { instance_id: 'INSTANCE0001' } })
      expect(r.statusCode).toBe(200)
      expect(r.json()).toMatchObject({ status: 'linked', device_id: 1, jid: '15550000001:1@s.whatsapp.net' })
      await waitFor(() => c.state === 'open', 10_000, 'open')
      expect((await app.inject({ method: 'POST', url: '/sandbox/phones/15550000001/scan', payload: { qr } })).json()).toMatchObject({ code: 'qr_expired' })
    } finally {
      c.stop()
    }
  })

  it('links by pairing code; a wrong code is 400 invalid_pairing_code', async () => {
    const c = new TestClient(net, 'c2')
    c.start()
    try {
      await waitFor(() => c.qrs[0], 8000, 'socket')
      const code = await c.sock.requestPairingCode('15550000002')
      const wrong = code === 'ZZZZZZZZ' ? 'YYYY-YYYY' : 'ZZZZ-ZZZZ'
      const bad = await app.inject({ method: 'POST', url: '/sandbox/phones/15550000002/link-code', payload: { code: wrong } })
      expect([bad.statusCode, bad.json().code]).toEqual([400, 'invalid_pairing_code'])
      const ok = await app.inject({ method: 'POST', url: '/sandbox/phones/15550000002/link-code', payload: { code: `${code.slice(0, 4)}-${code.slice(4)}` } })
      expect(ok.statusCode).toBe(200)
      await waitFor(() => c.state === 'open', 10_000, 'open')
    } finally {
      c.stop()
    }
  })

  it('the person sends and lists messages', async () => {
    const sent = await app.inject({ method: 'POST', url: '/sandbox/phones/15550000001/messages', payload: { to: '15550000002', text: 'hi Bob' } })
    expect(sent.statusCode).toBe(201)
    const { id } = sent.json() as { id: string }
    await waitFor(async () => ((await app.inject({ method: 'GET', url: '/sandbox/phones/15550000002/messages' })).json() as { id: string }[]).some((m) => m.id === id), 8000, 'Bob got it')
    const bob = (await app.inject({ method: 'GET', url: '/sandbox/phones/15550000002/messages' })).json() as Record<string, unknown>[]
    expect(bob.find((m) => m.id === id)).toMatchObject({ from: '15550000001@s.whatsapp.net', to: '15550000002@s.whatsapp.net', text: 'hi Bob', fromMe: false })
    const alice = (await app.inject({ method: 'GET', url: '/sandbox/phones/15550000001/messages' })).json() as Record<string, unknown>[]
    expect(alice.find((m) => m.id === id)).toMatchObject({ fromMe: true, text: 'hi Bob' })
    expect((await app.inject({ method: 'POST', url: '/sandbox/phones/15550000001/messages', payload: { to: '19999999999', text: 'x' } })).statusCode).toBe(404)
    expect((await app.inject({ method: 'POST', url: '/sandbox/phones/15550000001/messages', payload: { to: '15550000002' } })).statusCode).toBe(400)
  })

  it('fault injection: drop and conflict need a connected device', async () => {
    const r = await app.inject({ method: 'POST', url: '/sandbox/faults', payload: { action: 'drop', jid: '15550000001:7@s.whatsapp.net' } })
    expect(r.statusCode).toBe(400)
    expect((await app.inject({ method: 'POST', url: '/sandbox/faults', payload: { action: 'delay', delay_ms: 10 } })).statusCode).toBe(200)
    expect((await app.inject({ method: 'POST', url: '/sandbox/faults', payload: { action: 'clear' } })).statusCode).toBe(200)
  })
})
