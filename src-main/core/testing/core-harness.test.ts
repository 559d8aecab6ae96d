import { describe, expect, it } from 'vitest'
import { pairInstance, startTestCore } from './core-harness.js'

describe('core harness', () => {
  it('pairInstance links an instance to a simulated phone by QR', async () => {
    const t = await startTestCore('sandbox', { plan: 'paid' })
    try {
      const id = await pairInstance(t, '15550001111', 'Harness')
      expect(t.core.instances.view(id)?.me?.id).toBe('15550001111@c.us')
      expect(t.core.engine.liveSocket(id)).toBeTruthy()
    } finally {
      await t.close()
    }
  })
})
