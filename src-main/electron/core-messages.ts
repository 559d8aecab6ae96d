// Messages between Electron's main process and the core's utility process (over parentPort). Renderer traffic
// never goes through here: it has its own MessagePort straight to the core's bridge.
import type { CoreOptions } from '../core/start-core.js'

export type CoreStartOptions = Pick<CoreOptions, 'dataDir' | 'port' | 'host' | 'allowHosts' | 'publicUrl' | 'network' | 'accessToken' | 'plan' | 'instanceQuota' | 'nativeBinding' | 'dataKey' | 'pinned' | 'logLevel'> & {
  /** The OS login item as main read it (app.getLoginItemSettings), for Settings' "start at login"; absent where Electron cannot set one (Linux). */
  openAtLogin?: boolean
}

export type MainToCore =
  | { type: 'start'; options: CoreStartOptions }
  /** Carries one MessagePort (transferred): serve a renderer over it. */
  | { type: 'connect' }
  | { type: 'shutdown' }

export interface InstancesSummary {
  total: number
  working: number
  needsScan: number
  failed: number
}

export type CoreToMain =
  | { type: 'ready'; url: string; network: 'whatsapp' | 'sandbox' }
  /** Settings asks the desktop: start at login on/off (app.setLoginItemSettings), open the data folder (shell.openPath). */
  | { type: 'login-item'; openAtLogin: boolean }
  | { type: 'open-folder'; path: string }
  | { type: 'summary'; summary: InstancesSummary }
  | { type: 'fatal'; message: string }
  | { type: 'closed' }
