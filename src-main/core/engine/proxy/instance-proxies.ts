// Each instance's proxy transport, built from its stored config.proxy when a new connection asks for it and kept
// while the setting stays the same (a changed setting gets fresh agents; the old ones close). Read at each new
// socket only: a change takes effect at the instance's next (re)start or reconnect, and the media of a running
// session go through the transport its connection was opened with (the engine's media(), baileys-adapter.ts).
import type { UserFacingSocketConfig } from '@whiskeysockets/baileys'
import type { Logger } from 'pino'
import type { Db } from '../../db/connection.js'
import { getInstanceProxy } from '../../db/repositories/instances-repo.js'
import { makeProxyTransport, type ProxyNetworkTls, type ProxyTransport } from './proxy-transport.js'

export class InstanceProxies {
  private readonly transports = new Map<string, { key: string; transport: ProxyTransport }>()

  constructor(private readonly o: { db: Db; tls: ProxyNetworkTls; logger: Logger }) {}

  /** The proxy transport of the instance, or undefined when it connects directly. */
  transportOf(instanceId: string): ProxyTransport | undefined {
    const proxy = getInstanceProxy(this.o.db, instanceId)
    const held = this.transports.get(instanceId)
    const key = proxy && JSON.stringify(proxy)
    if (held && held.key === key) return held.transport
    if (held) this.retire(instanceId)
    if (!proxy || !key) return undefined
    const transport = makeProxyTransport(proxy, this.o.tls)
    this.transports.set(instanceId, { key, transport })
    this.o.logger.info({ instanceId, proxy: proxy.server }, 'instance connects through its proxy')
    return transport
  }

  /** Baileys socket options for the instance: WebSocket and upload agent, download dispatcher. Empty without a proxy. */
  socketConfigFor(instanceId: string): Partial<UserFacingSocketConfig> {
    const t = this.transportOf(instanceId)
    return t ? { agent: t.agent, fetchAgent: t.fetchAgent, options: { dispatcher: t.dispatcher } } : {}
  }

  /** The instance is gone: close its agents. */
  forget(instanceId: string): void {
    this.retire(instanceId)
  }

  async close(): Promise<void> {
    const all = [...this.transports.values()]
    this.transports.clear()
    await Promise.allSettled(all.map((h) => h.transport.close()))
  }

  private retire(instanceId: string): void {
    const held = this.transports.get(instanceId)
    this.transports.delete(instanceId)
    // Not awaited, and the WebSocket's tunnel is left alone: it ends with its socket.
    if (held) void held.transport.retire()
  }
}
