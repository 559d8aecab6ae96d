// The one IPC handler of the app: a page asks for a bridge port, main checks who is asking, then connects a fresh
// MessageChannel between that page and the core. A reload asks again and gets a new port.
import { ipcMain, MessageChannelMain, type WebContents } from 'electron'
import { IPC_BRIDGE_CONNECT, IPC_BRIDGE_DOWN, IPC_BRIDGE_PORT } from '../../src-preload/contract/electron-ipc.js'
import type { CoreHost } from './core-host.js'
import { isTrustedSender } from './security.js'

export function serveBridgePorts(core: CoreHost, window: () => WebContents | undefined, origins: Set<string>): void {
  const connect = (contents: WebContents) => {
    const { port1, port2 } = new MessageChannelMain()
    if (!core.connect(port1)) {
      port1.close()
      port2.close()
      return
    }
    contents.postMessage(IPC_BRIDGE_PORT, null, [port2])
  }

  ipcMain.on(IPC_BRIDGE_CONNECT, (event) => {
    if (!isTrustedSender(event, window(), origins)) return
    connect(event.sender)
  })

  // After a core restart the page's old port is dead: tell it, then hand it a new one once the core is back.
  let lostPort = false
  core.on('down', () => {
    lostPort = true
    window()?.send(IPC_BRIDGE_DOWN)
  })
  core.on('ready', () => {
    const contents = window()
    if (!lostPort || !contents) return
    lostPort = false
    connect(contents)
  })
}
