import { describe, expect, it } from 'vitest'
import { backgroundRetryDelay, backoffDelay, decideReconnect, DEFAULT_RECONNECT, freshHistory, type ReconnectConfig } from './reconnect-policy.js'

const config: ReconnectConfig = { ...DEFAULT_RECONNECT, jitter: 0 }
const close = (code: number | undefined, wasShowingQr = false) => ({ code, message: undefined, wasShowingQr })

describe('reconnect policy', () => {
  it('515 reconnects at once without counting a failure', () => {
    const d = decideReconnect(close(515), freshHistory(), 0, config)
    expect(d).toEqual({ action: 'reconnect', delayMs: 0, history: freshHistory() })
  })

  it('401 means logged out (wipe and re-register)', () => {
    expect(decideReconnect(close(401), freshHistory(), 0, config).action).toBe('logged_out')
  })

  it('403 fails at once (forbidden)', () => {
    expect(decideReconnect(close(403), freshHistory(), 0, config)).toMatchObject({ action: 'fail', reason: 'forbidden' })
  })

  it('402 and 406 (temporarily / permanently banned) fail at once as banned, never retried in the background', () => {
    for (const code of [402, 406]) {
      const d = decideReconnect(close(code), freshHistory(), 0, config)
      expect(d, String(code)).toMatchObject({ action: 'fail', reason: 'banned', history: freshHistory() })
      expect(backgroundRetryDelay({ reason: 'banned', code }, config)).toBeUndefined()
    }
  })

  it('other codes back off exponentially, capped, and fail after maxAttempts', () => {
    let history = freshHistory()
    const delays: number[] = []
    for (let i = 0; i < config.maxAttempts - 1; i++) {
      const d = decideReconnect(close(428), history, 0, config)
      expect(d.action).toBe('reconnect')
      if (d.action !== 'reconnect') return
      delays.push(d.delayMs)
      history = d.history
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 60000])
    expect(decideReconnect(close(undefined), history, 0, config)).toMatchObject({ action: 'fail', reason: 'retries_exhausted' })
  })

  it('jitter only shortens the delay, within the configured fraction', () => {
    const j = { ...config, jitter: 0.3 }
    expect(backoffDelay(3, j, () => 0)).toBe(4000)
    expect(backoffDelay(3, j, () => 1)).toBe(2800)
    expect(backoffDelay(50, j, () => 0)).toBe(60000)
  })

  it('440 backs off harder and fails after conflictLimit conflicts within the window', () => {
    let history = freshHistory()
    const first = decideReconnect(close(440), history, 1000, config)
    expect(first.action).toBe('reconnect')
    if (first.action === 'reconnect') expect(first.delayMs).toBeGreaterThanOrEqual(4000)
    history = first.history
    history = decideReconnect(close(440), history, 2000, config).history
    expect(decideReconnect(close(440), history, 3000, config)).toMatchObject({ action: 'fail', reason: 'conflict' })
    // Conflicts outside the window are forgotten.
    const later = decideReconnect(close(440), history, 3000 + config.conflictWindowMs + 5000, config)
    expect(later.action).toBe('reconnect')
  })

  it('an unscanned QR cycle (408 while showing a QR) re-registers, up to maxQrCycles', () => {
    let history = freshHistory()
    for (let i = 1; i < config.maxQrCycles; i++) {
      const d = decideReconnect(close(408, true), history, 0, config)
      expect(d).toMatchObject({ action: 'reconnect', delayMs: 0 })
      history = d.history
    }
    expect(decideReconnect(close(408, true), history, 0, config)).toMatchObject({ action: 'fail', reason: 'qr_timeout' })
    expect(history.failedAttempts).toBe(0)
  })

  it('after FAILED, retries in the background every 5 minutes (jitter only shortens) for causes that may pass, never for terminal ones', () => {
    expect(DEFAULT_RECONNECT.backgroundRetryMs).toBe(300_000)
    const j = { ...DEFAULT_RECONNECT, jitter: 0.2 }
    for (const code of [undefined, 408, 428, 500, 503]) expect(backgroundRetryDelay({ reason: 'retries_exhausted', code }, j, () => 0), String(code)).toBe(300_000)
    expect(backgroundRetryDelay({ reason: 'retries_exhausted', code: 428 }, j, () => 1)).toBe(240_000)
    // Logged out, conflicts, forbidden and an unscanned QR need the user.
    expect(backgroundRetryDelay({ reason: 'retries_exhausted', code: 401 }, j)).toBeUndefined()
    expect(backgroundRetryDelay({ reason: 'conflict', code: 440 }, j)).toBeUndefined()
    expect(backgroundRetryDelay({ reason: 'forbidden', code: 403 }, j)).toBeUndefined()
    expect(backgroundRetryDelay({ reason: 'qr_timeout', code: 408 }, j)).toBeUndefined()
    expect(backgroundRetryDelay({ reason: 'retries_exhausted', code: 428 }, { ...j, backgroundRetryMs: 0 })).toBeUndefined()
  })
})
