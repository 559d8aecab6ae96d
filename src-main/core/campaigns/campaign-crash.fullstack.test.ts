// Every recipient at most once, none lost, across a SIGKILL of the whole core mid-campaign: the headless CLI
// (child process, sandbox network) runs a campaign and is killed while it sends; a restarted CLI on the same data
// dir finishes it by itself. Counted on the simulated phones: no phone gets the message twice, and every phone
// without it is accounted for (a send cut while on the wire is failed send_interrupted, never resent).
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { cliApi as api, startCliProcess, type CliProcess } from '../testing/cli-process.js'
import { waitUntil } from '../sandbox/testing/wait.js'

const token = 'campaign-crash-token-0123456789'
const dataDir = mkdtempSync(join(tmpdir(), 'sb-campaign-crash-'))
const US = '15550160001'
const COUNT = 14
const phones = Array.from({ length: COUNT }, (_, i) => `155501601${String(i).padStart(2, '0')}`)

const children: ChildProcess[] = []
const startCli = (): Promise<CliProcess> => startCliProcess({ dataDir, token, args: ['--plan', 'paid'], detached: true, onSpawn: (child) => children.push(child) })
const until = <T>(fn: () => Promise<T | undefined | false>, ms: number, what: string): Promise<T> => waitUntil(fn, ms, what, 100)

afterAll(() => {
  for (const c of children) if (c.pid && c.exitCode === null && c.signalCode === null) process.kill(-c.pid, 'SIGKILL')
})

describe('SIGKILL of the core during a campaign', () => {
  it('sends every recipient at most once and loses none', async () => {
    let cli = await startCli()
    const id = String((await api(cli, 'POST', '/v2/session/create')).body.instance_id)
    await until(async () => (await api(cli, 'GET', `/v2/session/info?instance_id=${id}`)).body.status === 'SCAN_QR_CODE', 30_000, 'QR')
    const qr = (await api(cli, 'GET', `/v2/auth/qr?instance_id=${id}`)).body.value
    for (const p of [US, ...phones]) expect((await api(cli, 'POST', '/sandbox/phones', { phone_number: p, name: `P${p.slice(-2)}` })).status).toBe(201)
    expect((await api(cli, 'POST', `/sandbox/phones/${US}/scan`, { qr })).status).toBe(200)
    await until(async () => (await api(cli, 'GET', `/v2/session/info?instance_id=${id}`)).body.status === 'WORKING', 30_000, 'WORKING')
    expect((await api(cli, 'PATCH', `/v2/session/rate-limit?instance_id=${id}&policy_slug=unlimited`)).status).toBe(200)

    const list = await api(cli, 'POST', '/v2/campaigns/lists', { name: 'Crash', rows: phones.map((p, i) => ({ phone: `+${p}`, name: `N${i}` })) })
    expect(list.status).toBe(201)
    const draft = await api(cli, 'POST', '/v2/campaigns', {
      name: 'Crash test', listId: (list.body.list as { id: string }).id, instanceIds: [id], template: { text: 'Crash campaign for {{name}}' },
      pacing: { minDelayMs: 150, maxDelayMs: 400, dailyCapPerNumber: null, warmup: false }
    })
    expect(draft.status).toBe(201)
    const cid = String(draft.body.id)
    expect((await api(cli, 'POST', `/v2/campaigns/${cid}/start`, { consent: { confirmed: true } })).status).toBe(200)
    const settled = async () => {
      const c = (await api(cli, 'GET', `/v2/campaigns/${cid}`)).body as { stats: { counts: Record<'sent' | 'delivered' | 'read' | 'queued' | 'pending', number> }; campaign: { state: string } }
      return c
    }
    // Kill it mid-campaign: some recipients sent, most not.
    await until(async () => {
      const { counts } = (await settled()).stats
      return counts.sent + counts.delivered + counts.read + counts.queued >= 4
    }, 60_000, 'a few sent')
    process.kill(-cli.child.pid!, 'SIGKILL')
    await cli.exited

    cli = await startCli()
    await until(async () => (await api(cli, 'GET', `/v2/session/info?instance_id=${id}`)).body.status === 'WORKING', 30_000, 'WORKING again')
    const done = await until(async () => {
      const c = await settled()
      return c.campaign.state === 'completed' && c
    }, 90_000, 'campaign completed after the restart')

    // On the phones: nobody twice; whoever has nothing is a recipient failed send_interrupted (cut on the wire).
    const got = new Map<string, number>()
    for (const p of phones) {
      const msgs = (await fetch(`${cli.url}/sandbox/phones/${p}/messages`, { headers: { 'access-token': token } }).then((r) => r.json())) as { text: string | null; fromMe: boolean }[]
      got.set(p, msgs.filter((m) => !m.fromMe && m.text?.startsWith('Crash campaign for')).length)
    }
    const twice = [...got].filter(([, n]) => n > 1)
    expect(twice).toEqual([])
    const recipients = (await api(cli, 'GET', `/v2/campaigns/${cid}/recipients?limit=100`)).body.items as { phone: string; state: string; reason: string | null }[]
    const missing = [...got].filter(([, n]) => n === 0).map(([p]) => p)
    const interrupted = recipients.filter((r) => r.state === 'failed' && r.reason === 'send_interrupted').map((r) => r.phone)
    for (const p of missing) expect(interrupted, `${p} got nothing and is not accounted for`).toContain(p)
    expect(interrupted.length).toBeLessThanOrEqual(1)
    expect(done.stats.counts.pending + done.stats.counts.queued).toBe(0)
    expect(recipients.filter((r) => ['sent', 'delivered', 'read'].includes(r.state)).length).toBe(COUNT - interrupted.length)
  }, 240_000)
})
