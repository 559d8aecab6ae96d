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

  it('held, starts no login (those under way go on); let go, admits up to max in arrival order', () => {
    const gate = new LoginGate(2)
    const started: string[] = []
    const releases = new Map<string, Release>()
    const login = (name: string) => gate.enter((release) => { started.push(name); releases.set(name, release) })
    login('a')
    gate.hold(true)
    for (const name of ['b', 'c', 'd', 'e']) login(name)
    releases.get('a')!()
    expect(started).toEqual(['a'])
    expect([gate.loggingIn, gate.waiting]).toEqual([0, 4])
    gate.hold(false)
    expect(started).toEqual(['a', 'b', 'c'])
    expect([gate.loggingIn, gate.waiting]).toEqual([2, 2])
    gate.hold(true)
    releases.get('b')!()
    expect(started).toEqual(['a', 'b', 'c'])
    gate.hold(false)
    expect(started).toEqual(['a', 'b', 'c', 'd'])
    expect([gate.loggingIn, gate.waiting]).toEqual([2, 1])
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
