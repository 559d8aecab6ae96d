// Full stack: the headless CLI as a child process on the sandbox network, driven over HTTP only.
import { existsSync, mkdtempSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { cliApi, startCliProcess, type CliProcess } from './core/testing/cli-process.js'

const token = 'fullstack-token-0123456789'
const dataDir = mkdtempSync(join(tmpdir(), 'sb-cli-'))

const startCli = () => startCliProcess({ dataDir, token, env: { ...process.env, SWITCHBOARD_LOG_LEVEL: 'info' } })

const running: CliProcess[] = []
afterAll(() => {
  for (const c of running) if (c.child.exitCode === null) c.child.kill('SIGKILL')
})

const api = cliApi

async function waitStatus(cli: CliProcess, id: string, status: string, ms = 30_000) {
  const deadline = Date.now() + ms
  let last = ''
  while (Date.now() < deadline) {
    last = String((await api(cli, 'GET', `/v2/session/info?instance_id=${id}`)).body.status)
    if (last === status) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`${id} never reached ${status} (last ${last})`)
}

describe('headless CLI on the sandbox (child process)', () => {
  let cli: CliProcess
  let paired: string

  it('starts, prints the listening line and answers /health without credentials', async () => {
    cli = await startCli()
    running.push(cli)
    expect(cli.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const health = await fetch(`${cli.url}/health`)
    expect(health.status).toBe(200)
    expect(await health.json()).toEqual({ status: 'ok' })
  })

  it('pairs by QR: create -> start -> /v2/auth/qr -> sandbox phone scans -> WORKING', async () => {
    const created = await api(cli, 'POST', '/v2/session/create')
    expect(created.status).toBe(201)
    paired = String(created.body.instance_id)
    expect((await api(cli, 'POST', `/v2/session/start?instance_id=${paired}`)).status).toBe(200)
    await waitStatus(cli, paired, 'SCAN_QR_CODE')
    const qr = await api(cli, 'GET', `/v2/auth/qr?instance_id=${paired}`)
    expect(qr.status).toBe(200)
    expect((await api(cli, 'POST', '/sandbox/phones', { phone_number: '15558880001', name: 'Quinn' })).status).toBe(201)
    const scan = await api(cli, 'POST', '/sandbox/phones/15558880001/scan', { qr: qr.body.value })
    expect(scan.status).toBe(200)
    await waitStatus(cli, paired, 'WORKING')
  })

  it('pairs by pairing code, then logs out (device unlinked) and deletes', async () => {
    const id = String((await api(cli, 'POST', '/v2/session/create')).body.instance_id)
    await waitStatus(cli, id, 'SCAN_QR_CODE')
    expect((await api(cli, 'POST', '/sandbox/phones', { phone_number: '15558880002', name: 'Rita' })).status).toBe(201)
    const code = await api(cli, 'POST', `/v2/auth/request-code?instance_id=${id}`, { phone_number: '15558880002' })
    expect(code.status).toBe(200)
    expect(code.body.code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/)
    expect((await api(cli, 'POST', '/sandbox/phones/15558880002/link-code', { code: code.body.code })).status).toBe(200)
    await waitStatus(cli, id, 'WORKING')

    const logout = await api(cli, 'POST', `/v2/session/logout?instance_id=${id}`)
    expect(logout.body).toMatchObject({ status: 'SCAN_QR_CODE', instance_id: id })
    const phones = (await api(cli, 'GET', '/sandbox/phones')).body as unknown as { phone_number: string; devices: { kind: string }[] }[]
    expect(phones.find((p) => p.phone_number === '15558880002')!.devices.filter((d) => d.kind === 'companion')).toHaveLength(0)
    await waitStatus(cli, id, 'SCAN_QR_CODE')

    const del = await api(cli, 'DELETE', `/v2/session/delete?instance_id=${id}`)
    expect(del.body).toMatchObject({ status: 'DELETED', instance_id: id })
    expect((await api(cli, 'GET', `/v2/session/info?instance_id=${id}`)).status).toBe(404)
  })

  it('after SIGKILL, a restarted CLI resumes the paired instance to WORKING with no scan', async () => {
    const killed = cli
    killed.child.kill('SIGKILL')
    await killed.exited
    // The core itself is gone (not only a wrapper): its port no longer answers.
    await expect(fetch(`${killed.url}/health`)).rejects.toThrow()
    cli = await startCli()
    running.push(cli)
    await waitStatus(cli, paired, 'WORKING', 45_000)
    const me = await api(cli, 'GET', `/v2/session/me?instance_id=${paired}`)
    expect(me.body.id).toBe('15558880001@c.us')
  })

  it('shuts down cleanly on SIGTERM (exit 0, WAL checkpointed)', async () => {
    cli.child.kill('SIGTERM')
    expect(await cli.exited).toBe(0)
    const wal = join(dataDir, 'switchboard.db-wal')
    expect(!existsSync(wal) || statSync(wal).size === 0).toBe(true)
  })
})
