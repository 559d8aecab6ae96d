// The data key's sources (host, OS keyring with its marker, key file) and the AES-GCM sealing of values.
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openText, sealText } from './at-rest-crypto.js'
import { dataKeyFile, desktopKeyFile, keyringMarkerFile, resolveDataKey, writeKeyFile, type Keyring } from './data-key.js'

const dir = () => mkdtempSync(join(tmpdir(), 'sb-key-'))

function fakeKeyring(options: { accepts?: boolean } = {}): Keyring & { entries: Map<string, string> } {
  const entries = new Map<string, string>()
  return {
    name: 'fake keyring',
    entries,
    lookup: (dataDir) => entries.get(dataDir),
    store: (dataDir, secret) => {
      if (options.accepts === false) return false
      entries.set(dataDir, secret)
      return true
    }
  }
}

describe('data key', () => {
  it('without a keyring: a new 0600 key file, the same key on the next start', () => {
    const d = dir()
    const first = resolveDataKey(d)
    expect(first).toMatchObject({ source: 'file', where: dataKeyFile(d) })
    expect(first.key).toHaveLength(32)
    expect(statSync(dataKeyFile(d)).mode & 0o777).toBe(0o600)
    expect(statSync(join(d, 'keys')).mode & 0o777).toBe(0o700)
    expect(resolveDataKey(d).key.equals(first.key)).toBe(true)
  })

  it('with a keyring: the key goes there and keys/ says so; a keyring that lost it or is unreachable stops the start instead of minting a new key', () => {
    const d = dir()
    const keyring = fakeKeyring()
    const first = resolveDataKey(d, { keyring })
    expect(first.source).toBe('keyring')
    expect(existsSync(dataKeyFile(d))).toBe(false)
    expect(readFileSync(keyringMarkerFile(d), 'utf8')).toContain('fake keyring')
    expect(resolveDataKey(d, { keyring }).key.equals(first.key)).toBe(true)
    expect(() => resolveDataKey(d)).toThrow(expect.objectContaining({ code: 'data_key_unavailable' }))
    keyring.entries.clear()
    expect(() => resolveDataKey(d, { keyring })).toThrow(expect.objectContaining({ code: 'data_key_unavailable' }))
  })

  it('a keyring that refuses: the key file; an existing key file wins over the keyring', () => {
    const d = dir()
    expect(resolveDataKey(d, { keyring: fakeKeyring({ accepts: false }) }).source).toBe('file')
    const keyring = fakeKeyring()
    expect(resolveDataKey(d, { keyring }).source).toBe('file')
    expect(keyring.entries.size).toBe(0)
  })

  it('the host key wins; a data dir of the desktop app refuses a headless start', () => {
    const d = dir()
    const hostKey = new Uint8Array(32).fill(9)
    expect(resolveDataKey(d, { hostKey })).toMatchObject({ source: 'host' })
    expect(existsSync(join(d, 'keys'))).toBe(false)
    writeKeyFile(desktopKeyFile(d), 'wrapped')
    expect(() => resolveDataKey(d)).toThrow(expect.objectContaining({ code: 'data_key_unavailable' }))
    expect(() => resolveDataKey(d, { hostKey: new Uint8Array(16) })).toThrow(expect.objectContaining({ code: 'data_key_invalid' }))
  })

  it('a key file that is not 32 bytes of base64 is an error, never a silent new key', () => {
    const d = dir()
    writeKeyFile(dataKeyFile(d), 'short')
    expect(() => resolveDataKey(d)).toThrow(expect.objectContaining({ code: 'data_key_invalid' }))
    writeFileSync(dataKeyFile(d), Buffer.alloc(32, 1).toString('base64'))
    expect(resolveDataKey(d).key.equals(Buffer.alloc(32, 1))).toBe(true)
  })
})

describe('sealing', () => {
  const key = Buffer.alloc(32, 3)
  it('round-trips, with a fresh nonce per value, and refuses another key or an altered value', () => {
    const a = sealText(key, '{"private":"secret"}')
    const b = sealText(key, '{"private":"secret"}')
    expect(a).toMatch(/^enc1:/)
    expect(a).not.toBe(b)
    expect(openText(key, a)).toBe('{"private":"secret"}')
    expect(openText(key, 'plain text of an older row')).toBe('plain text of an older row')
    expect(() => openText(Buffer.alloc(32, 4), a)).toThrow(expect.objectContaining({ code: 'data_key_mismatch' }))
    const raw = Buffer.from(a.slice(5), 'base64')
    raw[14] = raw[14]! ^ 1
    expect(() => openText(key, `enc1:${raw.toString('base64')}`)).toThrow(expect.objectContaining({ code: 'data_key_mismatch' }))
    expect(() => openText(undefined, a)).toThrow(expect.objectContaining({ code: 'data_key_missing' }))
  })
})
