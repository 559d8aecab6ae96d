// Accepted sends survive a crash (issue 10 item 6), through the headless CLI on the sandbox network: with the
// strict policy every send right after WORKING is queued (202, protection window); the core is SIGKILLed, started
// again on the same data dir, and each queued send reaches the recipient's phone once, in order, with the id of
// its 202 (an image's bytes included, though the URL it came from is gone). Then the restart operation purges the
// queue, and each purged send gets its failed message.ack webhook (ack -1, purged_by_restart) and never arrives.
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { sha } from '../../testing/media-fixtures.js'
import { cliApi as api, startCliProcess, type CliProcess } from '../../testing/cli-process.js'
import { waitUntil } from '../../sandbox/testing/wait.js'
import { startReceiver, type TestReceiver } from '../../webhooks/testing.js'
import { verifyWebhook } from '../../webhooks/verify.js'

const token = 'durable-queue-token-0123'
const secret = 'durable-queue-secret'
const dataDir = mkdtempSync(join(tmpdir(), 'sb-durable-'))
const ME = '15550310001'
const PEER = '15550310002'
const TEXTS = ['durable 1', 'durable 2', 'durable 3']

const children: ChildProcess[] = []
let receiver: TestReceiver | undefined
// The strict policy's protection window shortened from 60 s (the operator's knob): long enough for the sends and the
// crash to happen inside it on a loaded machine, short enough not to wait out a minute after the restart.
const PROTECTION_SECONDS = 15
const startCli = (): Promise<CliProcess> =>
  startCliProcess({
    dataDir, token, args: ['--plan', 'paid'], detached: true, onSpawn: (c) => children.push(c),
    env: { ...process.env, SWITCHBOARD_ACCOUNT_PROTECTION_SECONDS: String(PROTECTION_SECONDS) }
  })
const until = <T>(fn: () => Promise<T | undefined | false>, ms: number, what: string): Promise<T> => waitUntil(fn, ms, what, 200)

interface PhoneMessage {
  id: string
  type: string
  text: string | null
  fromMe: boolean
  media: { mimetype: string | null } | null
}
interface AckHook {
  event: string
  payload: { id: string; ack: number; fromMe: boolean; error?: { code: string; reason: string; message: string } }
}

afterAll(async () => {
  for (const c of children) if (c.pid && c.exitCode === null && c.signalCode === null) process.kill(-c.pid, 'SIGKILL')
  await receiver?.close()
})

describe('queued sends across a SIGKILL of the core', () => {
  it('go out after the restart, once, in order, with their ids; the restart operation purges with a failed ack each', async () => {
    receiver = await startReceiver()
    const { Jimp } = await import('jimp')
    const jpg = await new Jimp({ width: 24, height: 16, color: 0x2266ccff }).getBuffer('image/jpeg')
    const files = createServer((_req, res) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpg))
    await new Promise<void>((r) => files.listen(0, '127.0.0.1', r))
    const fileUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}/photo.jpg`

    let cli = await startCli()
    const id = String((await api(cli, 'POST', '/v2/session/create')).body.instance_id)
    await until(async () => (await api(cli, 'GET', `/v2/session/info?instance_id=${id}`)).body.status === 'SCAN_QR_CODE', 30_000, 'QR')
    const qr = (await api(cli, 'GET', `/v2/auth/qr?instance_id=${id}`)).body.value
    expect((await api(cli, 'POST', '/sandbox/phones', { phone_number: ME, name: 'Own' })).status).toBe(201)
    expect((await api(cli, 'POST', '/sandbox/phones', { phone_number: PEER, name: 'Peer' })).status).toBe(201)
    expect((await api(cli, 'POST', `/sandbox/phones/${ME}/scan`, { qr })).status).toBe(200)
    await until(async () => (await api(cli, 'GET', `/v2/session/info?instance_id=${id}`)).body.status === 'WORKING', 30_000, 'WORKING')
    const hook = await api(cli, 'POST', `/v2/webhook/set?instance_id=${id}`, { url: receiver.url, events: ['message.ack'], hmac: secret, retries: { delay: 0.2, attempts: 20 } })
    expect(hook.status).toBe(200)

    // Strict policy, just after WORKING: the protection window queues every send (202 with its final id).
    const accepted: string[] = []
    for (const text of TEXTS.slice(0, 2)) {
      const r = await api(cli, 'POST', `/v2/send/text?instance_id=${id}`, { chatId: `${PEER}@c.us`, message: text })
      expect(r.status, JSON.stringify(r.body)).toBe(202)
      expect(r.body).toMatchObject({ status: 'queued', reason: 'protection' })
      // The first waits out the shortened window only (not the policy's 60 s); the next are 7.5 s apart after it.
      if (accepted.length === 0) expect(r.body.eta_ms).toBeLessThanOrEqual(PROTECTION_SECONDS * 1000)
      accepted.push(String((r.body.key as { id: string }).id))
    }
    const image = await api(cli, 'POST', `/v2/send/image?instance_id=${id}`, { chatId: `${PEER}@c.us`, file: { url: fileUrl }, caption: 'durable image' })
    expect(image.status, JSON.stringify(image.body)).toBe(202)
    accepted.push(String((image.body.key as { id: string }).id))
    const last = await api(cli, 'POST', `/v2/send/text?instance_id=${id}`, { chatId: `${PEER}@c.us`, message: TEXTS[2] })
    expect(last.status).toBe(202)
    accepted.push(String((last.body.key as { id: string }).id))
    const fate = async (c: CliProcess, messageId: string) =>
      ((await api(c, 'GET', `/v2/send/queue?instance_id=${id}&messageId=${messageId}`)).body.message as { status: string } | undefined)?.status
    expect(await fate(cli, accepted[0]!)).toBe('queued')

    // The crash; the image's URL goes away with it (the send must not depend on fetching it again).
    process.kill(-cli.child.pid!, 'SIGKILL')
    await cli.exited
    await new Promise<void>((r) => files.close(() => r()))

    cli = await startCli()
    await until(async () => (await api(cli, 'GET', `/v2/session/info?instance_id=${id}`)).body.status === 'WORKING', 30_000, 'WORKING again')
    expect(await fate(cli, accepted[0]!)).toBe('queued') // kept, not failed: waits for the new protection window
    const inbox = async (c: CliProcess) =>
      ((await api(c, 'GET', `/sandbox/phones/${PEER}/messages`)).body as unknown as PhoneMessage[]).filter((m) => !m.fromMe)
    // The protection window after this WORKING, then one every 7.5 s (strict).
    const got = await until(async () => {
      const all = await inbox(cli)
      return all.length >= accepted.length && all
    }, 150_000, 'the queued sends at the phone')
    expect(got.map((m) => m.id)).toEqual(accepted)
    expect(got.map((m) => m.text)).toEqual([TEXTS[0], TEXTS[1], 'durable image', TEXTS[2]])
    expect(got[2]!.type).toBe('image')
    const bytes = Buffer.from(await (await fetch(`${cli.url}/sandbox/phones/${PEER}/messages/${accepted[2]}/media`, { headers: { 'access-token': token } })).arrayBuffer())
    expect(sha(bytes)).toBe(sha(jpg))
    for (const m of accepted) await until(async () => (await fate(cli, m)) === 'sent', 20_000, `${m} marked sent`)

    // Now the pacing (one per 7.5 s) queues again: the restart operation purges what waits.
    const purged: string[] = []
    for (let i = 0; i < 3; i++) {
      const r = await api(cli, 'POST', `/v2/send/text?instance_id=${id}`, { chatId: `${PEER}@c.us`, message: `purged ${i}` })
      expect([200, 202]).toContain(r.status)
      if (r.status === 202) purged.push(String((r.body.key as { id: string }).id))
    }
    expect(purged.length).toBeGreaterThanOrEqual(2)
    expect((await api(cli, 'POST', `/v2/session/restart?instance_id=${id}`)).status).toBe(200)
    for (const m of purged) expect(await fate(cli, m)).toBe('purged')
    await receiver.waitFor((reqs) => purged.every((m) => reqs.some((r) => r.body.includes(m) && r.body.includes('purged_by_restart'))), 30_000)
    const failed = receiver.requests
      .map((r) => verifyWebhook<AckHook['payload']>(r.headers, r.body, secret) as unknown as AckHook)
      .filter((e) => e.payload.ack === -1)
    for (const m of purged) {
      const e = failed.filter((f) => f.payload.id.endsWith(`_${m}`))
      expect(e).toHaveLength(1)
      expect(e[0]).toMatchObject({ event: 'message.ack', payload: { ack: -1, fromMe: true, error: { code: 'queue_purged', reason: 'purged_by_restart' } } })
    }
    // The accepted ones were never reported failed.
    for (const m of accepted) expect(failed.some((f) => f.payload.id.endsWith(`_${m}`))).toBe(false)
    // Purged sends never go, even after the instance is back.
    await until(async () => (await api(cli, 'GET', `/v2/session/info?instance_id=${id}`)).body.status === 'WORKING', 30_000, 'WORKING after restart')
    await new Promise((r) => setTimeout(r, 2_000))
    expect((await inbox(cli)).map((m) => m.id).filter((m) => purged.includes(m))).toEqual([])
    // Exactly once: nothing sent twice across the crash.
    expect(new Set((await inbox(cli)).map((m) => m.id)).size).toBe((await inbox(cli)).length)
    cli.child.kill('SIGTERM')
    await cli.exited
  }, 300_000)
})
