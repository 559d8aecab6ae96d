// The sandbox store: an action's notice goes away with the phone's next action, after NOTICE_MS, or when
// dismissed (never a newer notice by an older timer); failures keep the core's words.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FakeError, installMemoryBridge } from '../test/memory-bridge.js'
import { NOTICE_MS, useSandboxStore } from './sandbox-store.js'

const P = '15550000001'
const store = () => useSandboxStore.getState()

beforeEach(() => {
  vi.useFakeTimers()
  installMemoryBridge({
    'sandbox.scanQr': () => ({ linked: true }),
    'sandbox.enterCode': ({ code }) => {
      if (code === 'ZZZZ-ZZZZ') throw new FakeError('invalid_pairing_code', 'This pairing code is wrong')
      return { linked: true }
    },
    'sandbox.sendText': () => ({ id: 'x' }),
    'sandbox.messages': () => []
  })
})
afterEach(() => vi.useRealTimers())

describe('sandbox store notices', () => {
  it('shows a success notice, then clears it after NOTICE_MS', async () => {
    expect(await store().scanQr(P, 'AAAAAAAAAAAA')).toBe(true)
    expect(store().activity[P]).toEqual({ busy: null, error: null, notice: 'Scanned: the phone linked the instance' })
    await vi.advanceTimersByTimeAsync(NOTICE_MS - 1)
    expect(store().activity[P]?.notice).not.toBeNull()
    await vi.advanceTimersByTimeAsync(1)
    expect(store().activity[P]?.notice).toBeNull()
  })

  it('clears the old notice when the next action starts, and an old timer leaves the new notice alone', async () => {
    await store().scanQr(P, 'AAAAAAAAAAAA')
    await vi.advanceTimersByTimeAsync(NOTICE_MS / 2)
    const sending = store().sendText(P, '15550000002', 'hi')
    expect(store().activity[P]).toMatchObject({ busy: 'send', notice: null })
    await sending
    expect(store().activity[P]?.notice).toBe('Sent')
    await vi.advanceTimersByTimeAsync(NOTICE_MS / 2)
    expect(store().activity[P]?.notice).toBe('Sent')
    await vi.advanceTimersByTimeAsync(NOTICE_MS / 2)
    expect(store().activity[P]?.notice).toBeNull()
  })

  it('can be dismissed, and a failure shows the error instead', async () => {
    await store().enterCode(P, 'ABCD-EFGH')
    store().dismissNotice(P)
    expect(store().activity[P]?.notice).toBeNull()
    expect(await store().enterCode(P, 'ZZZZ-ZZZZ')).toBe(false)
    expect(store().activity[P]).toMatchObject({ busy: null, notice: null, error: { code: 'invalid_pairing_code' } })
  })
})
