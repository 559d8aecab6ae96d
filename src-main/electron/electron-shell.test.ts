// The Electron shell's pure rules (it cannot run here: Electron's binary is not installed on build machines):
// flags, origins, external links, app:// file resolution, the tray line, and the packaging configuration.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CliUsageError } from '../core-flags.js'
import { desktopCoreOptions } from './options.js'
import { allowedOrigins, APP_ORIGIN, externalUrl, originOf, rendererFile, RENDERER_CSP } from './policy.js'
import { statusLine, unreadLine } from './tray-status.js'

const root = join(import.meta.dirname, '..', '..')

describe('desktop flags', () => {
  it('takes the CLI flags after Electron’s own, with env fallbacks and the userData folder by default', () => {
    expect(desktopCoreOptions(['.', '--inspect-brk', '--network', 'sandbox', '--port', '0', '--plan', 'paid'], {}, '/home/u/.config/Switchboard')).toEqual({
      port: 0,
      host: '127.0.0.1',
      allowHosts: [],
      dataDir: '/home/u/.config/Switchboard',
      network: 'sandbox',
      plan: 'paid',
      instanceQuota: { free: 2, paid: null },
      // Settings applies to the rest: only what a flag gave is pinned.
      pinned: { port: '--port', plan: '--plan' }
    })
    expect(desktopCoreOptions([], { SWITCHBOARD_DATA_DIR: '/d', SWITCHBOARD_ACCESS_TOKEN: 't', SWITCHBOARD_PORT: '4000' }, '/u')).toMatchObject({ dataDir: '/d', accessToken: 't', port: 4000, network: 'whatsapp' })
    expect(desktopCoreOptions(['--free-instance-quota', '5'], { SWITCHBOARD_PAID_INSTANCE_QUOTA: '9' }, '/u').instanceQuota).toEqual({ free: 5, paid: 9 })
  })

  it('keeps the data dir’s plan when no plan is given (a restart never downgrades a paid account)', () => {
    expect(desktopCoreOptions(['.'], {}, '/u')).not.toHaveProperty('plan')
    expect(desktopCoreOptions(['.'], { SWITCHBOARD_PLAN: 'paid' }, '/u').plan).toBe('paid')
  })

  it('refuses bad values in words instead of silently falling back', () => {
    expect(() => desktopCoreOptions(['--port', 'nope'], {}, '/u')).toThrow(CliUsageError)
    expect(() => desktopCoreOptions(['--plan', 'gold'], {}, '/u')).toThrow(/free or paid/)
    expect(() => desktopCoreOptions(['--network', 'moon'], {}, '/u')).toThrow(/whatsapp or sandbox/)
    expect(() => desktopCoreOptions(['--port'], {}, '/u')).toThrow(/--port needs a value/)
  })
})

describe('window policy', () => {
  it('allows only the app origin (and the dev server in development)', () => {
    expect([...allowedOrigins(undefined)]).toEqual([APP_ORIGIN])
    expect([...allowedOrigins('http://localhost:5173/index.html')]).toEqual([APP_ORIGIN, 'http://localhost:5173'])
  })

  it('knows the origin of our app:// pages (Node gives non-special schemes the opaque origin "null")', () => {
    expect(originOf(`${APP_ORIGIN}/index.html`)).toBe(APP_ORIGIN)
    expect(originOf(APP_ORIGIN)).toBe(APP_ORIGIN)
    expect(originOf('http://localhost:5173/src/x.ts')).toBe('http://localhost:5173')
    for (const opaque of ['file:///etc/passwd', 'data:text/html,hi', 'app:nohost', 'not a url']) expect(originOf(opaque)).toBeUndefined()
  })

  it('hands only http(s) links to the browser', () => {
    expect(externalUrl('http://127.0.0.1:3000/docs')).toBe('http://127.0.0.1:3000/docs')
    expect(externalUrl('https://example.com')).toBe('https://example.com/')
    for (const bad of ['file:///etc/passwd', 'javascript:alert(1)', 'smb://host/share', 'app://switchboard/x', 'not a url']) expect(externalUrl(bad)).toBeUndefined()
  })

  it('serves app:// from the renderer build only', () => {
    const dir = '/opt/app/out/renderer'
    expect(rendererFile(dir, 'app://switchboard/')).toBe('/opt/app/out/renderer/index.html')
    expect(rendererFile(dir, 'app://switchboard/assets/index.js')).toBe('/opt/app/out/renderer/assets/index.js')
    expect(rendererFile(dir, 'app://switchboard/../../secrets.json')).toBe('/opt/app/out/renderer/secrets.json')
    expect(rendererFile(dir, 'app://switchboard/%2e%2e/%2e%2e/secrets.json')).toBe('/opt/app/out/renderer/secrets.json')
    // Encoded slashes are not path segments for the URL parser, but are after decoding: still refused.
    expect(rendererFile(dir, 'app://switchboard/a%2f..%2f..%2f..%2fetc%2fpasswd')).toBeUndefined()
    expect(rendererFile(dir, 'app://other/index.html')).toBeUndefined()
    expect(rendererFile(dir, 'app://switchboard/%E0%A4%A')).toBeUndefined()
  })

  it('has a CSP without inline or remote code', () => {
    expect(RENDERER_CSP).toContain("script-src 'self'")
    expect(RENDERER_CSP).toContain("default-src 'none'")
    expect(RENDERER_CSP).not.toMatch(/unsafe|https?:/)
  })
})

describe('tray status line', () => {
  it('summarises the instances', () => {
    expect(statusLine(undefined, 'starting')).toBe('Starting…')
    expect(statusLine({ total: 0, working: 0, needsScan: 0, failed: 0 }, 'ready')).toBe('No instances yet')
    expect(statusLine({ total: 4, working: 2, needsScan: 1, failed: 1 }, 'ready')).toBe('2 of 4 working, 1 waiting for a scan, 1 failed')
    expect(statusLine({ total: 4, working: 2, needsScan: 1, failed: 1 }, 'down')).toBe('Core stopped: restarting')
    expect([0, 1, 1234].map(unreadLine)).toEqual([null, '1 unread message', '1,234 unread messages'])
  })
})

describe('packaging', () => {
  it('is a valid electron-builder configuration for AppImage, deb, NSIS and dmg', async () => {
    // Read and validated by electron-builder's own code, as `npm run dist` does.
    type Loader = { getConfig(r: { packageKey: string; configFilename: string; projectDir: string; packageMetadata: null }, path: string): Promise<{ result: unknown }> }
    const { getConfig } = (await import('app-builder-lib/out/util/config/load.js')) as unknown as Loader
    const { validateConfiguration } = (await import('app-builder-lib/out/util/config/config.js')) as unknown as { validateConfiguration(c: unknown, l: unknown): Promise<void> }
    const { DebugLogger } = (await import('builder-util')) as unknown as { DebugLogger: new (enabled: boolean) => unknown }
    const loaded = await getConfig({ packageKey: 'build', configFilename: 'electron-builder', projectDir: root, packageMetadata: null }, join(root, 'build', 'electron-builder.yml'))
    const parsed = loaded.result as { linux: { target: string[] }; win: { target: string[] }; mac: { target: string[] }; asarUnpack: string[]; files: string[]; electronFuses: Record<string, boolean> }
    await validateConfiguration(parsed, new DebugLogger(false))
    expect(parsed.linux.target).toEqual(['AppImage', 'deb'])
    expect(parsed.win.target).toEqual(['nsis'])
    expect(parsed.mac.target).toEqual(['dmg'])
    expect(parsed.asarUnpack).toContain('node_modules/better-sqlite3-multiple-ciphers/**')
    expect(parsed.electronFuses.runAsNode).toBe(false)
    // The package's entry is the main bundle electron-vite writes.
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { main: string }
    expect(pkg.main).toBe('out/main/index.js')
    expect(parsed.files).toContain('out/main/**')
  })
})
