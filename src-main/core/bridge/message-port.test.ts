// The bridge over an Electron-style MessagePort (MessagePortMain semantics: 'message' events carry {data},
// messages queue until start()), as the desktop app connects a window to the core's utility process.
import { EventEmitter } from 'node:events'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { createBridgeClient } from '../../../src-preload/contract/client.js'
import { messagePortConnection, type MessagePortLike } from './connection.js'
import type { HandlerMap } from './handlers/index.js'
import { createBridgeServer } from './server.js'

/** Two linked ports with MessagePortMain's behaviour (structured clone, queue until start, close on both ends). */
function portPair(): [MessagePortLike & { started: boolean }, MessagePortLike & { started: boolean }] {
  const make = () => {
    const events = new EventEmitter()
    const queue: unknown[] = []
    const port = {
      started: false,
      peer: undefined as undefined | { deliver(data: unknown): void; events: EventEmitter },
      events,
      deliver(data: unknown) {
        if (port.started) events.emit('message', { data })
        else queue.push(data)
      },
      postMessage(message: unknown) {
        port.peer!.deliver(structuredClone(message))
      },
      on(event: 'message' | 'close', listener: (e: { data: unknown }) => void) {
        events.on(event, listener)
        return port
      },
      start() {
        port.started = true
        for (const data of queue.splice(0)) events.emit('message', { data })
      },
      close() {
        events.emit('close')
        port.peer!.events.emit('close')
      }
    }
    return port
  }
  const a = make()
  const b = make()
  a.peer = b
  b.peer = a
  return [a as never, b as never]
}

describe('bridge over a MessagePort', () => {
  it('answers requests, pushes events, and forgets the connection when the port closes', async () => {
    const handlers = { 'app.info': () => ({ version: '9', network: 'sandbox', apiUrl: 'http://127.0.0.1:1', plan: 'free' }) } as unknown as HandlerMap
    const server = createBridgeServer(handlers, pino({ level: 'silent' }))
    const [corePort, windowPort] = portPair()
    server.attach(messagePortConnection(corePort))
    expect(corePort.started).toBe(true)
    expect(server.connectionCount()).toBe(1)

    const pushed: unknown[] = []
    const bridge = createBridgeClient({
      connect(h) {
        windowPort.on('message', (e) => h.onMessage(e.data))
        windowPort.start()
        h.onState('open')
      },
      send: (m) => windowPort.postMessage(m)
    })
    bridge.on('instances.changed', (e) => pushed.push(e))
    expect(await bridge.app.info()).toEqual({ ok: true, data: { version: '9', network: 'sandbox', apiUrl: 'http://127.0.0.1:1', plan: 'free' } })
    // A channel without a handler in this map is still validated first: bad payloads never reach handlers.
    expect(await bridge.instances.get({ instanceId: 'bad id!' } as never)).toMatchObject({ ok: false, error: { code: 'invalid_request' } })

    server.broadcast('instances.changed', { instanceId: 'ABC', change: 'created' })
    await new Promise((r) => setImmediate(r))
    expect(pushed).toEqual([{ instanceId: 'ABC', change: 'created' }])

    windowPort.close()
    expect(server.connectionCount()).toBe(0)
  })
})
