// The hardening as security.ts installs it, run against faked Electron APIs: permissions (only clipboard writes
// from our origin), navigation, redirects, new windows and webviews denied, http(s) handed to the browser only,
// the app:// handler (build folder only, CSP on every answer), and which IPC senders count as our page.
import type { IpcMainEvent, WebContents } from 'electron'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { APP_ORIGIN, RENDERER_CSP } from './policy.js'
import { electronModule, fakeProtocol, fakeSession, FakeEvent, FakeFrame, FakeWebContents, resetFakeElectron } from './testing/fake-electron.js'

vi.mock('electron', async () => (await import('./testing/fake-electron.js')).electronModule)

const { hardenSession, hardenWebContents, isTrustedSender, openExternal, registerAppScheme, serveRenderer } = await import('./security.js')

const origins = new Set([APP_ORIGIN])
const ours = () => new FakeWebContents(`${APP_ORIGIN}/index.html`)

beforeEach(() => resetFakeElectron())

describe('session permissions', () => {
  const ask = (contents: FakeWebContents, permission: string) =>
    new Promise<boolean>((resolve) => fakeSession.permissionRequest!(contents, permission, resolve))

  it('denies every permission request except clipboard writes from our own page', async () => {
    hardenSession(undefined, origins)
    expect(await ask(ours(), 'clipboard-sanitized-write')).toBe(true)
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'fullscreen', 'midi']) {
      expect(await ask(ours(), permission)).toBe(false)
    }
    expect(await ask(new FakeWebContents('https://evil.example/'), 'clipboard-sanitized-write')).toBe(false)
  })

  it('answers permission checks the same way, and refuses every device', () => {
    hardenSession(undefined, origins)
    expect(fakeSession.permissionCheck!(ours(), 'clipboard-sanitized-write', APP_ORIGIN)).toBe(true)
    expect(fakeSession.permissionCheck!(ours(), 'clipboard-sanitized-write', 'http://127.0.0.1:3000')).toBe(false)
    expect(fakeSession.permissionCheck!(ours(), 'media', APP_ORIGIN)).toBe(false)
    expect(fakeSession.devicePermission!()).toBe(false)
    // Production installs no header rewriting (the app:// handler sets the CSP itself).
    expect(fakeSession.headersReceived).toBeUndefined()
  })

  it('gives the dev server’s pages the CSP, with only Vite’s own websocket added', () => {
    hardenSession('http://localhost:5173/', new Set([APP_ORIGIN, 'http://localhost:5173']))
    let headers: Record<string, string[]> | undefined
    fakeSession.headersReceived!({ url: 'http://localhost:5173/src/main.tsx', responseHeaders: {} }, (r) => (headers = r.responseHeaders))
    expect(headers?.['Content-Security-Policy']?.[0]).toContain("connect-src 'self' ws://localhost:5173")
    expect(headers?.['Content-Security-Policy']?.[0]).toContain("script-src 'self'")
    fakeSession.headersReceived!({ url: 'https://elsewhere.example/', responseHeaders: { a: ['b'] } }, (r) => (headers = r.responseHeaders))
    expect(headers).toEqual({ a: ['b'] })
  })
})

describe('web contents', () => {
  const created = () => {
    hardenWebContents(origins)
    const contents = ours()
    electronModule.app.emit('web-contents-created', new FakeEvent(), contents)
    return contents
  }
  const fire = (contents: FakeWebContents, name: string, url?: string) => {
    const event = new FakeEvent()
    contents.emit(name, event, url)
    return event.defaultPrevented
  }

  it('denies navigation and redirects away from our origin', () => {
    const contents = created()
    expect(fire(contents, 'will-navigate', 'https://evil.example/')).toBe(true)
    expect(fire(contents, 'will-navigate', 'file:///etc/passwd')).toBe(true)
    expect(fire(contents, 'will-navigate', 'not a url')).toBe(true)
    expect(fire(contents, 'will-navigate', `${APP_ORIGIN}/index.html`)).toBe(false)
    expect(fire(contents, 'will-redirect', 'http://127.0.0.1:3000/')).toBe(true)
    expect(fire(contents, 'will-redirect', `${APP_ORIGIN}/other.html`)).toBe(false)
  })

  it('denies every new window; http(s) links open in the browser instead, nothing else does', () => {
    const contents = created()
    expect(contents.windowOpenHandler!({ url: 'https://example.com/docs' })).toEqual({ action: 'deny' })
    expect(contents.windowOpenHandler!({ url: 'http://127.0.0.1:3000/docs' })).toEqual({ action: 'deny' })
    expect(contents.windowOpenHandler!({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' })
    expect(contents.windowOpenHandler!({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' })
    expect(contents.windowOpenHandler!({ url: `${APP_ORIGIN}/index.html` })).toEqual({ action: 'deny' })
    expect(electronModule.shell.openExternal.mock.calls).toEqual([['https://example.com/docs'], ['http://127.0.0.1:3000/docs']])
  })

  it('refuses webviews', () => {
    expect(fire(created(), 'will-attach-webview')).toBe(true)
  })

  it('opens only http(s) URLs externally', () => {
    openExternal('smb://host/share')
    openExternal('app://switchboard/x')
    openExternal('https://example.com')
    expect(electronModule.shell.openExternal.mock.calls).toEqual([['https://example.com/']])
  })
})

describe('app:// protocol', () => {
  it('registers the scheme as standard and secure', () => {
    registerAppScheme()
    expect(fakeProtocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([{ scheme: 'app', privileges: { standard: true, secure: true } }])
  })

  it('serves the build folder only, with the CSP and nosniff on every answer', async () => {
    serveRenderer('/opt/app/out/renderer')
    const handle = fakeProtocol.handlers.get('app')!
    const res = await handle({ url: `${APP_ORIGIN}/` })
    expect(electronModule.net.fetch).toHaveBeenCalledWith('file:///opt/app/out/renderer/index.html')
    expect(res.headers.get('Content-Security-Policy')).toBe(RENDERER_CSP)
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(res.headers.get('content-type')).toBe('text/html')
    expect((await handle({ url: `${APP_ORIGIN}/a%2f..%2f..%2f..%2fetc%2fpasswd` })).status).toBe(404)
    expect((await handle({ url: 'app://other/index.html' })).status).toBe(404)
    expect(electronModule.net.fetch).toHaveBeenCalledTimes(1)
  })
})

describe('isTrustedSender', () => {
  const event = (sender: FakeWebContents, frame: FakeFrame | null) => ({ sender, senderFrame: frame }) as unknown as IpcMainEvent
  const asContents = (c: FakeWebContents) => c as unknown as WebContents

  it('accepts only our window’s top frame showing one of our origins', () => {
    const win = ours()
    expect(isTrustedSender(event(win, win.mainFrame), asContents(win), origins)).toBe(true)
    // Another window, a subframe, a frame that navigated elsewhere, no window at all: refused.
    const other = ours()
    expect(isTrustedSender(event(other, other.mainFrame), asContents(win), origins)).toBe(false)
    expect(isTrustedSender(event(win, new FakeFrame(`${APP_ORIGIN}/index.html`)), asContents(win), origins)).toBe(false)
    expect(isTrustedSender(event(win, null), asContents(win), origins)).toBe(false)
    expect(isTrustedSender(event(win, win.mainFrame), undefined, origins)).toBe(false)
    win.mainFrame.url = 'https://evil.example/'
    expect(isTrustedSender(event(win, win.mainFrame), asContents(win), origins)).toBe(false)
  })
})
