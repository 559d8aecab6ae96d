// The console half of the core's log: a person at a terminal reads lines, a log collector gets JSON.
import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { consoleStream, createCoreLogger } from '../logging/logger.js'

function logThrough(tty: boolean): string {
  const file = join(mkdtempSync(join(tmpdir(), 'sb-console-')), 'out.log')
  const fd = openSync(file, 'w')
  const logger = createCoreLogger({ destination: consoleStream(tty, fd) })
  logger.warn({ instanceId: 'ABC123', access_token: 'secret-token-value' }, 'proxy unreachable')
  logger.flush()
  closeSync(fd)
  return readFileSync(file, 'utf8')
}

describe('console output', () => {
  it('is human-readable on a terminal: level word, message and fields, no JSON, tokens still redacted', () => {
    const text = logThrough(true)
    expect(text).toMatch(/WARN/)
    expect(text).toContain('proxy unreachable')
    expect(text).toContain('ABC123')
    expect(text.trimStart().startsWith('{')).toBe(false)
    expect(text).not.toContain('secret-token-value')
  })

  it('is one JSON object per line otherwise (for log collectors)', () => {
    const line = JSON.parse(logThrough(false).trim()) as Record<string, unknown>
    expect(line).toMatchObject({ level: 40, msg: 'proxy unreachable', instanceId: 'ABC123', access_token: '[REDACTED]' })
  })
})
