// The file parameter of media endpoints (moved here from messaging/send/send-units.test.ts with the reader).
import { describe, expect, it } from 'vitest'
import { DEFAULT_MEDIA_LIMITS } from '../../messaging/send/media-input.js'
import { readMediaParam } from './media-param.js'

describe('media input', () => {
  it('reads every spelling of the file parameter', async () => {
    const limits = DEFAULT_MEDIA_LIMITS
    const b64 = Buffer.from('abc').toString('base64')
    expect((await readMediaParam({ file: { data: b64, filename: 'a.txt', mimetype: 'text/plain' } }, limits)).filename).toBe('a.txt')
    expect((await readMediaParam({ file: b64 }, limits)).data.toString()).toBe('abc')
    expect((await readMediaParam({ file: `data:text/plain;base64,${b64}` }, limits)).mimetype).toBe('text/plain')
    await expect(readMediaParam({}, limits)).rejects.toMatchObject({ code: 'missing_param', details: { missing: ['file[url]'] } })
  })
})
