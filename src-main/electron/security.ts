// Electron hardening (reliability-security-performance.md §3.4): the renderer is served from our own app://
// origin with a strict CSP, navigation and new windows are denied (http(s) links open in the browser),
// permission requests and webviews are refused, and only our page may ask for a bridge port. Rules: policy.ts.
import { app, net, protocol, session, shell, type IpcMainEvent, type WebContents } from 'electron'
import { pathToFileURL } from 'node:url'
import { rendererCsp } from '../core/domain/renderer-csp.js'
import { APP_SCHEME, externalUrl, originOf, rendererFile, RENDERER_CSP } from './policy.js'

/** Must run before app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true } }])
}

/** Serves the renderer build on app://switchboard/ (never file://), refusing anything outside the build folder. */
export function serveRenderer(rendererDir: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const file = rendererFile(rendererDir, request.url)
    if (!file) return new Response('Not found', { status: 404 })
    const res = await net.fetch(pathToFileURL(file).toString())
    const headers = new Headers(res.headers)
    headers.set('Content-Security-Policy', RENDERER_CSP)
    headers.set('X-Content-Type-Options', 'nosniff')
    return new Response(res.body, { status: res.status, headers })
  })
}

/** The one permission our page may use: writing to the clipboard (Copy buttons). */
const ALLOWED_PERMISSION = 'clipboard-sanitized-write'

/** Session-wide: deny every permission but clipboard writes from our origin; the dev server gets the CSP header. */
export function hardenSession(devServerUrl: string | undefined, origins: Set<string>): void {
  const s = session.defaultSession
  s.setPermissionRequestHandler((contents, permission, callback) => callback(permission === ALLOWED_PERMISSION && origins.has(originOf(contents.getURL()) ?? '')))
  s.setPermissionCheckHandler((_contents, permission, requestingOrigin) => permission === ALLOWED_PERMISSION && origins.has(originOf(requestingOrigin) ?? ''))
  s.setDevicePermissionHandler(() => false)
  if (devServerUrl) {
    const dev = new URL(devServerUrl).origin
    s.webRequest.onHeadersReceived((details, callback) => {
      const headers = { ...details.responseHeaders }
      // Vite's dev client needs its websocket for reloads; production never loads from here.
      if (originOf(details.url) === dev) headers['Content-Security-Policy'] = [rendererCsp(`ws://${new URL(devServerUrl).host}`)]
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
  const safe = externalUrl(url)
  if (safe) void shell.openExternal(safe)
}

/** An IPC message counts only if it comes from our window's top frame showing one of our origins. */
export function isTrustedSender(event: IpcMainEvent, expected: WebContents | undefined, origins: Set<string>): boolean {
  const frame = event.senderFrame
  return !!expected && event.sender === expected && !!frame && frame === expected.mainFrame && origins.has(originOf(frame.url) ?? '')
}
