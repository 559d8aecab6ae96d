// The two writers' turn-taking flags (write-turns.ts) within one thread: who waits for whom, and that a thread gone
// inside a transaction leaves no flag up for the main thread to wait on.
import { describe, expect, it } from 'vitest'
import { mainTurns, newWriteTurns, releaseThreadTurn, threadTurns } from './write-turns.js'

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
})
