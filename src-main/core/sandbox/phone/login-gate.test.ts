// LoginGate: at most `max` logins at once, the rest first come first served, a slot freed once however often released.
import { describe, expect, it } from 'vitest'
import { LoginGate, type Release } from './login-gate.js'

describe('LoginGate', () => {
  it('admits max at once and the rest in arrival order as slots free', () => {
    const gate = new LoginGate(2)
    const started: string[] = []
    const releases = new Map<string, Release>()
    for (const name of ['a', 'b', 'c', 'd']) gate.enter((release) => { started.push(name); releases.set(name, release) })
    expect(started).toEqual(['a', 'b'])
    expect([gate.loggingIn, gate.waiting]).toEqual([2, 2])
    releases.get('b')!()
    releases.get('b')!() // twice: still one slot
    expect(started).toEqual(['a', 'b', 'c'])
    expect([gate.loggingIn, gate.waiting]).toEqual([2, 1])
    releases.get('a')!()
    releases.get('c')!()
    releases.get('d')!()
    expect(started).toEqual(['a', 'b', 'c', 'd'])
    expect([gate.loggingIn, gate.waiting]).toEqual([0, 0])
  })

  it('frees the slot of a login that throws', () => {
    const gate = new LoginGate(1)
    expect(() => gate.enter(() => { throw new Error('no socket') })).toThrow('no socket')
    let ran = false
    gate.enter(() => { ran = true })
    expect(ran).toBe(true)
  })

  it('refuses a size that admits nobody', () => {
    expect(() => new LoginGate(0)).toThrow()
  })
})
