// libsignal's session dumps (private keys) never reach stdout: in a real core process, and the filter's own rules.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Writable } from 'node:stream'
import { describe, expect, it, vi } from 'vitest'
import { createCoreLogger } from '../../logging/logger.js'
import { installLibsignalConsoleFilter, libsignalMessage } from './libsignal-console.js'

const script = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'testing', 'libsignal-dump.script.ts')
const tsxCli = join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist', 'cli.mjs')

describe('libsignal console filter', () => {
  it('in a core process, "Closing session: SessionEntry {...}" becomes a one-line debug log entry without the keys', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sb-libsignal-'))
    const key = randomBytes(32)
    // util.inspect prints Buffers as spaced hex bytes; JSON would carry them as numbers or hex.
    const spaced = [...key.subarray(0, 8)].map((b) => b.toString(16).padStart(2, '0')).join(' ')
    const child = spawn(process.execPath, [tsxCli, script, dataDir, key.toString('hex')], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, SWITCHBOARD_LOG_LEVEL: 'debug' }
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    const code = await new Promise<number | null>((r) => child.on('exit', (c) => r(c)))
    expect(code, stdout + stderr).toBe(0)
    expect(stdout).toContain('DONE')
    expect(stdout).toContain('an ordinary console line still prints')
    for (const out of [stdout, stderr]) {
      expect(out).not.toMatch(/SessionEntry|privKey|rootKey|Closing session/)
      expect(out).not.toContain(spaced)
      expect(out).not.toContain(key.toString('hex'))
    }
    const log = readFileSync(join(dataDir, 'logs', 'switchboard.log'), 'utf8')
    const line = log.split('\n').find((l) => l.includes('libsignal: Closing session:'))
    expect(line, log.slice(-2000)).toBeDefined()
    expect(JSON.parse(line!)).toMatchObject({ level: 20, module: 'libsignal', msg: 'libsignal: Closing session:' })
    expect(log).not.toContain(key.toString('hex'))
    expect(log).not.toContain(key.toString('base64'))
    expect(log).not.toMatch(/privKey|rootKey/)
  })

  it('knows libsignal messages by their fixed text and passes every other console call through', () => {
    expect(libsignalMessage(['Closing session:', { privKey: Buffer.alloc(1) }])).toBe('Closing session:')
    expect(libsignalMessage(['Session error:Error: Bad MAC', 'stack'])).toBe('Session error:')
    expect(libsignalMessage(['Failed to decrypt message with any known session...'])).toBe('Failed to decrypt message with any known session')
    expect(libsignalMessage(['closing session:'])).toBeUndefined()
    expect(libsignalMessage([{ msg: 'Closing session:' }])).toBeUndefined()

    const lines: string[] = []
    const logger = createCoreLogger({ level: 'debug', destination: new Writable({ write: (c: Buffer, _e, done) => (lines.push(c.toString()), done()) }) })
    const info = vi.fn()
    const original = console.info
    console.info = info
    try {
      installLibsignalConsoleFilter(logger)
      console.info('Opening session:', { privKey: 'secret-bytes' })
      console.info('hello', 42)
      expect(info.mock.calls).toEqual([['hello', 42]])
      expect(lines).toHaveLength(1)
      expect(lines[0]).toContain('libsignal: Opening session:')
      expect(lines[0]).not.toContain('secret-bytes')
    } finally {
      console.info = original
    }
  })
})
