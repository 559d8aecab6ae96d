// The two writers' turn-taking flags (write-turns.ts) within one thread: who waits for whom, and that a thread gone
// inside a transaction leaves no flag up for the main thread to wait on.
import { describe, expect, it } from 'vitest'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { mainHold, mainTurns, newWriteTurns, releaseThreadTurn, threadTurns } from './write-turns.js'

describe('write turns', () => {
  it('the main thread does not wait while the thread is outside a transaction, and the thread sees it wanting the store', () => {
    const buffer = newWriteTurns()
    const waits: number[] = []
    const main = mainTurns(buffer, (ms) => void waits.push(ms))
    const thread = threadTurns(buffer)
    expect(thread.mainWaiting()).toBe(false)
    main(true)
    expect(thread.mainWaiting()).toBe(true)
    main(false)
    expect(thread.mainWaiting()).toBe(false)
    // The thread's turn: up, then down again at its end; the main thread then begins without waiting.
    thread.begin(() => false)
    thread.end()
    main(true)
    main(false)
    expect(waits).toEqual([])
  })

  it('the thread backs off while the main thread is in a transaction (until told to stop)', () => {
    const buffer = newWriteTurns()
    const main = mainTurns(buffer)
    const thread = threadTurns(buffer)
    main(true)
    let asked = 0
    // With the main thread's flag up, begin() returns only through stop(); the caller then ends its turn unused.
    thread.begin(() => ++asked > 2)
    expect(asked).toBeGreaterThan(2)
    thread.end()
    const other = threadTurns(buffer)
    main(false)
    const waits: number[] = []
    mainTurns(buffer, (ms) => void waits.push(ms))(true)
    expect(waits).toEqual([])
    expect(other.mainWaiting()).toBe(true)
  })

  it('a thread gone inside its transaction: releasing its flag lets the main thread begin without waiting', () => {
    const buffer = newWriteTurns()
    threadTurns(buffer).begin(() => false)
    releaseThreadTurn(buffer)
    const waits: number[] = []
    const main = mainTurns(buffer, (ms) => void waits.push(ms))
    main(true)
    main(false)
    expect(waits).toEqual([])
  })

  it('a hold waits for the thread without blocking the loop, and keeps the thread out until released', async () => {
    const buffer = newWriteTurns()
    const thread = threadTurns(buffer)
    const hold = mainHold(buffer)
    // The thread is outside a transaction: write now.
    const free = hold()
    expect(free.ready).toBeUndefined()
    free.release()
    free.release() // idempotent: one holder, counted once
    expect(thread.mainWaiting()).toBe(false)

    thread.begin(() => false)
    const held = hold()
    expect(held.ready).toBeDefined()
    expect(thread.mainWaiting()).toBe(true) // the thread commits at its next part
    let ready = false
    void held.ready!.then(() => (ready = true))
    await nextTurn()
    await nextTurn()
    expect(ready).toBe(false) // the loop turned; the hold still waits
    thread.end()
    await held.ready
    expect(ready).toBe(true)
    // Held: the thread begins nothing (begin() returns only through stop()), and a transaction of the main side
    // opened and closed meanwhile does not let it in either (the count, not a flag).
    const main = mainTurns(buffer)
    main(true)
    main(false)
    let asked = 0
    thread.begin(() => ++asked > 2)
    expect(asked).toBeGreaterThan(2)
    thread.end()
    held.release()
    asked = 0
    thread.begin(() => ++asked > 2)
    expect(asked).toBe(0)
    thread.end()
  })
})

