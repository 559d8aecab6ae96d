// settings.* over a real WebSocket bridge to a real core (offline engine): the Settings view reads the settings with
// what pins them, changes the log level and an allowed host (stored, live: the API's Host check and the API view
// follow), refuses a bad host with the schema or the service's invalid_param, refuses a pinned one by name, and
// says start at login and "open folder" are the desktop app's; writes a backup that restores. A UI acting as another
// account is refused.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { restoreBackup } from '../backup/backup-service.js'
import { appMigrations } from '../db/migrations/index.js'
import type { AccountRow } from '../db/repositories/accounts-repo.js'
import type { CoreServices } from '../services/core-services.js'
import { readAppSettings } from '../settings/app-settings-repo.js'
import type { TestCore } from '../testing/core-harness.js'
import { useUiCore } from '../testing/suite.js'
import { settingsHandlers } from './handlers/settings.js'
import type { UiBridgeConfig } from './services.js'
import type { TestBridge } from './testing/ws-bridge-client.js'

describe('bridge settings.* (offline engine)', () => {
  let t: TestCore
  let client: TestBridge
  useUiCore((core, ui) => {
    t = core
    client = ui
  }, { network: 'offline', uiToken: 'settings-ui-token-0123456789', pinned: { port: '--port' } })

  it('reads the settings with the flag that pins one, and the data folder', async () => {
    const r = await client.bridge.settings.get()
    if (!r.ok) throw new Error(r.error.message)
    expect(r.data).toMatchObject({
      port: { value: t.core.port, effective: t.core.port, pinnedBy: '--port' },
      host: { value: '127.0.0.1', loopback: true, pinnedBy: null },
      logLevel: { value: 'info', pinnedBy: null },
      dataDir: { path: t.dataDir, canOpen: false },
      startAtLogin: { available: false }
    })
  })

  it('changes the log level and an allowed host: stored and in force at once', async () => {
    const viaDocker = () => t.inject({ method: 'GET', url: '/health', headers: { host: `host.docker.internal:${t.core.port}` } })
    expect((await viaDocker()).statusCode).toBe(403)
    expect(await client.bridge.api.info()).toMatchObject({ ok: true, data: { docker: { allowed: false } } })
    const r = await client.bridge.settings.set({ logLevel: 'debug', allowHosts: ['Host.Docker.Internal'] })
    expect(r).toMatchObject({ ok: true, data: { logLevel: { value: 'debug', effective: 'debug' }, allowHosts: { value: ['host.docker.internal'] } } })
    expect(readAppSettings(t.core.db)).toMatchObject({ logLevel: 'debug', allowHosts: ['host.docker.internal'] })
    expect((await viaDocker()).statusCode).toBe(200)
    expect(await client.bridge.api.info()).toMatchObject({ ok: true, data: { docker: { allowed: true } } })
  })

  it('refuses bad values and pinned settings with a clear reason, and desktop-only ones headless', async () => {
    expect(await client.bridge.settings.set({ allowHosts: ['*.lan'] })).toMatchObject({ ok: false, error: { code: 'invalid_param', message: expect.stringContaining('"*.lan" is not an allowed host') } })
    expect(await client.bridge.settings.set({ port: 4000 })).toMatchObject({ ok: false, error: { code: 'invalid_param', message: expect.stringContaining('set by --port') } })
    // The contract's schema refuses what is not a setting at all.
    expect(await client.bridge.settings.set({ port: 0 })).toMatchObject({ ok: false })
    expect(await client.bridge.settings.set({} as never)).toMatchObject({ ok: false })
    expect(await client.bridge.settings.set({ startAtLogin: true })).toMatchObject({ ok: false, error: { code: 'not_available' } })
    expect(await client.bridge.settings.openDataFolder()).toMatchObject({ ok: false, error: { code: 'not_available' } })
  })

  it('writes an encrypted backup of the running data dir that restores into a new folder', async () => {
    const id = await t.createInstance()
    expect(await client.bridge.settings.backup({ passphrase: 'short' })).toMatchObject({ ok: false })
    const r = await client.bridge.settings.backup({ passphrase: 'settings backup passphrase' })
    if (!r.ok) throw new Error(r.error.message)
    expect(r.data).toMatchObject({ instances: 1, messages: 0 })
    expect(r.data.file.startsWith(join(t.dataDir, 'backups'))).toBe(true)
    expect(readFileSync(r.data.file).includes(Buffer.from(t.token))).toBe(false)
    const target = join(mkdtempSync(join(tmpdir(), 'sb-restored-')), 'data')
    const manifest = await restoreBackup({ inFile: r.data.file, dataDir: target, passphrase: 'settings backup passphrase', knownSchema: Math.max(...appMigrations.map((m) => m.id)) })
    expect(manifest.instances.map((i) => i.id)).toEqual([id])
    expect(existsSync(join(target, 'switchboard.db'))).toBe(true)
  })

  it('refuses a UI acting as any account but the owner', async () => {
    const handlers = settingsHandlers({ services: {} as CoreServices, config: {} as UiBridgeConfig, account: () => ({ id: 'acc_x', is_default: 0 }) as AccountRow, owned: () => { throw new Error('unused') } })
    expect(() => handlers['settings.get']({})).toThrow(/Only the owner/)
    await expect(async () => handlers['settings.backup']({ passphrase: 'long enough pass' })).rejects.toThrow(/Only the owner/)
  })
})
