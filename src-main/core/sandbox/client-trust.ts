// What a Baileys socket needs to use the sandbox: the sandbox's Noise root as WA_CERT_DETAILS.PUBLIC_KEY
// (global to the JS isolate, so only ever set in a process running in sandbox mode), the loopback websocket
// URL, and agents that trust the sandbox media certificate. Media a client is told to fetch from WhatsApp's own
// hosts by direct path alone (history sync blobs: their notification has no URL) is routed to the sandbox host.
import { Agent as HttpsAgent } from 'node:https'
import { Agent as UndiciAgent, type Dispatcher } from 'undici'
import { WA_CERT_DETAILS } from '@whiskeysockets/baileys'
import { domainError } from '../domain/errors.js'

export interface SocketTrust {
  waWebSocketUrl: URL
  fetchAgent: HttpsAgent
  options: { dispatcher: Dispatcher }
}

/** https origins of WhatsApp's media CDN (Baileys' default host for a bare directPath is mmg.whatsapp.net). */
const WA_MEDIA_ORIGIN = /^https:\/\/[a-z0-9.-]+\.whatsapp\.net(:443)?$/i

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1'])

export function assertLoopback(url: string): void {
  let host: string
  try {
    host = new URL(url).hostname
  } catch {
    throw domainError('sandbox_not_loopback', `Sandbox address ${url} is not a URL`)
  }
  if (!LOOPBACK.has(host)) throw domainError('sandbox_not_loopback', `Refusing sandbox address ${url}: the sandbox is loopback-only`)
}

/** Point this process's Baileys at the sandbox root of trust. Refuses anything but a loopback sandbox. */
export function trustSandboxRoot(rootPublicKey: Buffer, wsUrl: string): void {
  assertLoopback(wsUrl)
  WA_CERT_DETAILS.PUBLIC_KEY = Buffer.from(rootPublicKey)
}

/** Sends requests for WhatsApp's media hosts to the sandbox's (also used on top of an instance's proxy dispatcher). */
export function mediaOriginRewrite(mediaHost: string): Dispatcher.DispatcherComposeInterceptor {
  assertLoopback(`https://${mediaHost}`)
  return (dispatch) => (opts, handler) => dispatch(WA_MEDIA_ORIGIN.test(String(opts.origin ?? '')) ? { ...opts, origin: `https://${mediaHost}` } : opts, handler)
}

export function makeSocketTrust(wsUrl: string, mediaCaPem: string, mediaHost?: string): SocketTrust {
  assertLoopback(wsUrl)
  const agent = new UndiciAgent({ connect: { ca: mediaCaPem } })
  if (mediaHost) assertLoopback(`https://${mediaHost}`)
  const dispatcher: Dispatcher = mediaHost ? agent.compose(mediaOriginRewrite(mediaHost)) : agent
  return {
    waWebSocketUrl: new URL(wsUrl),
    fetchAgent: new HttpsAgent({ ca: mediaCaPem, keepAlive: true }),
    options: { dispatcher }
  }
}
