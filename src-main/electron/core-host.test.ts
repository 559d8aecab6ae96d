// The core's utility-process host against a faked utilityProcess: start options posted, messages relayed, port
// hand-over, restarts after crashes (3 in a row at most, counted from the last successful start), clean stop.
import type { MessagePortMain } from 'electron'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { CoreStartOptions } from './core-messages.js'
import { electronModule, forked, resetFakeElectron } from './testing/fake-electron.js'

vi.mock('electron', async () => (await import('./testing/fake-electron.js')).electronModule)

const { CoreHost } = await import('./core-host.js')

const options: CoreStartOptions = { dataDir: '/tmp/sb', port: 0, host: '127.0.0.1', network: 'sandbox', plan: 'free' }

function started() {
  const host = new CoreHost('/app/out/main/core.js', options, { SWITCHBOARD_VERSION: '1.2.3' })
  const events: { name: string; payload: unknown }[] = []
  for (const name of ['ready', 'summary', 'down', 'fatal'] as const) host.on(name, (payload: unknown) => events.push({ name, payload }))
  host.start()
  return { host, events, downs: () => events.filter((e) => e.name === 'down').map((e) => e.payload) }
}

beforeEach(() => {
  resetFakeElectron()
  vi.useFakeTimers()
})
afterEach(() => vi.useRealTimers())

describe('CoreHost', () => {
  it('forks the core entry with its environment and posts the start options', () => {
    started()
    expect(electronModule.utilityProcess.fork).toHaveBeenCalledWith('/app/out/main/core.js', [], expect.objectContaining({ serviceName: 'Switchboard core', env: { SWITCHBOARD_VERSION: '1.2.3' } }))
    expect(forked[0]!.received).toEqual([{ message: { type: 'start', options }, transfer: undefined }])
  })

  it('posts the data key set before start with the start options, and again to a restarted core', async () => {
    const host = new CoreHost('/core.js', options, {})
    const dataKey = new Uint8Array(32).fill(5)
    host.setDataKey(dataKey)
    host.start()
    expect(forked[0]!.received[0]).toEqual({ message: { type: 'start', options: { ...options, dataKey } }, transfer: undefined })
    forked[0]!.emit('exit', 1)
    await vi.advanceTimersByTimeAsync(2_000)
    expect(forked[1]!.received[0]).toEqual({ message: { type: 'start', options: { ...options, dataKey } }, transfer: undefined })
  })

  it('relays ready (keeping the URL), summaries and fatal errors', () => {
    const { host, events } = started()
    forked[0]!.emit('message', { type: 'ready', url: 'http://127.0.0.1:4000', network: 'sandbox' })
    forked[0]!.emit('message', { type: 'summary', summary: { total: 2, working: 1, needsScan: 1, failed: 0 } })
    forked[0]!.emit('message', { type: 'fatal', message: 'port in use' })
    expect(host.url).toBe('http://127.0.0.1:4000')
    expect(events).toEqual([
      { name: 'ready', payload: { url: 'http://127.0.0.1:4000', network: 'sandbox' } },
      { name: 'summary', payload: { total: 2, working: 1, needsScan: 1, failed: 0 } },
      { name: 'fatal', payload: 'port in use' }
    ])
  })

  it('hands renderer ports to the running core only', () => {
    const host = new CoreHost('/core.js', options, {})
    const port = {} as MessagePortMain
    expect(host.connect(port)).toBe(false)
    host.start()
    expect(host.connect(port)).toBe(true)
    expect(forked[0]!.received.at(-1)).toEqual({ message: { type: 'connect' }, transfer: [port] })
  })

  it('restarts a crashed core 3 times in a row, then gives up', async () => {
    const { downs } = started()
    for (let crash = 1; crash <= 3; crash++) {
      forked.at(-1)!.emit('exit', 1)
      expect(downs().at(-1)).toEqual({ code: 1, willRestart: true })
      await vi.advanceTimersByTimeAsync(1_999)
      expect(forked).toHaveLength(crash)
      await vi.advanceTimersByTimeAsync(1)
      expect(forked).toHaveLength(crash + 1)
      expect(forked.at(-1)!.received[0]!.message).toEqual({ type: 'start', options })
    }
    forked.at(-1)!.emit('exit', 1)
    expect(downs().at(-1)).toEqual({ code: 1, willRestart: false })
    await vi.advanceTimersByTimeAsync(60_000)
    expect(forked).toHaveLength(4)
  })

  it('counts crashes again from zero once a restarted core came up', async () => {
    const { downs } = started()
    for (let i = 0; i < 3; i++) {
      forked.at(-1)!.emit('exit', 1)
      await vi.advanceTimersByTimeAsync(2_000)
    }
    forked.at(-1)!.emit('message', { type: 'ready', url: 'http://127.0.0.1:4000', network: 'sandbox' })
    forked.at(-1)!.emit('exit', 1)
    expect(downs().at(-1)).toEqual({ code: 1, willRestart: true })
  })

  it('stops cleanly: posts shutdown, resolves on exit, and does not restart', async () => {
    const { host, downs } = started()
    const child = forked[0]!
    const stopped = host.stop()
    expect(child.received.at(-1)!.message).toEqual({ type: 'shutdown' })
    child.emit('exit', 0)
    await stopped
    await vi.advanceTimersByTimeAsync(10_000)
    expect(downs()).toEqual([])
    expect(forked).toHaveLength(1)
    expect(child.killed).toBe(false)
  })

  it('kills a core that does not stop in time', async () => {
    const { host } = started()
    const stopped = host.stop(5_000)
    await vi.advanceTimersByTimeAsync(5_000)
    await stopped
    expect(forked[0]!.killed).toBe(true)
  })

  it('ignores the exit of a process it already replaced', async () => {
    const { downs } = started()
    const first = forked[0]!
    first.emit('exit', 1)
    await vi.advanceTimersByTimeAsync(2_000)
    first.emit('exit', 1)
    expect(downs()).toHaveLength(1)
  })
})
