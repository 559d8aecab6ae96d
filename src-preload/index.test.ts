// The preload against faked contextBridge/ipcRenderer: it exposes `bridge` and nothing else, asks main for a
// port, speaks the contract over it, and fails calls in flight when main says the core went down.
import { EventEmitter } from 'node:events'
import { describe, expect, it, vi } from 'vitest'
import { CHANNEL_NAMES } from './contract/channels.js'
import type { Bridge } from './contract/client.js'
import { IPC_BRIDGE_CONNECT, IPC_BRIDGE_DOWN, IPC_BRIDGE_PORT, IPC_DESKTOP_NOTIFICATION_CLICK, IPC_DESKTOP_NOTIFY, IPC_DESKTOP_UNREAD, isDesktopNotice, type DesktopShell } from './contract/electron-ipc.js'

const fake = vi.hoisted(() => ({ exposed: [] as { key: string; api: unknown }[], sent: [] as unknown[][] }))

vi.mock('electron', async () => {
  const { EventEmitter: Emitter } = await import('node:events')
  const ipcRenderer = Object.assign(new Emitter(), { send: (...args: unknown[]) => void fake.sent.push(args) })
  return { contextBridge: { exposeInMainWorld: (key: string, api: unknown) => void fake.exposed.push({ key, api }) }, ipcRenderer }
})

/** A renderer-side MessagePort: the preload posts on it and sets onmessage. */
class FakePort {
  readonly posted: unknown[] = []
  closed = false
  onmessage: ((e: { data: unknown }) => void) | null = null
  postMessage(message: unknown): void {
    this.posted.push(message)
  }
  close(): void {
    this.closed = true
  }
}

const { ipcRenderer } = (await import('electron')) as unknown as { ipcRenderer: EventEmitter }
await import('./index.js')
const bridge = fake.exposed[0]?.api as Bridge
const givePort = () => {
  const port = new FakePort()
  ipcRenderer.emit(IPC_BRIDGE_PORT, { ports: [port] })
  return port
}

describe('preload', () => {
  it('exposes `bridge`, with one method per channel and no generic way in, and the three fixed desktop messages', () => {
    expect(fake.exposed.map((e) => e.key)).toEqual(['bridge', 'desktop'])
    expect(Object.keys(fake.exposed[1]!.api as object).sort()).toEqual(['notify', 'onNotificationClick', 'setUnread'])
    for (const name of CHANNEL_NAMES) {
      const [ns, method] = name.split('.') as [string, string]
      expect(typeof (bridge as unknown as Record<string, Record<string, unknown>>)[ns]?.[method]).toBe('function')
    }
    expect(Object.keys(bridge).sort()).toEqual(['accounts', 'api', 'app', 'campaigns', 'chats', 'connectionState', 'devices', 'instances', 'keys', 'on', 'onConnection', 'pairing', 'policies', 'queue', 'replies', 'sandbox', 'settings', 'webhooks'])
    for (const leak of ['ipcRenderer', 'invoke', 'send', 'postMessage', 'require']) expect(leak in bridge).toBe(false)
  })

  it('asks main for a port once, and speaks the bridge protocol over the port it gets', async () => {
    expect(fake.sent).toEqual([[IPC_BRIDGE_CONNECT]])
    expect(bridge.connectionState()).toBe('connecting')
    const pending = bridge.app.info()
    const port = givePort()
    expect(bridge.connectionState()).toBe('open')
    const request = port.posted[0] as { id: number; channel: string }
    expect(request).toMatchObject({ type: 'request', channel: 'app.info', payload: {} })
    port.onmessage!({ data: { type: 'response', id: request.id, result: { ok: true, data: { version: '9' } } } })
    expect(await pending).toEqual({ ok: true, data: { version: '9' } })
  })

  it('fails calls in flight when the core goes down, and uses the next port for new ones', async () => {
    const old = givePort()
    const inFlight = bridge.instances.list()
    const states: string[] = []
    const off = bridge.onConnection((s) => states.push(s))
    ipcRenderer.emit(IPC_BRIDGE_DOWN)
    expect(old.closed).toBe(true)
    expect(await inFlight).toMatchObject({ ok: false, error: { code: 'bridge_disconnected' } })
    expect(states).toEqual(['closed', 'connecting'])
    const later = bridge.instances.list()
    const next = givePort()
    const request = next.posted[0] as { id: number }
    next.onmessage!({ data: { type: 'response', id: request.id, result: { ok: true, data: 'fresh' } } })
    expect(await later).toEqual({ ok: true, data: 'fresh' })
    expect(old.posted).toHaveLength(1)
    off()
  })

  it('ignores a port message without a port', () => {
    const port = givePort()
    ipcRenderer.emit(IPC_BRIDGE_PORT, { ports: [] })
    expect(port.closed).toBe(false)
  })

  it('desktop: notifications and the unread count go to main; a click comes back with its tag only', () => {
    const desktop = fake.exposed[1]!.api as DesktopShell
    const notice = { title: 'Alice', body: 'Hello', tag: 'I1 15550000002@c.us', silent: true }
    desktop.notify(notice)
    desktop.setUnread(3)
    expect(fake.sent.slice(-2)).toEqual([[IPC_DESKTOP_NOTIFY, notice], [IPC_DESKTOP_UNREAD, 3]])
    const tags: string[] = []
    const off = desktop.onNotificationClick((t) => tags.push(t))
    ipcRenderer.emit(IPC_DESKTOP_NOTIFICATION_CLICK, {}, 'I1 15550000002@c.us')
    ipcRenderer.emit(IPC_DESKTOP_NOTIFICATION_CLICK, {}, { not: 'a tag' })
    off()
    ipcRenderer.emit(IPC_DESKTOP_NOTIFICATION_CLICK, {}, 'after')
    expect(tags).toEqual(['I1 15550000002@c.us'])
    // Main checks the notice before it reaches the OS.
    expect(isDesktopNotice(notice)).toBe(true)
    for (const bad of [null, 'x', { ...notice, title: 'x'.repeat(201) }, { ...notice, silent: 'no' }, { title: 'a', body: 'b' }]) expect(isDesktopNotice(bad)).toBe(false)
  })
})
