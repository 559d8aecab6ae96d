// Issue 20 item 10, what an operator reads: every instance status change is an info line with its reason (restart,
// stop; FAILED and a ban louder), and the chatter of third-party and simulated parts (Baileys, the sandbox) goes to
// the log file only, so a redirected console carries no raw engine JSON.
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { useInstanceCore } from '../testing/suite.js'
import type { TestCore } from '../testing/core-harness.js'
import { waitUntil } from '../sandbox/testing/wait.js'

describe('the operator log', () => {
  let t: TestCore
  let id: string
  useInstanceCore((core, instanceId) => {
    t = core
    id = instanceId
  })

  it('has every status change at info with where from, where to and why', async () => {
    expect((await t.call('POST', '/v2/session/stop', { instance_id: id })).statusCode).toBe(200)
    expect((await t.call('POST', '/v2/session/restart', { instance_id: id })).statusCode).toBe(200)
    const changes = await waitUntil(() => {
      const lines = t.logLines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'instance status changed' && l.instanceId === id)
      return lines.some((l) => l.reason === 'restart') && lines
    }, 10_000, 'the restart logged')
    expect(changes.find((l) => l.to === 'STOPPED')).toMatchObject({ level: 30, from: expect.any(String), reason: 'stop' })
    expect(changes.find((l) => l.reason === 'restart')).toMatchObject({ level: 30, from: 'STOPPED', to: 'STARTING' })
  })

  it('keeps Baileys and sandbox chatter out of a redirected console, in the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sb-oplog-'))
    const file = join(dir, 'switchboard.log')
    const script = `
      import { createFileLogger } from ${JSON.stringify(join(import.meta.dirname, '..', 'logging', 'logger.ts'))}
      const f = createFileLogger(${JSON.stringify(file)}, 'info')
      await f.settled()
      f.fileOnly.child({ name: 'baileys', module: 'engine' }).warn({ node: { tag: 'ack' } }, 'baileys chatter')
      f.logger.warn({ instanceId: 'ABC' }, 'product warning')
      f.logger.flush(); f.fileOnly.flush()
      setTimeout(() => process.exit(0), 200)`
    const { stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: join(import.meta.dirname, '..', '..', '..') })
    expect(stderr).toContain('product warning')
    expect(stderr).not.toContain('baileys chatter')
    const logged = readFileSync(file, 'utf8')
    expect(logged).toContain('product warning')
    expect(logged).toContain('baileys chatter')
  })
})
