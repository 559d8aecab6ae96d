// Test media made on the spot: a WAV tone, any clip the bundled ffmpeg can synthesize, and the digest tests
// compare decrypted copies by.
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { ffmpegPath } from '../messaging/send/transcode.js'

export const sha = (b: Buffer): string => createHash('sha256').update(b).digest('hex')

/** 16-bit mono PCM WAV of a sine tone. */
export function wav(seconds: number, hz = 440, rate = 16000): Buffer {
  const n = Math.floor(seconds * rate)
  const data = Buffer.alloc(n * 2)
  for (let i = 0; i < n; i++) data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * hz * i) / rate) * 12000), i * 2)
  const h = Buffer.alloc(44)
  h.write('RIFF', 0), h.writeUInt32LE(36 + data.length, 4), h.write('WAVE', 8), h.write('fmt ', 12)
  h.writeUInt32LE(16, 16), h.writeUInt16LE(1, 20), h.writeUInt16LE(1, 22), h.writeUInt32LE(rate, 24)
  h.writeUInt32LE(rate * 2, 28), h.writeUInt16LE(2, 32), h.writeUInt16LE(16, 34), h.write('data', 36), h.writeUInt32LE(data.length, 40)
  return Buffer.concat([h, data])
}

/** The file ffmpeg writes for `args` (inputs and codecs) as a .`ext` file. */
export async function ffmpegMake(args: string[], ext: string): Promise<Buffer> {
  const out = join(await mkdtemp(join(tmpdir(), 'sb-media-test-')), `out.${ext}`)
  await promisify(execFile)(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-y', ...args, out])
  return readFile(out)
}
