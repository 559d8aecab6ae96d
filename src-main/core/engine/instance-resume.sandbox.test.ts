// Boot resume in bounded concurrency (issue 14): paired instances come back WORKING without a scan, but never more
// than `resume.concurrency` of them hold a connecting socket to the sandbox at once (counted on the wire by a TCP
// relay in front of the sandbox's websocket). A stop while queued is honoured.
import { mkdtempSync } from 'node:fs'
import { createServer, connect, type Server, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { SessionStatusEvent } from '../domain/events.js'
import { pairInstance, startTestCore, waitUntil } from '../testing/core-harness.js'

/** Pipes every TCP connection to `target`; counts the ones open now. */
async function relay(targetPort: number): Promise<{ port: number; live: () => number; total: () => number; server: Server }> {
  const open = new Set<Socket>()
  let total = 0
  const server = createServer((client) => {
    total++
    open.add(client)
    const upstream = connect(targetPort, '127.0.0.1')
    client.pipe(upstream).pipe(client)
    const end = () => {
      open.delete(client)
      client.destroy()
      upstream.destroy()
    }
    client.on('close', end).on('error', end)
    upstream.on('close', end).on('error', end)
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const a = server.address()
  return { port: typeof a === 'object' && a ? a.port : 0, live: () => open.size, total: () => total, server }
}

describe('resume on boot', () => {
  it('resumes paired instances a bounded number at a time, all WORKING without a scan; a stop while queued wins', { timeout: 240_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sb-resume-bound-'))
    let t = await startTestCore('sandbox', { dataDir, plan: 'paid' })
    const ids: string[] = []
    let sandboxPort: number
    try {
      for (let i = 0; i < 6; i++) ids.push(await pairInstance(t, `155577701${String(i).padStart(2, '0')}`))
      sandboxPort = Number(new URL(t.core.sandbox!.wsUrl).port)
    } finally {
      await t.close()
    }
    const wire = await relay(sandboxPort)
    const working = new Set<string>()
    const statuses: SessionStatusEvent[] = []
    let maxConnecting = 0
    const sample = () => (maxConnecting = Math.max(maxConnecting, wire.live() - working.size))
    const sampler = setInterval(sample, 5)
    try {
      // The sandbox reopens on the port it had (kept in sandbox.db); the engines reach it through the relay.
      t = await startTestCore('sandbox', {
        dataDir,
        accessToken: t.token,
        plan: 'paid',
        engine: { resume: { concurrency: 2, slotTimeoutMs: 60_000 }, socketConfigFor: () => ({ waWebSocketUrl: `ws://127.0.0.1:${wire.port}/ws/chat` }) }
      })
      expect(Number(new URL(t.core.sandbox!.wsUrl).port)).toBe(sandboxPort)
      t.core.bus.on('session.status', (e) => {
        statuses.push(e)
        if (e.status === 'WORKING') working.add(e.instanceId)
        sample()
      })
      // Every instance shows STARTING at once; only two engines have started.
      expect(ids.map((id) => t.core.instances.view(id)?.status)).toEqual(ids.map(() => 'STARTING'))
      expect(t.core.instances.resumePending).toBe(4)
      expect(wire.total()).toBeLessThanOrEqual(2)
      // The last one in the queue is stopped before its turn: it never connects.
      const last = ids.at(-1)!
      expect((await t.call('POST', '/v2/session/stop', { instance_id: last })).json().status).toBe('STOPPED')
      const resumed = ids.slice(0, -1)
      await waitUntil(() => resumed.every((id) => working.has(id)), 120_000, `all resumed WORKING (${working.size}/${resumed.length})`)
      sample()
      expect(maxConnecting).toBeGreaterThanOrEqual(1)
      expect(maxConnecting).toBeLessThanOrEqual(2)
      expect(wire.total()).toBe(resumed.length)
      expect(t.core.instances.resumePending).toBe(0)
      expect(t.core.instances.view(last)?.status).toBe('STOPPED')
      expect(statuses.filter((e) => e.status === 'SCAN_QR_CODE')).toEqual([])
    } finally {
      clearInterval(sampler)
      await t.close()
      await new Promise((r) => wire.server.close(r))
    }
  })
})
