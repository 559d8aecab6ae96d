// What a Baileys socket needs to use the sandbox: the sandbox's Noise root as WA_CERT_DETAILS.PUBLIC_KEY
// (global to the JS isolate, so only ever set in a process running in sandbox mode), the loopback websocket
// URL, and agents that trust the sandbox media certificate.
import { Agent as HttpsAgent } from 'node:https'
import { Agent as UndiciAgent } from 'undici'
import { WA_CERT_DETAILS } from '@whiskeysockets/baileys'
import { SandboxError } from './errors.js'

export interface SocketTrust {
  waWebSocketUrl: URL
  fetchAgent: HttpsAgent
  options: { dispatcher: UndiciAgent }
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1'])

export function assertLoopback(url: string): void {
  let host: string
  try {
    host = new URL(url).hostname
  } catch {
    throw new SandboxError('sandbox_not_loopback', `Sandbox address ${url} is not a URL`)
  }
  if (!LOOPBACK.has(host)) throw new SandboxError('sandbox_not_loopback', `Refusing sandbox address ${url}: the sandbox is loopback-only`)
}

/** Point this process's Baileys at the sandbox root of trust. Refuses anything but a loopback sandbox. */
export function trustSandboxRoot(rootPublicKey: Buffer, wsUrl: string): void {
  assertLoopback(wsUrl)
  WA_CERT_DETAILS.PUBLIC_KEY = Buffer.from(rootPublicKey)
}

export function makeSocketTrust(wsUrl: string, mediaCaPem: string): SocketTrust {
  assertLoopback(wsUrl)
  return {
    waWebSocketUrl: new URL(wsUrl),
    fetchAgent: new HttpsAgent({ ca: mediaCaPem, keepAlive: true }),
    options: { dispatcher: new UndiciAgent({ connect: { ca: mediaCaPem } }) }
  }
}
