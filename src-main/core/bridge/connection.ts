// One renderer connected to the bridge, whatever carries it: a WebSocket (headless) or an Electron MessagePort
// (desktop; structurally typed so the core never imports `electron`).
import type { WebSocket } from 'ws'
import type { ServerMessage } from '../../../src-preload/contract/protocol.js'

export interface BridgeConnection {
  /** For logs. */
  readonly kind: 'websocket' | 'message-port'
  send(message: ServerMessage): void
  onMessage(listener: (data: unknown) => void): void
  onClose(listener: () => void): void
  close(): void
}

export function websocketConnection(socket: WebSocket): BridgeConnection {
  return {
    kind: 'websocket',
    send(message) {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message))
    },
    onMessage(listener) {
      // Text frames only: the protocol is JSON (binary frames are refused as invalid requests).
      socket.on('message', (data, isBinary) => listener(isBinary ? undefined : data.toString()))
    },
    onClose(listener) {
      socket.on('close', listener)
    },
    close: () => socket.close(1001, 'Switchboard is shutting down')
  }
}

/** The part of Electron's MessagePortMain the bridge uses. */
export interface MessagePortLike {
  postMessage(message: unknown): void
  on(event: 'message', listener: (event: { data: unknown }) => void): unknown
  on(event: 'close', listener: () => void): unknown
  start(): void
  close(): void
}

export function messagePortConnection(port: MessagePortLike): BridgeConnection {
  let started = false
  return {
    kind: 'message-port',
    send: (message) => port.postMessage(message),
    onMessage(listener) {
      port.on('message', (event) => listener(event.data))
      // Messages queue on the port until start(); start once the listener is in place.
      if (!started) {
        started = true
        port.start()
      }
    },
    onClose(listener) {
      port.on('close', listener)
    },
    close: () => port.close()
  }
}
