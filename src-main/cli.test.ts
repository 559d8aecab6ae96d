import { describe, expect, it } from 'vitest'
import { parseCliArgs } from './cli.js'
import { CliUsageError, defaultDataDir } from './core-flags.js'
import { startTestCore } from './core/testing/core-harness.js'

describe('CLI flags', () => {
  it('has the documented defaults', () => {
    expect(parseCliArgs([], { HOME: '/home/u', XDG_CONFIG_HOME: '/home/u/.config' })).toEqual({
      port: 3000,
      host: '127.0.0.1',
      allowHosts: [],
      dataDir: '/home/u/.config/Switchboard',
      network: 'whatsapp',
      plan: undefined,
      accessToken: undefined,
      instanceQuota: { free: 2, paid: null },
      logLevel: undefined,
      pinned: {}
    })
  })

  it('names the flag or variable that pins each setting (it wins over the Settings choice)', () => {
    expect(parseCliArgs(['--port', '4001', '--allow-host', 'nas.local', '--log-level', 'debug'], { SWITCHBOARD_HOST: '0.0.0.0', SWITCHBOARD_PLAN: 'paid', SWITCHBOARD_FREE_INSTANCE_QUOTA: '3' }).pinned).toEqual({
      port: '--port',
      host: 'SWITCHBOARD_HOST',
      plan: 'SWITCHBOARD_PLAN',
      allowHosts: '--allow-host',
      logLevel: '--log-level',
      freeInstanceQuota: 'SWITCHBOARD_FREE_INSTANCE_QUOTA'
    })
    expect(parseCliArgs([], { SWITCHBOARD_LOG_LEVEL: 'warn' })).toMatchObject({ logLevel: 'warn', pinned: { logLevel: 'SWITCHBOARD_LOG_LEVEL' } })
    expect(() => parseCliArgs(['--log-level', 'loud'], {})).toThrow(/--log-level must be one of error, warn, info, debug, trace/)
  })

  it('takes extra Host names from repeated --allow-host or SWITCHBOARD_ALLOW_HOSTS (the flags replace the env list)', () => {
    expect(parseCliArgs(['--allow-host', 'host.docker.internal', '--allow-host', 'MyPC.lan', '--allow-host', 'fd00::2'], {}).allowHosts).toEqual(['host.docker.internal', 'mypc.lan', '[fd00::2]'])
    expect(parseCliArgs([], { SWITCHBOARD_ALLOW_HOSTS: 'host.docker.internal, 192.168.1.20,' }).allowHosts).toEqual(['host.docker.internal', '192.168.1.20'])
    expect(parseCliArgs(['--allow-host', 'nas.local'], { SWITCHBOARD_ALLOW_HOSTS: 'host.docker.internal' }).allowHosts).toEqual(['nas.local'])
    for (const bad of ['*', '*.example', 'host:3000', 'a/b', '0.0.0.0', '::', 'user@host', 'a b']) {
      expect(() => parseCliArgs(['--allow-host', bad], {}), bad).toThrow(/--allow-host must be a host name or IP address/)
    }
    expect(() => parseCliArgs(['--allow-host'], {})).toThrow(/--allow-host/)
  })

  it('takes --public-url or SWITCHBOARD_PUBLIC_URL (normalized, pinned) and refuses what is not an http(s) address', () => {
    expect(parseCliArgs(['--public-url', 'https://Tunnel.example.com/'], {})).toMatchObject({ publicUrl: 'https://tunnel.example.com', pinned: { publicUrl: '--public-url' } })
    expect(parseCliArgs([], { SWITCHBOARD_PUBLIC_URL: 'http://192.168.1.20:3000' })).toMatchObject({ publicUrl: 'http://192.168.1.20:3000', pinned: { publicUrl: 'SWITCHBOARD_PUBLIC_URL' } })
    expect(parseCliArgs([], {}).publicUrl).toBeUndefined()
    for (const bad of ['tunnel.example.com', 'ftp://x', 'https://u:p@x.example', 'https://x.example/?q=1']) {
      expect(() => parseCliArgs(['--public-url', bad], {}), bad).toThrow(/--public-url must be an http/)
    }
  })

  it('reads flags, and env vars when a flag is absent (flags win)', () => {
    const env = { SWITCHBOARD_PORT: '4000', SWITCHBOARD_HOST: '::1', SWITCHBOARD_DATA_DIR: '/d', SWITCHBOARD_NETWORK: 'sandbox', SWITCHBOARD_ACCESS_TOKEN: 'env-t', SWITCHBOARD_PLAN: 'paid' }
    expect(parseCliArgs([], env)).toMatchObject({ port: 4000, host: '::1', allowHosts: [], dataDir: '/d', network: 'sandbox', plan: 'paid', accessToken: 'env-t', instanceQuota: { free: 2, paid: null } })
    expect(parseCliArgs(['--port', '0', '--host', '127.0.0.1', '--data-dir', '/x', '--network', 'whatsapp', '--access-token', 't', '--plan', 'free'], env)).toMatchObject({
      port: 0,
      host: '127.0.0.1',
      allowHosts: [],
      dataDir: '/x',
      network: 'whatsapp',
      plan: 'free',
      accessToken: 't',
      instanceQuota: { free: 2, paid: null }
    })
  })

  it('sets the instance quota per plan by flag or env (flags win); unlimited and 0 are allowed', () => {
    expect(parseCliArgs(['--free-instance-quota', '5', '--paid-instance-quota', '40'], {}).instanceQuota).toEqual({ free: 5, paid: 40 })
    const env = { SWITCHBOARD_FREE_INSTANCE_QUOTA: 'unlimited', SWITCHBOARD_PAID_INSTANCE_QUOTA: '7' }
    expect(parseCliArgs([], env).instanceQuota).toEqual({ free: null, paid: 7 })
    expect(parseCliArgs(['--free-instance-quota', '0'], env).instanceQuota).toEqual({ free: 0, paid: 7 })
    for (const bad of ['-1', '2.5', 'lots', '', '1e3']) {
      expect(() => parseCliArgs([`--free-instance-quota=${bad}`], {}), bad).toThrow(/--free-instance-quota must be a whole number/)
    }
    expect(() => parseCliArgs([], { SWITCHBOARD_PAID_INSTANCE_QUOTA: 'many' })).toThrow(/--paid-instance-quota/)
  })

  it('rejects bad values and unknown flags', () => {
    expect(() => parseCliArgs(['--port', 'abc'], {})).toThrow(CliUsageError)
    expect(() => parseCliArgs(['--port', '70000'], {})).toThrow(CliUsageError)
    expect(() => parseCliArgs(['--network', 'moon'], {})).toThrow(/whatsapp or sandbox/)
    expect(() => parseCliArgs(['--plan', 'gold'], {})).toThrow(/free or paid/)
    expect(() => parseCliArgs(['--bogus'], {})).toThrow()
  })

  it('defaults the data dir to the per-user app data folder', () => {
    expect(defaultDataDir({ APPDATA: 'C:\\Users\\u\\AppData\\Roaming' }, 'win32')).toMatch(/Roaming.Switchboard$/)
    expect(defaultDataDir({}, 'darwin')).toMatch(/Library\/Application Support\/Switchboard$/)
  })
})

describe('instance quota flags in a running core', () => {
  it('--free-instance-quota 1: the second instance of a free account is 403 quota_reached', async () => {
    const { instanceQuota } = parseCliArgs(['--free-instance-quota', '1'], {})
    const t = await startTestCore('offline', { instanceQuota })
    try {
      expect((await t.call('POST', '/v2/session/create')).statusCode).toBe(201)
      const second = await t.call('POST', '/v2/session/create')
      expect(second.statusCode).toBe(403)
      expect(second.json()).toMatchObject({ code: 'quota_reached', message: expect.stringContaining('(1)') })
    } finally {
      await t.close()
    }
  })
})
