// Runs the core in a utility process (reliability-security-performance.md §3.5: SQLite and Signal crypto must not
// stall the window), hands it renderer MessagePorts, relays its instance summary, restarts it if it crashes
// (a few times, with a pause) and stops it cleanly on quit.
import { utilityProcess, type MessagePortMain, type UtilityProcess } from 'electron'
import { EventEmitter } from 'node:events'
import type { CoreStartOptions, CoreToMain, InstancesSummary, MainToCore } from './core-messages.js'

export interface CoreHostEvents {
  ready: [{ url: string; network: 'whatsapp' | 'sandbox' }]
  summary: [InstancesSummary]
  /** The core exited unexpectedly (renderers lose their ports; a restart may follow). */
  down: [{ code: number; willRestart: boolean }]
  fatal: [string]
  /** Settings: start at login on/off; open the data folder. */
  'login-item': [boolean]
  'open-folder': [string]
}

const MAX_RESTARTS = 3
const RESTART_DELAY_MS = 2_000

export class CoreHost extends EventEmitter<CoreHostEvents> {
  private child: UtilityProcess | undefined
  private stopping = false
  private restarts = 0
  url: string | undefined

  constructor(
    private readonly entry: string,
    private options: CoreStartOptions,
    private readonly env: NodeJS.ProcessEnv
  ) {
    super()
  }

  /**
   * The data key unwrapped with safeStorage (electron/data-key.ts), posted with the start options (and again to a
   * restarted core). Set before start().
   */
  setDataKey(key: Uint8Array | undefined): void {
    this.options = { ...this.options, ...(key ? { dataKey: key } : {}) }
  }

  /** The OS login item as it is now (posted with the start options, so Settings shows it). */
  setOpenAtLogin(value: boolean): void {
    this.options = { ...this.options, openAtLogin: value }
  }

  start(): void {
    const child = utilityProcess.fork(this.entry, [], { serviceName: 'Switchboard core', stdio: 'inherit', env: this.env })
    this.child = child
    child.on('message', (message: CoreToMain) => {
      switch (message.type) {
        case 'ready':
          this.url = message.url
          this.restarts = 0
          this.emit('ready', { url: message.url, network: message.network })
          return
        case 'summary':
          this.emit('summary', message.summary)
          return
        case 'fatal':
          this.emit('fatal', message.message)
          return
        case 'login-item':
          this.emit('login-item', message.openAtLogin)
          return
        case 'open-folder':
          this.emit('open-folder', message.path)
          return
        case 'closed':
          return
      }
    })
    child.on('exit', (code) => {
      if (this.child !== child) return
      this.child = undefined
      if (this.stopping) return
      const willRestart = this.restarts < MAX_RESTARTS
      this.emit('down', { code, willRestart })
      if (willRestart) {
        this.restarts++
        setTimeout(() => this.start(), RESTART_DELAY_MS)
      }
    })
    this.post({ type: 'start', options: this.options })
  }

  /** Serve a renderer over this port (queued by the core until it is ready). */
  connect(port: MessagePortMain): boolean {
    if (!this.child) return false
    this.child.postMessage({ type: 'connect' } satisfies MainToCore, [port])
    return true
  }

  /** Clean shutdown: engines closed, WAL checkpointed; killed if it takes longer than `timeoutMs`. */
  stop(timeoutMs = 10_000): Promise<void> {
    this.stopping = true
    const child = this.child
    if (!child) return Promise.resolve()
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        child.kill()
        resolve()
      }, timeoutMs)
      child.once('exit', () => {
        clearTimeout(timer)
        resolve()
      })
      this.post({ type: 'shutdown' })
    })
  }

  private post(message: MainToCore): void {
    this.child?.postMessage(message)
  }
}
