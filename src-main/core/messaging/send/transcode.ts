// `convert=true` of voice and video sends: ffmpeg (the static binary of @ffmpeg-installer/ffmpeg, or
// SWITCHBOARD_FFMPEG) turns any audio into OGG/Opus voice notes and any video into H.264/AAC MP4.
// Output is bit-exact (no random Ogg serials, no encoder tags), so the same input always gives the same bytes.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sendErrors } from './send-errors.js'

let cachedPath: string | undefined

/** Where ffmpeg is; throws converter_unavailable when it cannot be found. */
export function ffmpegPath(): string {
  if (cachedPath) return cachedPath
  const fromEnv = process.env.SWITCHBOARD_FFMPEG
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw sendErrors.converterUnavailable(`SWITCHBOARD_FFMPEG=${fromEnv} does not exist`)
    return (cachedPath = fromEnv)
  }
  try {
    const installer = createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }
    // A packaged desktop app keeps binaries outside the asar archive.
    const path = installer.path.replace(/app\.asar([\\/])/, 'app.asar.unpacked$1')
    if (!existsSync(path)) throw new Error(`${path} is missing`)
    return (cachedPath = path)
  } catch (e) {
    throw sendErrors.converterUnavailable(e instanceof Error ? e.message : String(e))
  }
}

export interface TranscodeOptions {
  timeoutMs?: number
}

const BITEXACT = ['-fflags', '+bitexact', '-flags', '+bitexact', '-map_metadata', '-1']

/** Any audio (MP3, WAV, AAC, M4A, OGG...) -> OGG/Opus mono 48 kHz, as WhatsApp voice notes are. */
export const toOggOpus = (input: Buffer, o: TranscodeOptions = {}): Promise<Buffer> =>
  transcode(input, 'ogg', ['-vn', '-ac', '1', '-ar', '48000', '-c:a', 'libopus', '-b:a', '32k', '-application', 'voip', ...BITEXACT, '-f', 'ogg'], o)

/** Any video -> H.264 (yuv420p, even dimensions) + AAC in MP4 with the index first (plays while downloading). */
export const toMp4 = (input: Buffer, o: TranscodeOptions = {}): Promise<Buffer> =>
  transcode(
    input,
    'mp4',
    ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '28', '-pix_fmt', 'yuv420p', '-vf', 'scale=trunc(iw/2)*2:trunc(ih/2)*2', '-c:a', 'aac', '-b:a', '96k', '-movflags', '+faststart', ...BITEXACT, '-f', 'mp4'],
    o
  )

/** Runs ffmpeg on temp files (MP4 output needs a seekable file); the work dir always goes. */
async function transcode(input: Buffer, ext: string, args: string[], o: TranscodeOptions): Promise<Buffer> {
  const bin = ffmpegPath()
  const dir = await mkdtemp(join(tmpdir(), 'sb-ffmpeg-'))
  try {
    const inFile = join(dir, 'input')
    const outFile = join(dir, `output.${ext}`)
    await writeFile(inFile, input)
    await run(bin, ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-i', inFile, ...args, outFile], o.timeoutMs ?? 120_000)
    const out = await readFile(outFile)
    if (!out.length) throw sendErrors.conversionFailed('ffmpeg produced no output')
    return out
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

function run(bin: string, args: string[], timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (d: Buffer) => {
      if (stderr.length < 4000) stderr += d.toString('utf8')
    })
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.on('error', (e) => {
      clearTimeout(timer)
      reject(sendErrors.converterUnavailable(e.message))
    })
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      if (code === 0) return resolve()
      const last = stderr.trim().split('\n').slice(-2).join(' ')
      reject(sendErrors.conversionFailed(signal ? `ffmpeg was stopped (${signal}) after ${timeoutMs} ms` : last || `ffmpeg exited with ${code}`))
    })
  })
}
