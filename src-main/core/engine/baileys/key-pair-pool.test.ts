// The key-pair pool behind Baileys' Curve.generateKeyPair: pairs made in the thread pool are real X25519 pairs in
// Baileys' shape (an agreement with a pair from Baileys' own generation matches both ways), each handed out once,
// and an empty pool falls back to Baileys' own generation.
import { Curve } from '@whiskeysockets/baileys'
import { describe, expect, it } from 'vitest'
import { emptyKeyPairPool, fillKeyPairPool, keyPairsReady } from './key-pair-pool.js'
import { waitUntil } from '../../sandbox/testing/wait.js'

describe('key-pair pool', () => {
  it('hands out valid pairs made off the main thread, each once, then Baileys\' own', async () => {
    const own = Curve.generateKeyPair()
    // The test files of a worker share this process (isolate: false): an unpaired session of an earlier file set
    // the pool's target to 812 pre-keys. Pairs still in flight then land and count toward the 40.
    emptyKeyPairPool()
    fillKeyPairPool(40)
    // The thread pool is shared with the rest of the process: under a loaded suite filling took over 10 s once.
    await waitUntil(() => keyPairsReady() === 40, 45_000, 'pool filled')
    const pairs = Array.from({ length: 40 }, () => Curve.generateKeyPair())
    expect(keyPairsReady()).toBe(0)
    expect(new Set(pairs.map((p) => Buffer.from(p.private).toString('hex'))).size).toBe(40)
    for (const p of pairs.slice(0, 5)) {
      expect([p.private.length, p.public.length]).toEqual([32, 32])
      expect(Curve.sharedKey(p.private, own.public)).toEqual(Curve.sharedKey(own.private, p.public))
    }
    // Empty: Baileys generates.
    const next = Curve.generateKeyPair()
    expect(Curve.sharedKey(next.private, own.public)).toEqual(Curve.sharedKey(own.private, next.public))
  }, 60_000)
})
