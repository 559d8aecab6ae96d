// The per-user registry of running cores (issue 20 item 3): entries of live cores whose data folder names them are
// listed oldest first; a dead process's or a foreign one's entry is dropped when read.
import { mkdtempSync, readdirSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { writeRunningServer } from './core/settings/running-server.js'
import { listRunningCores, registerRunningCore, unregisterRunningCore } from './running-cores.js'

describe('registry of running cores', () => {
  it('lists live cores whose folder agrees, drops stale entries, and forgets an unregistered one', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'sb-reg-')), 'running')
    const a = mkdtempSync(join(tmpdir(), 'sb-reg-a-'))
    const b = mkdtempSync(join(tmpdir(), 'sb-reg-b-'))
    // This process plays a live core on folder a; folder b's server.json names another (dead) process.
    writeRunningServer(a, { url: 'http://127.0.0.1:1111', pid: process.pid, startedAt: 2 })
    writeRunningServer(b, { url: 'http://127.0.0.1:2222', pid: 999_999_999, startedAt: 1 })
    registerRunningCore(dir, { url: 'http://127.0.0.1:1111', pid: process.pid, dataDir: a, startedAt: 2 })
    registerRunningCore(dir, { url: 'http://127.0.0.1:2222', pid: 999_999_999, dataDir: b, startedAt: 1 })
    expect(statSync(dir).mode & 0o777).toBe(0o700)
    expect(statSync(join(dir, `${process.pid}.json`)).mode & 0o777).toBe(0o600)
    expect(listRunningCores(dir)).toEqual([{ url: 'http://127.0.0.1:1111', pid: process.pid, dataDir: a, startedAt: 2 }])
    expect(readdirSync(dir)).toEqual([`${process.pid}.json`])
    unregisterRunningCore(dir)
    expect(listRunningCores(dir)).toEqual([])
    expect(listRunningCores(join(dir, 'missing'))).toEqual([])
  })
})
