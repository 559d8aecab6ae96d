// Electron hardening (reliability-security-performance.md §3.4): the renderer is served from our own app://
// origin with a strict CSP, navigation and new windows are denied (http(s) links open in the browser),
// permission requests and webviews are refused, and only our page may ask for a bridge port.
import { app, net, protocol, session, shell, type IpcMainEvent, type WebContents } from 'electron'
import { normalize, relative, sep } from 'node:path'
import { pathToFileURL } from 'node:url'

export const APP_SCHEME = 'app'
export const APP_ORIGIN = `${APP_SCHEME}://switchboard`

/** Same policy as the headless /ui/ (core/bridge/ui-routes.ts) minus the WebSocket: the port carries the bridge. */
export const RENDERER_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'"
].join('; ')

/** Must run before app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true } }])
}

/** Serves the renderer build on app://switchboard/ (never file://), refusing anything outside the build folder. */
export function serveRenderer(rendererDir: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url)
    const file = normalize(`${rendererDir}${sep}${decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname)}`)
    const inside = relative(rendererDir, file)
    if (url.host !== 'switchboard' || inside.startsWith('..') || inside === '') return new Response('Not found', { status: 404 })
    const res = await net.fetch(pathToFileURL(file).toString())
    const headers = new Headers(res.headers)
    headers.set('Content-Security-Policy', RENDERER_CSP)
    headers.set('X-Content-Type-Options', 'nosniff')
    return new Response(res.body, { status: res.status, headers })
  })
}

/** The origins our window may show: the app:// build, or the dev server in `electron-vite dev`. */
export function allowedOrigins(devServerUrl: string | undefined): Set<string> {
  const origins = new Set([APP_ORIGIN])
  if (devServerUrl) origins.add(new URL(devServerUrl).origin)
  return origins
}

const originOf = (url: string): string | undefined => {
  try {
    return new URL(url).origin
  } catch {
    return undefined
  }
}

/** Session-wide: deny every permission; the dev server's pages get the same CSP as a header. */
export function hardenSession(devServerUrl: string | undefined): void {
  const s = session.defaultSession
  s.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  s.setPermissionCheckHandler(() => false)
  s.setDevicePermissionHandler(() => false)
  if (devServerUrl) {
    const dev = new URL(devServerUrl).origin
    s.webRequest.onHeadersReceived((details, callback) => {
      const headers = { ...details.responseHeaders }
      // Vite's dev client needs its websocket for reloads; production never loads from here.
      if (originOf(details.url) === dev) headers['Content-Security-Policy'] = [RENDERER_CSP.replace("connect-src 'self'", `connect-src 'self' ws://${new URL(devServerUrl).host}`)]
      callback({ responseHeaders: headers })
    })
  }
}

/** Every web contents: no navigation away, no new windows (http(s) opens in the browser), no webviews. */
export function hardenWebContents(origins: Set<string>): void {
  app.on('web-contents-created', (_event, contents: WebContents) => {
    contents.on('will-navigate', (event, url) => {
      if (!origins.has(originOf(url) ?? '')) event.preventDefault()
    })
    contents.on('will-redirect', (event, url) => {
      if (!origins.has(originOf(url) ?? '')) event.preventDefault()
    })
    contents.setWindowOpenHandler(({ url }) => {
      openExternal(url)
      return { action: 'deny' }
    })
    contents.on('will-attach-webview', (event) => event.preventDefault())
  })
}

/** Only http(s) URLs ever leave the app, and only to the user's browser. */
export function openExternal(url: string): void {
  const parsed = (() => {
    try {
      return new URL(url)
    } catch {
      return undefined
    }
  })()
  if (parsed && (parsed.protocol === 'https:' || parsed.protocol === 'http:')) void shell.openExternal(parsed.toString())
}

/** An IPC message counts only if it comes from our window's top frame showing one of our origins. */
export function isTrustedSender(event: IpcMainEvent, expected: WebContents | undefined, origins: Set<string>): boolean {
  const frame = event.senderFrame
  return !!expected && event.sender === expected && !!frame && frame === expected.mainFrame && origins.has(originOf(frame.url) ?? '')
}
