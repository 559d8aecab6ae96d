// Test harness: a real core (startCore) on a temp data dir and port 0, with captured log lines, an inject()
// that sends the right Host header, and polling helpers. `offline` points Baileys at a closed local port
// (connection refused) for tests that need no network; `sandbox` runs the real sandbox network.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { createCoreLogger } from '../logging/logger.js'
import { startCore, type CoreHandle, type CoreOptions } from '../start-core.js'
import { waitUntil } from '../sandbox/testing/wait.js'

export interface TestCore {
  core: CoreHandle
  token: string
  dataDir: string
  logLines: string[]
  inject(options: InjectOptions): Promise<LightMyRequestResponse>
  /** JSON body of an authenticated call with credentials in the query. */
  call(method: InjectOptions['method'], path: string, params?: Record<string, string>, body?: unknown): Promise<LightMyRequestResponse>
  createInstance(): Promise<string>
  waitForStatus(instanceId: string, status: string, ms?: number): Promise<void>
  close(): Promise<void>
}

export type TestNetwork = 'sandbox' | 'offline'

export async function startTestCore(
  network: TestNetwork,
  options: Partial<CoreOptions> & { dataDir?: string; /** Of the captured log (default info). */ logLevel?: string } = {}
): Promise<TestCore> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'sb-core-'))
  const token = options.accessToken ?? `test-token-${Math.random().toString(36).slice(2)}`
  const logLines: string[] = []
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean))
      done()
    }
  })
  const logger = createCoreLogger({ level: options.logLevel ?? 'info', destination: sink })
  const core = await startCore({
    port: 0,
    ...options,
    dataDir,
    accessToken: token,
    logger: options.logger ?? logger,
    network: network === 'sandbox' ? 'sandbox' : 'whatsapp',
    engine: {
      ...options.engine,
      socketConfig: {
        connectTimeoutMs: 5_000,
        defaultQueryTimeoutMs: 10_000,
        ...(network === 'offline' ? { waWebSocketUrl: 'ws://127.0.0.1:9/ws/chat' } : {}),
        ...options.engine?.socketConfig
      }
    }
  })
  const host = `127.0.0.1:${core.port}`
  const inject = (o: InjectOptions) => core.app.inject({ ...o, headers: { host, ...o.headers } })
  const call: TestCore['call'] = (method, path, params = {}, body) => {
    const query = new URLSearchParams({ access_token: token, ...params }).toString()
    return inject({ method, url: `${path}?${query}`, ...(body === undefined ? {} : { payload: body as Record<string, unknown> }) })
  }
  const waitForStatus = async (instanceId: string, status: string, ms = 20_000) => {
    await waitUntil(() => core.instances.view(instanceId)?.status === status, ms, `${instanceId} ${status} (is ${core.instances.view(instanceId)?.status})`)
  }
  return {
    core,
    token,
    dataDir,
    logLines,
    inject,
    call,
    waitForStatus,
    async createInstance() {
      const res = await call('POST', '/v2/session/create')
      if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`)
      return (res.json() as { instance_id: string }).instance_id
    },
    close: () => core.close()
  }
}

export { waitUntil }

/**
 * A WORKING instance linked to a simulated phone (created if missing) by a real QR scan on the sandbox.
 * Returns the instance id; the phone's person is then the instance's own account (its "phone").
 */
export async function pairInstance(t: TestCore, phone: string, name = `Phone ${phone.slice(-4)}`): Promise<string> {
  const sandbox = t.core.sandbox
  if (!sandbox) throw new Error('pairInstance needs a sandbox core')
  if (!sandbox.getPhone(phone)) await sandbox.createPhone({ phoneNumber: phone, name })
  const id = await t.createInstance()
  await t.waitForStatus(id, 'SCAN_QR_CODE')
  const qr = await waitUntil(() => t.core.instances.qr(id)?.qr, 10_000, `${id} qr`)
  await sandbox.scanQr(phone, qr)
  await t.waitForStatus(id, 'WORKING', 20_000)
  return id
}
