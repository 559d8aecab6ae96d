// The bridge-port hand-out against faked Electron APIs: only our window's top frame gets a MessagePort to the
// core; a core that cannot take one gets both ends closed; after a core crash the page is told, then given a new port.
import type { WebContents } from 'electron'
import { EventEmitter } from 'node:events'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { IPC_BRIDGE_CONNECT, IPC_BRIDGE_DOWN, IPC_BRIDGE_PORT } from '../../src-preload/contract/electron-ipc.js'
import type { CoreHost } from './core-host.js'
import { APP_ORIGIN } from './policy.js'
import { electronModule, FakeFrame, FakeMessageChannelMain, FakeWebContents, resetFakeElectron } from './testing/fake-electron.js'

vi.mock('electron', async () => (await import('./testing/fake-electron.js')).electronModule)

const { serveBridgePorts } = await import('./bridge-ports.js')

/** The part of CoreHost the hand-out uses: connect() and its ready/down events. */
class FakeCore extends EventEmitter {
  accepting = true
  readonly connected: unknown[] = []
  connect(port: unknown): boolean {
    if (!this.accepting) return false
    this.connected.push(port)
    return true
  }
}

function setup() {
  const core = new FakeCore()
  const win = new FakeWebContents(`${APP_ORIGIN}/index.html`)
  let current: FakeWebContents | undefined = win
  serveBridgePorts(core as unknown as CoreHost, () => current as unknown as WebContents | undefined, new Set([APP_ORIGIN]))
  const ask = (sender: FakeWebContents, frame: FakeFrame = sender.mainFrame) => electronModule.ipcMain.emit(IPC_BRIDGE_CONNECT, { sender, senderFrame: frame })
  return { core, win, ask, closeWindow: () => (current = undefined) }
}

beforeEach(() => resetFakeElectron())

describe('serveBridgePorts', () => {
  it('connects our page to the core: one end to the core, the other posted to the page', () => {
    const { core, win, ask } = setup()
    ask(win)
    const channel = FakeMessageChannelMain.created[0]!
    expect(core.connected).toEqual([channel.port1])
    expect(win.posted).toEqual([{ channel: IPC_BRIDGE_PORT, message: null, ports: [channel.port2] }])
    // A reload asks again and gets a fresh channel.
    ask(win)
    expect(FakeMessageChannelMain.created).toHaveLength(2)
    expect(win.posted[1]!.ports).toEqual([FakeMessageChannelMain.created[1]!.port2])
  })

  it('ignores other senders: another web contents, a subframe, a page that navigated away', () => {
    const { core, win, ask } = setup()
    ask(new FakeWebContents(`${APP_ORIGIN}/index.html`))
    ask(win, new FakeFrame(`${APP_ORIGIN}/index.html`))
    win.mainFrame.url = 'https://evil.example/'
    ask(win)
    expect(FakeMessageChannelMain.created).toEqual([])
    expect(core.connected).toEqual([])
    expect(win.posted).toEqual([])
  })

  it('closes both ends when the core is not running', () => {
    const { core, win, ask } = setup()
    core.accepting = false
    ask(win)
    const channel = FakeMessageChannelMain.created[0]!
    expect([channel.port1.closed, channel.port2.closed]).toEqual([true, true])
    expect(win.posted).toEqual([])
  })

  it('after a crash tells the page its port is dead, then hands it a new one once the core is back', () => {
    const { core, win, ask } = setup()
    ask(win)
    core.emit('ready', { url: 'http://127.0.0.1:3000', network: 'whatsapp' })
    expect(win.posted).toHaveLength(1) // first start: the page asks by itself
    core.emit('down', { code: 1, willRestart: true })
    expect(win.sent).toEqual([{ channel: IPC_BRIDGE_DOWN, args: [] }])
    core.emit('ready', { url: 'http://127.0.0.1:3000', network: 'whatsapp' })
    expect(win.posted).toHaveLength(2)
    expect(core.connected).toEqual([FakeMessageChannelMain.created[0]!.port1, FakeMessageChannelMain.created[1]!.port1])
    core.emit('ready', { url: 'http://127.0.0.1:3000', network: 'whatsapp' })
    expect(win.posted).toHaveLength(2)
  })

  it('does nothing on a restart while the window is closed', () => {
    const { core, win, closeWindow } = setup()
    closeWindow()
    core.emit('down', { code: 1, willRestart: true })
    core.emit('ready', { url: 'http://127.0.0.1:3000', network: 'whatsapp' })
    expect(win.sent).toEqual([])
    expect(win.posted).toEqual([])
  })
})
