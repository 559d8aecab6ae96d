// The pairing store: the QR per instance as pushed (a null image ends it), load errors in words, pairing codes.
import { describe, expect, it } from 'vitest'
import { FakeError, installMemoryBridge } from '../test/memory-bridge.js'
import { usePairingStore } from './pairing-store.js'

const store = () => usePairingStore.getState()

describe('pairing store', () => {
  it('replaces an instance’s QR with each push, with the lifetime the core gives, and drops it on null', () => {
    store().applyQr({ instanceId: 'A', image: 'data:image/png;base64,AA', issuedAt: 1_000, expiresAt: 61_000 })
    store().applyQr({ instanceId: 'B', image: 'data:image/png;base64,BB', issuedAt: 1_000, expiresAt: 21_000 })
    expect(store().qr.A).toEqual({ image: 'data:image/png;base64,AA', issuedAt: 1_000, expiresAt: 61_000 })
    store().applyQr({ instanceId: 'A', image: null, issuedAt: 2_000, expiresAt: null })
    expect(store().qr.A).toBeNull()
    expect(store().qr.B?.expiresAt).toBe(21_000)
  })

  it('keeps the core’s words when there is no QR, and clears them when one arrives', async () => {
    installMemoryBridge({
      'pairing.qr': () => {
        throw new FakeError('session_status_mismatch', 'Not showing a QR', 'Start the instance')
      }
    })
    await store().loadQr('A')
    expect(store().qrError.A).toMatchObject({ code: 'session_status_mismatch', recommendation: 'Start the instance' })
    store().applyQr({ instanceId: 'A', image: 'data:image/png;base64,AA', issuedAt: 1, expiresAt: 2 })
    expect(store().qrError.A).toBeNull()
  })

  it('remembers the code with its instance and phone number', async () => {
    installMemoryBridge({ 'pairing.requestCode': () => ({ code: 'ABCD-1234' }) })
    await store().requestCode('A', '15550000001')
    expect(store().code).toEqual({ instanceId: 'A', phoneNumber: '15550000001', code: 'ABCD-1234' })
    expect(store().codeBusy).toBe(false)
  })
})
