// Units of the send pipeline without a network: base64 decoding and caps, URL refusals outside the sandbox,
// vCards, and a missing ffmpeg as a clear error code.
import { describe, expect, it } from 'vitest'
import { DEFAULT_MEDIA_LIMITS, decodeBase64, fetchFile, isPrivateAddress, publicOnlyLookup } from './media-input.js'
import { toOggOpus } from './transcode.js'
import { toVCard, vCardName } from './vcard.js'

describe('media input', () => {
  it('decodes base64, base64url and data: URLs; refuses junk and oversize', () => {
    expect(decodeBase64('aGVsbG8=', 'f', 100).bytes.toString()).toBe('hello')
    expect(decodeBase64('aGVsbG8', 'f', 100).bytes.toString()).toBe('hello')
    expect(decodeBase64('data:image/png;base64,aGVs\nbG8=', 'f', 100)).toMatchObject({ mimetype: 'image/png' })
    expect(decodeBase64('_-8', 'f', 100).bytes).toEqual(Buffer.from([0xff, 0xef]))
    expect(() => decodeBase64('not base64!', 'file[data]', 100)).toThrow(expect.objectContaining({ code: 'invalid_base64', details: expect.objectContaining({ invalid: ['file[data]'] }) }))
    expect(() => decodeBase64('A', 'f', 100)).toThrow(expect.objectContaining({ code: 'invalid_base64' }))
    expect(() => decodeBase64(Buffer.alloc(200).toString('base64'), 'f', 100)).toThrow(expect.objectContaining({ code: 'file_too_large' }))
  })

  it('outside the sandbox, loopback and private addresses are not fetched', async () => {
    const limits = { ...DEFAULT_MEDIA_LIMITS, allowPrivate: false }
    for (const url of ['http://localhost/a.png', 'http://127.0.0.1:8080/a', 'http://10.1.2.3/a', 'http://192.168.0.10/a', 'http://[::1]/a', 'http://169.254.169.254/latest']) {
      await expect(fetchFile(url, limits, 'file[url]'), url).rejects.toMatchObject({ code: 'invalid_file_url' })
    }
    await expect(fetchFile('file:///etc/passwd', limits, 'file[url]')).rejects.toMatchObject({ code: 'invalid_file_url' })
    expect(isPrivateAddress('8.8.8.8')).toBe(false)
    expect(isPrivateAddress('93.184.216.34')).toBe(false)
    expect(isPrivateAddress('2606:2800:220:1::1')).toBe(false)
    expect(isPrivateAddress('172.20.0.1')).toBe(true)
    expect(isPrivateAddress('fd00::1')).toBe(true)
    expect(isPrivateAddress('::ffff:127.0.0.1')).toBe(true)
  })

  it('a name that resolves to a private address is refused by the connect-time lookup (no DNS rebinding way in)', async () => {
    const result = await new Promise<{ err: NodeJS.ErrnoException | null; address: unknown }>((resolve) =>
      publicOnlyLookup('localhost', {}, (err, address) => resolve({ err, address }))
    )
    expect(result.err?.code).toBe('EPRIVATE')
    expect(result.err?.message).toContain('private address')
  })
})

describe('vCard', () => {
  it('writes vCard 3.0 with waid and escapes text values', () => {
    const v = toVCard({ fullName: 'Doe; John, Jr', organization: 'ACME', phoneNumber: '+1 555 000 1111' })
    expect(v.split('\n')).toEqual([
      'BEGIN:VCARD',
      'VERSION:3.0',
      'FN:Doe\\; John\\, Jr',
      'N:Doe\\; John\\, Jr;;;;',
      'ORG:ACME;',
      'TEL;type=CELL;type=VOICE;waid=15550001111:+1 555 000 1111',
      'END:VCARD'
    ])
    expect(vCardName(v)).toBe('Doe; John, Jr')
    expect(toVCard({ fullName: 'W', whatsappId: '201111111111@c.us' })).toContain('TEL;type=CELL;type=VOICE;waid=201111111111:+201111111111')
  })
})

describe('transcode', () => {
  it('a missing ffmpeg is converter_unavailable, not a crash', async () => {
    process.env.SWITCHBOARD_FFMPEG = '/nonexistent/ffmpeg'
    try {
      await expect(toOggOpus(Buffer.from('x'))).rejects.toMatchObject({ code: 'converter_unavailable' })
    } finally {
      delete process.env.SWITCHBOARD_FFMPEG
    }
  })
})
