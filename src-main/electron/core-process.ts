// Entry of the core's utility process (electron-vite builds it as out/main/core.js): starts the core when main
// says so, serves each renderer MessagePort main hands over, reports the instance summary for the tray, and
// shuts down cleanly. Only `import type` from electron: the core itself stays plain Node.
import type { MessagePortMain } from 'electron'
import { messagePortConnection } from '../core/bridge/index.js'
import { DEFAULT_ACCOUNT_ID } from '../core/db/repositories/accounts-repo.js'
import { historyThreadFromEnv, startCore, type CoreHandle } from '../core/start-core.js'
import type { CoreToMain, InstancesSummary, MainToCore } from './core-messages.js'

const parent = process.parentPort
const post = (message: CoreToMain) => parent.postMessage(message)
let core: CoreHandle | undefined
/** Ports that arrived before the core was ready (the window loads while the core starts). */
const waiting: MessagePortMain[] = []

function summary(c: CoreHandle): InstancesSummary {
  const list = c.instances.listForAccount(DEFAULT_ACCOUNT_ID)
  return {
    total: list.length,
    working: list.filter((i) => i.status === 'WORKING').length,
    needsScan: list.filter((i) => i.status === 'SCAN_QR_CODE').length,
    failed: list.filter((i) => i.status === 'FAILED').length
  }
}

async function start(message: Extract<MainToCore, { type: 'start' }>): Promise<void> {
  try {
    // Settings' desktop-only parts go to main, which owns the login item and the shell.
    const { openAtLogin: atStart, ...options } = message.options
    let openAtLogin = atStart ?? false
    const loginItem = {
      get: () => openAtLogin,
      set: (value: boolean) => {
        openAtLogin = value
        post({ type: 'login-item', openAtLogin: value })
      }
    }
    core = await startCore({
      ...options,
      historyThread: historyThreadFromEnv(process.env),
      desktop: { ...(atStart !== undefined ? { loginItem } : {}), openFolder: (path) => post({ type: 'open-folder', path }) }
    })
  } catch (e) {
    post({ type: 'fatal', message: e instanceof Error ? e.message : String(e) })
    process.exit(1)
  }
  const c = core
  post({ type: 'ready', url: c.url, network: c.network })
  post({ type: 'summary', summary: summary(c) })
  c.bus.on('session.status', () => post({ type: 'summary', summary: summary(c) }))
  for (const port of waiting.splice(0)) c.ui.attach(messagePortConnection(port))
}

parent.on('message', (event) => {
  const message = event.data as MainToCore
  switch (message.type) {
    case 'start':
      void start(message)
      return
    case 'connect': {
      const port = event.ports[0]
      if (!port) return
      if (core) core.ui.attach(messagePortConnection(port))
      else waiting.push(port)
      return
    }
    case 'shutdown':
      void (async () => {
        await core?.close().catch(() => undefined)
        post({ type: 'closed' })
        process.exit(0)
      })()
      return
  }
})
