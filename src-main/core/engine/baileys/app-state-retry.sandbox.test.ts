// App-state writes survive version conflicts: the sandbox refuses the instance's next uploads with 409 (as the
// server does when the phone patched the same collection first) and the API call still lands, after Baileys'
// resync; beyond the retry budget the caller gets a 502 proxy_error in words, never a 500.
import { describe, expect, it, afterAll, beforeAll } from 'vitest'
import type { BaileysEventMap, WASocket } from '@whiskeysockets/baileys'
import { startAccountCore, waitUntil, type AccountCore } from '../../testing/account-core.js'
import { accountOf } from './baileys-port.js'
import { MAX_CONFLICT_RETRIES, retryingConflicts } from './app-state-retry.js'

const ME = '15550107001'

describe('retryingConflicts', () => {
  const conflict = Object.assign(new Error('conflict'), { data: 409 })

  it('retries a 409 until the call lands, and passes other failures through at once', async () => {
    let calls = 0
    const flaky = retryingConflicts(async (x: number) => {
      calls++
      if (calls < 3) throw conflict
      return x * 2
    })
    await expect(flaky(21)).resolves.toBe(42)
    expect(calls).toBe(3)

    calls = 0
    const broken = retryingConflicts(async () => {
      calls++
      throw Object.assign(new Error('forbidden'), { data: 403 })
    })
    await expect(broken()).rejects.toMatchObject({ data: 403 })
    expect(calls).toBe(1)
  })

  it('gives up after MAX_CONFLICT_RETRIES conflicts in a row', async () => {
    let calls = 0
    const always = retryingConflicts(async () => {
      calls++
      throw conflict
    })
    await expect(always()).rejects.toBe(conflict)
    expect(calls).toBe(MAX_CONFLICT_RETRIES + 1)
  })
})

describe.sequential('app-state conflicts on the sandbox', () => {
  let c: AccountCore
  let phone: WASocket
  let device: string
  const edits: BaileysEventMap['labels.edit'][] = []
  const refuseNext = async (count: number) => {
    const r = await c.t.inject({ method: 'POST', url: '/sandbox/faults', headers: { 'access-token': c.t.token }, payload: { action: 'app_state_conflict', jid: device, count } })
    expect(r.statusCode, r.body).toBe(200)
  }

  beforeAll(async () => {
    c = await startAccountCore(ME)
    phone = await c.person(ME)
    phone.ev.on('labels.edit', (l) => edits.push(l))
    device = accountOf(c.t.core.engine.liveSocket(c.id)!)!.id
  })
  afterAll(async () => c?.close())

  it('a write refused twice with 409 still lands (resync, retry) and reaches the phone', async () => {
    await refuseNext(2)
    const res = await c.api('POST', '/v2/labels', { name: 'Conflicted', color: 3 })
    expect(res.statusCode, res.body).toBe(201)
    await waitUntil(() => edits.find((l) => l.name === 'Conflicted'), 8000, 'the phone got the label')
  })

  it('a write refused more often than the retry budget is a 502 proxy_error naming the conflict', async () => {
    await refuseNext(MAX_CONFLICT_RETRIES + 1)
    const res = await c.api('POST', '/v2/labels', { name: 'Never', color: 4 })
    expect(res.statusCode, res.body).toBe(502)
    expect(res.json()).toMatchObject({ code: 'proxy_error' })
    expect(res.json().message).toMatch(/409/)
    // The fault is used up: the next write lands.
    expect((await c.api('POST', '/v2/labels', { name: 'After', color: 5 })).statusCode).toBe(201)
  })
})
