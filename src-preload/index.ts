// Preload (sandboxed, context-isolated): exposes `window.bridge`, built from the contract over a MessagePort that
// main connects straight to the core, and `window.desktop`: three fixed messages for notifications and the tray's
// unread count. Nothing else is exposed: no ipcRenderer, no generic invoke.
import { contextBridge, ipcRenderer } from 'electron'
import { createBridgeClient, type BridgeTransport } from './contract/client.js'
import {
  IPC_BRIDGE_CONNECT,
  IPC_BRIDGE_DOWN,
  IPC_BRIDGE_PORT,
  IPC_DESKTOP_NOTIFICATION_CLICK,
  IPC_DESKTOP_NOTIFY,
  IPC_DESKTOP_UNREAD,
  type DesktopShell
} from './contract/electron-ipc.js'

let port: MessagePort | undefined

const transport: BridgeTransport = {
  connect(handlers) {
    // Only main can send on these channels; a new port (core restarted) replaces the old one.
    ipcRenderer.on(IPC_BRIDGE_PORT, (event) => {
      const next = event.ports[0]
      if (!next) return
      port?.close()
      port = next
      next.onmessage = (e: MessageEvent) => handlers.onMessage(e.data)
      handlers.onState('open')
    })
    ipcRenderer.on(IPC_BRIDGE_DOWN, () => {
      port?.close()
      port = undefined
      // Calls in flight fail now; new ones wait for the port of the restarted core.
      handlers.onState('closed')
      handlers.onState('connecting')
    })
    ipcRenderer.send(IPC_BRIDGE_CONNECT)
  },
  send(message) {
    port?.postMessage(message)
  }
}

// Main restarts a crashed core at once and sends the new port: a click meanwhile waits for it (up to the time-out).
contextBridge.exposeInMainWorld('bridge', createBridgeClient(transport, { queueWhileReconnecting: true }))

const desktop: DesktopShell = {
  notify: (notice) => ipcRenderer.send(IPC_DESKTOP_NOTIFY, notice),
  setUnread: (count) => ipcRenderer.send(IPC_DESKTOP_UNREAD, count),
  onNotificationClick(listener) {
    const handler = (_event: unknown, tag: unknown) => {
      if (typeof tag === 'string') listener(tag)
    }
    ipcRenderer.on(IPC_DESKTOP_NOTIFICATION_CLICK, handler)
    return () => void ipcRenderer.off(IPC_DESKTOP_NOTIFICATION_CLICK, handler)
  }
}
contextBridge.exposeInMainWorld('desktop', desktop)
