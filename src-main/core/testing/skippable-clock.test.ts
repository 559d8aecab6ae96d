// The tests' skippable clock: real time plus what skip() added; a skip fires the timers it passes and brings the
// others closer by as much.
import { describe, expect, it } from 'vitest'
import { SkippableClock } from './skippable-clock.js'

describe('SkippableClock', () => {
  it('runs with real time, and a skip fires the passed timers at once and shortens the others', async () => {
    const clock = new SkippableClock()
    const start = Date.now()
    expect(Math.abs(clock.now() - start)).toBeLessThan(50)
    const fired: string[] = []
    clock.setTimer(() => fired.push('60 s'), 60_000)
    clock.setTimer(() => fired.push('10 min'), 600_000)
    const cancelled = clock.setTimer(() => fired.push('cancelled'), 60_000)
    cancelled()
    clock.skip(600_000 - 100)
    expect(clock.now() - Date.now()).toBe(600_000 - 100)
    await new Promise((r) => setTimeout(r, 20))
    expect(fired).toEqual(['60 s'])
    await new Promise((r) => setTimeout(r, 200))
    expect(fired).toEqual(['60 s', '10 min'])
    clock.skip(-5_000) // never back
    expect(clock.now() - Date.now()).toBe(600_000 - 100)
  })
})
