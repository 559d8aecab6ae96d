import { describe, expect, it } from 'vitest'
import { CliUsageError, defaultDataDir, parseCliArgs } from './cli.js'

describe('CLI flags', () => {
  it('has the documented defaults', () => {
    expect(parseCliArgs([], { HOME: '/home/u', XDG_CONFIG_HOME: '/home/u/.config' })).toEqual({
      port: 3000,
      host: '127.0.0.1',
      dataDir: '/home/u/.config/Switchboard',
      network: 'whatsapp',
      plan: 'free',
      accessToken: undefined
    })
  })

  it('reads flags, and env vars when a flag is absent (flags win)', () => {
    const env = { SWITCHBOARD_PORT: '4000', SWITCHBOARD_HOST: '::1', SWITCHBOARD_DATA_DIR: '/d', SWITCHBOARD_NETWORK: 'sandbox', SWITCHBOARD_ACCESS_TOKEN: 'env-t', SWITCHBOARD_PLAN: 'paid' }
    expect(parseCliArgs([], env)).toEqual({ port: 4000, host: '::1', dataDir: '/d', network: 'sandbox', plan: 'paid', accessToken: 'env-t' })
    expect(parseCliArgs(['--port', '0', '--host', '127.0.0.1', '--data-dir', '/x', '--network', 'whatsapp', '--access-token', 't', '--plan', 'free'], env)).toEqual({
      port: 0,
      host: '127.0.0.1',
      dataDir: '/x',
      network: 'whatsapp',
      plan: 'free',
      accessToken: 't'
    })
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
