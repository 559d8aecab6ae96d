// At-least-once across a crash of the whole core: the headless CLI (child process, sandbox network) receives
// messages, records their events, starts delivering them to a receiver that holds the requests open, and is
// SIGKILLed mid-delivery. A restarted CLI on the same data dir delivers every event (same ids), signed.
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { cliApi, startCliProcess, type CliProcess } from '../testing/cli-process.js'
import { waitUntil } from '../sandbox/testing/wait.js'
import { startReceiver, type TestReceiver } from './testing.js'
import { verifyWebhook } from './verify.js'

const token = 'crash-token-0123456789'
const secret = 'crash-core-secret'
const dataDir = mkdtempSync(join(tmpdir(), 'sb-crash-'))
const COUNT = 8

const children: ChildProcess[] = []
let receiver: TestReceiver | undefined

const startCli = (): Promise<CliProcess> =>
  startCliProcess({ dataDir, token, args: ['--plan', 'paid'], detached: true, onSpawn: (child) => children.push(child) })

const api = cliApi
const until = <T>(fn: () => Promise<T | undefined | false>, ms: number, what: string): Promise<T> => waitUntil(fn, ms, what, 100)

afterAll(async () => {
  for (const c of children) if (c.pid && c.exitCode === null && c.signalCode === null) process.kill(-c.pid, 'SIGKILL')
  await receiver?.close()
})

describe('SIGKILL of the core during webhook delivery', () => {
  it('loses nothing: after a restart every recorded event is delivered', async () => {
    const held: (() => void)[] = []
    let hold = true
    receiver = await startReceiver((_req, res) => {
      if (!hold) return void res.end('ok')
      held.push(() => res.end('late'))
    })

    let cli = await startCli()
    const id = String((await api(cli, 'POST', '/v2/session/create')).body.instance_id)
    await until(async () => (await api(cli, 'GET', `/v2/session/info?instance_id=${id}`)).body.status === 'SCAN_QR_CODE', 30_000, 'QR')
    const qr = (await api(cli, 'GET', `/v2/auth/qr?instance_id=${id}`)).body.value
    expect((await api(cli, 'POST', '/sandbox/phones', { phone_number: '15550300001', name: 'Own' })).status).toBe(201)
    expect((await api(cli, 'POST', '/sandbox/phones', { phone_number: '15550300002', name: 'Sender' })).status).toBe(201)
    expect((await api(cli, 'POST', '/sandbox/phones/15550300001/scan', { qr })).status).toBe(200)
    await until(async () => (await api(cli, 'GET', `/v2/session/info?instance_id=${id}`)).body.status === 'WORKING', 30_000, 'WORKING')
    const set = await api(cli, 'POST', `/v2/webhook/set?instance_id=${id}`, { url: receiver.url, events: ['message'], hmac: secret, retries: { delay: 0.2, attempts: 20 } })
    expect(set.status).toBe(200)

    for (let i = 0; i < COUNT; i++) {
      expect((await api(cli, 'POST', '/sandbox/phones/15550300002/messages', { to: '15550300001', text: `crash ${i}` })).status).toBe(201)
    }
    // Every message's event is recorded (committed with its store row) ...
    const recorded = await until(async () => {
      const events = (await api(cli, 'GET', `/v2/webhook/events?instance_id=${id}&event=message`)).body.events as { id: string }[]
      return events.length === COUNT && events.map((e) => e.id)
    }, 20_000, 'recorded events')
    // ... and deliveries are in flight (held open by the receiver) when the core dies.
    await receiver.waitFor(() => held.length >= 2, 20_000)
    process.kill(-cli.child.pid!, 'SIGKILL')
    await cli.exited
    hold = false
    for (const release of held) release()

    cli = await startCli()
    await receiver.waitFor((reqs) => recorded.every((eid) => reqs.some((r) => r.headers['webhook-id'] === eid)), 45_000)
    const delivered = receiver.requests.map((r) => verifyWebhook<{ id: string; event: string; payload: { body: string } }>(r.headers, r.body, secret))
    expect(new Set(delivered.map((e) => e.id))).toEqual(new Set(recorded))
    expect(new Set(delivered.map((e) => e.payload.body))).toEqual(new Set(Array.from({ length: COUNT }, (_, i) => `crash ${i}`)))
    const log = await until(async () => {
      const body = (await api(cli, 'GET', `/v2/webhook/deliveries?instance_id=${id}`)).body as { counts: Record<string, number> }
      return body.counts.delivered === COUNT && body
    }, 10_000, 'delivered counts')
    expect(log.counts).toMatchObject({ pending: 0, in_flight: 0, dead: 0 })
    cli.child.kill('SIGTERM')
    await cli.exited
  })
})
