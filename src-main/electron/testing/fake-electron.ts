// Fakes of the Electron APIs the shell uses, for `vi.mock('electron', ...)` (Electron's binary is not installed on
// build machines, so the real module cannot load). They record what the shell registers and let tests fire events.
import { EventEmitter } from 'node:events'
import { vi } from 'vitest'

/** A cancellable Electron event (will-navigate, will-redirect, ...). */
export class FakeEvent {
  defaultPrevented = false
  preventDefault(): void {
    this.defaultPrevented = true
  }
}

export class FakeFrame {
  constructor(public url: string) {}
}

export class FakeWebContents extends EventEmitter {
  readonly mainFrame: FakeFrame
  windowOpenHandler: ((details: { url: string }) => { action: 'allow' | 'deny' }) | undefined
  readonly posted: { channel: string; message: unknown; ports: unknown[] }[] = []
  readonly sent: { channel: string; args: unknown[] }[] = []

  constructor(public url = 'app://switchboard/index.html') {
    super()
    this.mainFrame = new FakeFrame(url)
  }
  getURL(): string {
    return this.url
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'allow' | 'deny' }): void {
    this.windowOpenHandler = handler
  }
  postMessage(channel: string, message: unknown, ports: unknown[] = []): void {
    this.posted.push({ channel, message, ports })
  }
  send(channel: string, ...args: unknown[]): void {
    this.sent.push({ channel, args })
  }
}

export class FakePort {
  closed = false
  close(): void {
    this.closed = true
  }
}

export class FakeMessageChannelMain {
  static created: FakeMessageChannelMain[] = []
  readonly port1 = new FakePort()
  readonly port2 = new FakePort()
  constructor() {
    FakeMessageChannelMain.created.push(this)
  }
}

/** A forked utility process: the host posts to it, the test makes it answer or exit. */
export class FakeUtilityProcess extends EventEmitter {
  readonly received: { message: unknown; transfer: unknown[] | undefined }[] = []
  killed = false
  postMessage(message: unknown, transfer?: unknown[]): void {
    this.received.push({ message, transfer })
  }
  kill(): boolean {
    this.killed = true
    return true
  }
}

type PermissionRequestHandler = (contents: FakeWebContents, permission: string, callback: (granted: boolean) => void) => void
type PermissionCheckHandler = (contents: FakeWebContents | null, permission: string, requestingOrigin: string) => boolean
type HeadersListener = (details: { url: string; responseHeaders?: Record<string, string[]> }, callback: (r: { responseHeaders?: Record<string, string[]> }) => void) => void

export const fakeSession = {
  permissionRequest: undefined as PermissionRequestHandler | undefined,
  permissionCheck: undefined as PermissionCheckHandler | undefined,
  devicePermission: undefined as (() => boolean) | undefined,
  headersReceived: undefined as HeadersListener | undefined,
  setPermissionRequestHandler(h: PermissionRequestHandler) {
    this.permissionRequest = h
  },
  setPermissionCheckHandler(h: PermissionCheckHandler) {
    this.permissionCheck = h
  },
  setDevicePermissionHandler(h: () => boolean) {
    this.devicePermission = h
  },
  webRequest: {
    onHeadersReceived(h: HeadersListener) {
      fakeSession.headersReceived = h
    }
  }
}

export const fakeProtocol = {
  handlers: new Map<string, (request: { url: string }) => Promise<Response>>(),
  registerSchemesAsPrivileged: vi.fn(),
  handle(scheme: string, handler: (request: { url: string }) => Promise<Response>) {
    this.handlers.set(scheme, handler)
  }
}

export const forked: FakeUtilityProcess[] = []

/** The module the shell imports as 'electron'. */
/** safeStorage: "encrypts" reversibly with a marker; a test may make it unavailable or the Linux basic_text backend. */
export class FakeSafeStorage {
  available = true
  backend = 'gnome_libsecret'
  /** Another user's or a reset keychain: what it wrapped cannot be unwrapped. */
  secret = 'keychain-1'
  isEncryptionAvailable(): boolean {
    return this.available
  }
  getSelectedStorageBackend(): string {
    return this.backend
  }
  encryptString(plainText: string): Buffer {
    return Buffer.from(`${this.secret}|${Buffer.from(plainText).toString('hex')}`)
  }
  decryptString(encrypted: Buffer): string {
    const [secret, hex] = encrypted.toString().split('|')
    if (secret !== this.secret || hex === undefined) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.')
    return Buffer.from(hex, 'hex').toString()
  }
}

export const electronModule = {
  app: new EventEmitter(),
  ipcMain: new EventEmitter(),
  session: { defaultSession: fakeSession },
  protocol: fakeProtocol,
  net: { fetch: vi.fn(async () => new Response('<!doctype html>', { headers: { 'content-type': 'text/html' } })) },
  shell: { openExternal: vi.fn(async () => undefined) },
  MessageChannelMain: FakeMessageChannelMain,
  utilityProcess: {
    fork: vi.fn(() => {
      const child = new FakeUtilityProcess()
      forked.push(child)
      return child
    })
  }
}

/** Forget what earlier tests registered and recorded. */
export function resetFakeElectron(): void {
  electronModule.app.removeAllListeners()
  electronModule.ipcMain.removeAllListeners()
  electronModule.shell.openExternal.mockClear()
  electronModule.net.fetch.mockClear()
  electronModule.utilityProcess.fork.mockClear()
  fakeProtocol.handlers.clear()
  fakeProtocol.registerSchemesAsPrivileged.mockClear()
  Object.assign(fakeSession, { permissionRequest: undefined, permissionCheck: undefined, devicePermission: undefined, headersReceived: undefined })
  FakeMessageChannelMain.created.length = 0
  forked.length = 0
}
