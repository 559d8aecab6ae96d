// The steady run's growth figure: a least-squares slope per minute over the samples after the warm-up.
import { describe, expect, it } from 'vitest'
import { fitSlope, type SteadySample } from './scale-steady.js'

const at = (min: number, heapMb: number, rssMb = 0): SteadySample => ({ min, heapMb, rssMb })

describe('fitSlope', () => {
  it('is the least-squares slope per minute, noise included', () => {
    // y = 100 + 0.5 x with ±1 MB of alternating noise: the fit recovers 0.5 (a first-to-last difference would not).
    const samples = Array.from({ length: 11 }, (_, x) => at(x, 100 + 0.5 * x + (x % 2 ? 1 : -1)))
    expect(fitSlope(samples, 'heapMb')).toBeCloseTo(0.5, 1)
  })

  it('leaves the warm-up out: caches filling in the first minutes are not growth', () => {
    const samples = [at(0, 70), at(1, 85), at(2, 95), ...Array.from({ length: 8 }, (_, k) => at(3 + k, 96))]
    expect(fitSlope(samples, 'heapMb')).toBeGreaterThan(1)
    expect(fitSlope(samples, 'heapMb', 3)).toBe(0)
  })

  it('fits RSS apart from the heap, and gives 0 with fewer than two samples', () => {
    const samples = [at(0, 50, 200), at(10, 50, 230)]
    expect(fitSlope(samples, 'rssMb')).toBeCloseTo(3)
    expect(fitSlope(samples, 'heapMb')).toBe(0)
    expect(fitSlope([at(5, 1)], 'heapMb')).toBe(0)
    expect(fitSlope(samples, 'heapMb', 20)).toBe(0)
  })
})
