// The data key wrapped with a passphrase: new data dirs, the wrapping of a key file in clear (and a start killed in
// the middle of it), a wrong or missing passphrase refused with its code and nothing written. Real files, real scrypt.
import { copyFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { dataKeyFile, keysDir, resolveDataKey, wrappedKeyFile, writeKeyFile } from './data-key.js'
import { wrapDataKey } from './passphrase-wrap.js'

const dir = () => mkdtempSync(join(tmpdir(), 'sb-pass-'))
const PASS = 'correct horse battery'

/** Every file of keys/ with its bytes: what a refused start must leave untouched. */
const snapshot = (d: string) => Object.fromEntries(readdirSync(keysDir(d)).map((f) => [f, readFileSync(join(keysDir(d), f)).toString('base64')]))

describe('data key with a passphrase', () => {
  it('a new data dir keeps only the wrapped key (0600), which opens with the passphrase and nothing else', () => {
    const d = dir()
    const first = resolveDataKey(d, { passphrase: PASS })
    expect(first).toMatchObject({ source: 'passphrase', where: wrappedKeyFile(d) })
    expect(existsSync(dataKeyFile(d))).toBe(false)
    expect(statSync(wrappedKeyFile(d)).mode & 0o777).toBe(0o600)
    const text = readFileSync(wrappedKeyFile(d), 'utf8')
    expect(text).not.toContain(first.key.toString('base64'))
    expect(JSON.parse(text)).toMatchObject({ kdf: { name: 'scrypt', N: 2 ** 17, r: 8, p: 1 }, cipher: 'aes-256-gcm' })
    expect(resolveDataKey(d, { passphrase: PASS }).key.equals(first.key)).toBe(true)
    expect(() => resolveDataKey(d)).toThrow(expect.objectContaining({ code: 'data_key_passphrase_required' }))
    expect(() => resolveDataKey(d, { passphrase: 'correct horse battery!' })).toThrow(expect.objectContaining({ code: 'data_key_passphrase_wrong' }))
  })

  it('wraps an existing key file in clear on the first start with a passphrase, keeping the same key', () => {
    const d = dir()
    const clear = resolveDataKey(d)
    expect(clear.source).toBe('file')
    const wrapped = resolveDataKey(d, { passphrase: PASS })
    expect(wrapped).toMatchObject({ source: 'passphrase' })
    expect(wrapped.key.equals(clear.key)).toBe(true)
    expect(existsSync(dataKeyFile(d))).toBe(false)
    // A copy of the folder alone does not give the key.
    expect(() => resolveDataKey(d)).toThrow(expect.objectContaining({ code: 'data_key_passphrase_required' }))
  })

  it('a wrong or missing passphrase writes nothing; a weak one is refused before anything is written', () => {
    const d = dir()
    resolveDataKey(d, { passphrase: PASS })
    const before = snapshot(d)
    expect(() => resolveDataKey(d, { passphrase: 'not the passphrase' })).toThrow(expect.objectContaining({ code: 'data_key_passphrase_wrong' }))
    expect(() => resolveDataKey(d, { passphrase: '' })).toThrow(expect.objectContaining({ code: 'data_key_passphrase_required' }))
    expect(snapshot(d)).toEqual(before)

    const c = dir()
    resolveDataKey(c)
    const clearBefore = snapshot(c)
    expect(() => resolveDataKey(c, { passphrase: 'short' })).toThrow(expect.objectContaining({ code: 'data_key_passphrase_weak' }))
    expect(snapshot(c)).toEqual(clearBefore)
  })

  it('a start killed after the wrapped file was renamed into place: the next start erases the key file in clear', () => {
    const d = dir()
    const { key } = resolveDataKey(d)
    // The state such a kill leaves: both files, the same key.
    writeKeyFile(wrappedKeyFile(d), wrapDataKey(key, PASS))
    expect(() => resolveDataKey(d)).toThrow(expect.objectContaining({ code: 'data_key_passphrase_required' }))
    expect(existsSync(dataKeyFile(d))).toBe(true)
    expect(resolveDataKey(d, { passphrase: PASS }).key.equals(key)).toBe(true)
    expect(existsSync(dataKeyFile(d))).toBe(false)
  })

  it('a start killed before the rename (a temp file left): the key file in clear is still the key and is wrapped again', () => {
    const d = dir()
    const { key } = resolveDataKey(d)
    writeFileSync(`${wrappedKeyFile(d)}.12345.tmp`, wrapDataKey(key, PASS).slice(0, 40))
    const again = resolveDataKey(d, { passphrase: PASS })
    expect(again.key.equals(key)).toBe(true)
    expect(existsSync(dataKeyFile(d))).toBe(false)
    expect(readdirSync(keysDir(d))).toEqual(['data.key.wrapped'])
  })

  it('refuses a wrapped file beside a key file in clear holding another key, and an altered wrapped file', () => {
    const d = dir()
    const { key } = resolveDataKey(d, { passphrase: PASS })
    writeKeyFile(dataKeyFile(d), `${Buffer.alloc(32, 7).toString('base64')}\n`)
    expect(() => resolveDataKey(d, { passphrase: PASS })).toThrow(expect.objectContaining({ code: 'data_key_invalid' }))
    expect(existsSync(dataKeyFile(d))).toBe(true)

    const e = dir()
    resolveDataKey(e, { passphrase: PASS })
    const file = JSON.parse(readFileSync(wrappedKeyFile(e), 'utf8')) as { kdf: { salt: string } }
    file.kdf.salt = Buffer.alloc(16).toString('base64')
    writeFileSync(wrappedKeyFile(e), JSON.stringify(file))
    expect(() => resolveDataKey(e, { passphrase: PASS })).toThrow(expect.objectContaining({ code: 'data_key_passphrase_wrong' }))
    writeFileSync(wrappedKeyFile(e), 'not json')
    expect(() => resolveDataKey(e, { passphrase: PASS })).toThrow(expect.objectContaining({ code: 'data_key_invalid' }))
    // The host's key still wins (the desktop app never uses the passphrase).
    copyFileSync(wrappedKeyFile(d), wrappedKeyFile(e))
    expect(resolveDataKey(e, { hostKey: key }).source).toBe('host')
  })
})
