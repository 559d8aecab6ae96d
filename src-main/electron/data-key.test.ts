// The desktop data key against a faked safeStorage: created wrapped, unwrapped on the next start, a headless key
// file adopted (and its plain copy removed), no key handed over without real protection, and a wrapped key that
// cannot be unwrapped stops the start instead of minting a new one.
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { dataKeyFile, desktopKeyFile, resolveDataKey, writeKeyFile } from '../core/secrets/data-key.js'
import { desktopDataKey } from './data-key.js'
import { FakeSafeStorage } from './testing/fake-electron.js'

const dir = () => mkdtempSync(join(tmpdir(), 'sb-desktop-key-'))

describe('desktop data key', () => {
  it('creates a key wrapped by safeStorage (0600, never in clear) and unwraps the same key on the next start', () => {
    const d = dir()
    const safe = new FakeSafeStorage()
    const first = desktopDataKey(d, safe, 'linux')
    expect(first.key).toHaveLength(32)
    expect(statSync(desktopKeyFile(d)).mode & 0o777).toBe(0o600)
    expect(existsSync(dataKeyFile(d))).toBe(false)
    expect(readFileSync(desktopKeyFile(d), 'utf8')).not.toContain(Buffer.from(first.key!).toString('base64'))
    expect(Buffer.from(desktopDataKey(d, safe, 'linux').key!).equals(Buffer.from(first.key!))).toBe(true)
    // The core refuses to start this data dir headless rather than mint another key.
    expect(() => resolveDataKey(d)).toThrow(expect.objectContaining({ code: 'data_key_unavailable' }))
    safe.secret = 'keychain-2'
    expect(() => desktopDataKey(d, safe, 'linux')).toThrow(/decrypting/)
    safe.available = false
    expect(() => desktopDataKey(d, safe, 'linux')).toThrow(/not available/)
  })

  it('adopts the key file of a data dir used headless, and removes the plain copy', () => {
    const d = dir()
    const headless = resolveDataKey(d)
    expect(headless.source).toBe('file')
    const adopted = desktopDataKey(d, new FakeSafeStorage(), 'darwin')
    expect(Buffer.from(adopted.key!).equals(headless.key)).toBe(true)
    expect(existsSync(dataKeyFile(d))).toBe(false)
    expect(existsSync(desktopKeyFile(d))).toBe(true)
  })

  it('hands no key over when safeStorage protects nothing (unavailable, or Linux basic_text): the core keeps its own', () => {
    const basic = Object.assign(new FakeSafeStorage(), { backend: 'basic_text' })
    expect(desktopDataKey(dir(), basic, 'linux').key).toBeUndefined()
    expect(desktopDataKey(dir(), Object.assign(new FakeSafeStorage(), { available: false }), 'win32').key).toBeUndefined()
    expect(desktopDataKey(dir(), basic, 'win32').key).toHaveLength(32)
    const d = dir()
    writeKeyFile(join(d, 'keys', 'data.key.keyring'), 'in the keyring')
    expect(desktopDataKey(d, new FakeSafeStorage(), 'linux').key).toBeUndefined()
  })
})
