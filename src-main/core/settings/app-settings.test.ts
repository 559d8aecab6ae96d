// App settings on a real core (offline engine, real SQLite, real HTTP): stored in the data dir and kept across a
// restart, applied live (quota, allowed hosts, log level, plan) or at the next start (port, bind address), a flag
// or variable wins over the stored choice and is named, and bad values are refused before anything is stored.
import { mkdtempSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startTestCore, type TestCore } from '../testing/core-harness.js'
import { readAppSettings } from './app-settings-repo.js'
import { resolveStartValues } from './app-settings.js'
import { readRunningServer } from './running-server.js'

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolve(port))
    })
  })

describe('resolveStartValues', () => {
  const given = { host: '127.0.0.1', port: 3000, allowHosts: [], logLevel: 'info', freeInstanceQuota: 2, paidInstanceQuota: null, publicUrl: null }
  it('takes a pinned value, else a valid stored one, else the given default', () => {
    const stored = { host: '0.0.0.0', port: 4100, allowHosts: ['nas.local'], logLevel: 'debug', freeInstanceQuota: 5, paidInstanceQuota: 9, publicUrl: 'https://tunnel.example' }
    expect(resolveStartValues(given, stored, {})).toEqual(stored)
    expect(resolveStartValues(given, stored, { port: '--port', logLevel: 'SWITCHBOARD_LOG_LEVEL' })).toMatchObject({ port: 3000, logLevel: 'info', host: '0.0.0.0' })
    // Damaged or hand-edited rows never start the server on something unchecked.
    expect(resolveStartValues(given, { host: 'evil host', port: 99999, allowHosts: ['*'], logLevel: 'loud', freeInstanceQuota: -3, publicUrl: 'javascript:alert(1)' } as never, {})).toEqual(given)
  })
})

describe('app settings on a real core', () => {
  const open: TestCore[] = []
  afterEach(async () => {
    for (const t of open.splice(0)) await t.close()
  })
  const start = async (options: Parameters<typeof startTestCore>[1] = {}) => {
    const t = await startTestCore('offline', { pinned: {}, ...options })
    open.push(t)
    return t
  }

  it('applies quota, allowed hosts, plan and log level live, and keeps them across a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sb-settings-'))
    const t = await start({ dataDir })
    const s = t.core.services.settings
    expect(s.view()).toMatchObject({
      plan: { value: 'free', pinnedBy: null },
      freeInstanceQuota: { value: 2, effective: 2, pinnedBy: null },
      allowHosts: { value: [], pinnedBy: null },
      host: { value: '127.0.0.1', loopback: true },
      dataDir: { path: dataDir, canOpen: false },
      startAtLogin: { available: false, value: false }
    })
    expect(s.view().plan.unlocks.paid.join(' ')).toMatch(/Webhooks/)
    // Policies by the names the Policies view uses, never their slugs.
    expect(s.view().plan.unlocks.free.join(' ')).toMatch(/Free rate-limit policies only \(Strict(, Standard)?\)/)
    expect(s.view().plan.unlocks.free.join(' ')).not.toMatch(/_policy/)
    // ...and by slug beside them, in the same order, for the UI to name in its language.
    expect(s.view().plan.freePolicies.length).toBe(s.view().plan.unlocks.free[2]!.split(', ').length)
    expect(s.view().plan.freePolicies[0]).toBe('strict')

    // Quota 1: the second instance is refused at once, no restart.
    s.update({ freeInstanceQuota: 1 })
    expect((await t.call('POST', '/v2/session/create')).statusCode).toBe(201)
    const second = await t.call('POST', '/v2/session/create')
    expect(second.statusCode).toBe(403)
    expect(second.json()).toMatchObject({ code: 'quota_reached' })

    // An allowed host is accepted by the Host check at once (it was refused before).
    const viaNas = () => t.core.app.inject({ method: 'GET', url: '/health', headers: { host: `nas.local:${t.core.port}` } })
    expect((await viaNas()).statusCode).toBe(403)
    expect(s.update({ allowHosts: ['NAS.local', 'nas.local', 'fd00::2'] }).allowHosts.value).toEqual(['nas.local', '[fd00::2]'])
    expect((await viaNas()).statusCode).toBe(200)

    // The plan unlocks webhooks live.
    s.update({ plan: 'paid' })
    expect(t.core.services.accounts.get('default').plan).toBe('paid')
    expect(s.view().plan).toMatchObject({ value: 'paid', effective: 'paid' })

    s.update({ logLevel: 'debug' })
    // How new messages are announced (the UI's per-instance mute and sound): kept by the core, duplicates dropped.
    expect(s.view().notifications).toEqual({ mutedInstances: [], sound: false })
    expect(s.update({ mutedInstances: ['ABC123', 'ABC123', 'XYZ9'], notificationSound: true }).notifications).toEqual({ mutedInstances: ['ABC123', 'XYZ9'], sound: true })
    expect(() => s.update({ mutedInstances: ['not an id'] })).toThrow(/not an instance id/)
    // The UI's language (issue 20 item 12): the browser's until chosen, then kept; an unknown one is refused.
    expect(s.view().language).toBe('system')
    expect(s.update({ language: 'pt-BR' }).language).toBe('pt-BR')
    expect(() => s.update({ language: 'klingon' })).toThrow(/The language must be one of system, en, pt-BR, es, id/)
    await t.close()
    open.length = 0

    const again = await start({ dataDir })
    expect(again.core.services.settings.view()).toMatchObject({
      plan: { value: 'paid' },
      freeInstanceQuota: { value: 1, effective: 1 },
      allowHosts: { value: ['nas.local', '[fd00::2]'], effective: ['nas.local', '[fd00::2]'] },
      logLevel: { value: 'debug', effective: 'debug' },
      notifications: { mutedInstances: ['ABC123', 'XYZ9'], sound: true },
      language: 'pt-BR'
    })
    expect((await again.core.app.inject({ method: 'GET', url: '/health', headers: { host: `nas.local:${again.core.port}` } })).statusCode).toBe(200)
  })

  it('port and bind address apply at the next start, honestly shown until then', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sb-settings-'))
    const t = await start({ dataDir })
    const port = await freePort()
    const view = t.core.services.settings.update({ port, host: '[::1]' })
    expect(view.port).toEqual({ value: port, effective: t.core.port, pinnedBy: null })
    expect(view.host).toMatchObject({ value: '::1', effective: '127.0.0.1', loopback: true })
    expect(t.core.services.settings.update({ host: '0.0.0.0' }).host).toMatchObject({ value: '0.0.0.0', loopback: false, exposedWarning: expect.stringMatching(/access token/), exposedWarningCode: 'exposed_address' })
    t.core.services.settings.update({ host: '127.0.0.1' })
    await t.close()
    open.length = 0
    expect(readRunningServer(dataDir)).toBeUndefined()

    const again = await start({ dataDir, port: undefined })
    expect(again.core.port).toBe(port)
    expect(again.core.services.settings.view().port).toEqual({ value: port, effective: port, pinnedBy: null })
    // The running server names itself for `npm run ui-link`, owner-only.
    expect(readRunningServer(dataDir)).toMatchObject({ url: `http://127.0.0.1:${port}`, pid: process.pid })
    expect(JSON.parse(readFileSync(join(dataDir, 'server.json'), 'utf8'))).toHaveProperty('url')
  })

  it('a flag or variable wins over the stored choice, is named, and cannot be changed here', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sb-settings-'))
    const t = await start({ dataDir })
    t.core.services.settings.update({ freeInstanceQuota: 7, logLevel: 'warn' })
    await t.close()
    open.length = 0

    const pinned = await start({ dataDir, instanceQuota: { free: 3 }, pinned: { freeInstanceQuota: '--free-instance-quota' } })
    const s = pinned.core.services.settings
    expect(s.view().freeInstanceQuota).toEqual({ value: 3, effective: 3, pinnedBy: '--free-instance-quota' })
    expect(s.view().logLevel).toMatchObject({ value: 'warn', pinnedBy: null })
    expect(() => s.update({ freeInstanceQuota: 4 })).toThrow(/set by --free-instance-quota/)
    // The stored choice is kept for a start without the flag.
    expect(readAppSettings(pinned.core.db).freeInstanceQuota).toBe(7)
  })

  it('refuses bad values with invalid_param, storing none of the batch', async () => {
    const t = await start()
    const s = t.core.services.settings
    const refusal = (changes: Parameters<typeof s.update>[0]) => {
      try {
        s.update(changes)
      } catch (e) {
        return { code: (e as { code: string }).code, message: (e as Error).message }
      }
      return undefined
    }
    for (const bad of ['*.lan', 'host:3000', '0.0.0.0', 'a b']) {
      expect(refusal({ logLevel: 'debug', allowHosts: ['ok.lan', bad] }), bad).toMatchObject({ code: 'invalid_param', message: expect.stringContaining(`"${bad}" is not an allowed host`) })
    }
    expect(refusal({ host: 'my-pc.lan' })).toMatchObject({ code: 'invalid_param', message: expect.stringMatching(/not a bind address/) })
    expect(refusal({ port: 70000 })).toMatchObject({ code: 'invalid_param' })
    expect(refusal({ freeInstanceQuota: -1 })).toMatchObject({ code: 'invalid_param' })
    expect(refusal({ logLevel: 'loud' })).toMatchObject({ code: 'invalid_param' })
    expect(refusal({ startAtLogin: true })).toMatchObject({ code: 'not_available', message: expect.stringMatching(/desktop app/) })
    expect(() => s.openDataFolder()).toThrow(/desktop app/)
    expect(readAppSettings(t.core.db)).toEqual({})
    expect(s.view().logLevel.value).toBe('info')
  })

  it('start at login and the data folder go to the desktop host', async () => {
    const calls: string[] = []
    let atLogin = false
    const t = await start({
      desktop: {
        loginItem: {
          get: () => atLogin,
          set: (v) => {
            atLogin = v
            calls.push(`login ${v}`)
          }
        },
        openFolder: (p) => calls.push(`open ${p}`)
      }
    })
    const s = t.core.services.settings
    expect(s.view()).toMatchObject({ startAtLogin: { available: true, value: false }, dataDir: { canOpen: true } })
    expect(s.update({ startAtLogin: true }).startAtLogin.value).toBe(true)
    s.openDataFolder()
    expect(calls).toEqual(['login true', `open ${t.dataDir}`])
  })
})
