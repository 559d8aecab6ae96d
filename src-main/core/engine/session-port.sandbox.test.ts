// The session port against the sandbox network (real Baileys, real protocol): a port exists only while the instance
// is WORKING, its verbs reach the other party, failures come back as EngineRequestErrors (the one translation) that
// toDomainError maps, and a reconnect gives a new port whose announced presence starts over.
import { describe, expect, it } from 'vitest'
import { coreErrors } from '../domain/core-errors.js'
import { pairInstance, waitUntil, type TestCore } from '../testing/core-harness.js'
import { useCore } from '../testing/suite.js'
import { EngineRequestError, networkErrorCode, toDomainError } from './engine-errors.js'

const ME = '15550318001'
const BOB = '15550318002'
const jid = (p: string) => `${p}@s.whatsapp.net`

describe.sequential('session port (sandbox, real Baileys)', () => {
  let t: TestCore
  let id: string

  useCore(async (core) => {
    t = core
    await t.core.sandbox!.createPhone({ phoneNumber: BOB, name: 'Bob' })
    id = await pairInstance(t, ME, 'Me')
  }, { plan: 'paid', timeoutMs: 60_000 })

  const port = () => {
    const p = t.core.engine.livePort(id)
    if (!p) throw new Error('no live port')
    return p
  }

  it('knows the account, sends through the live connection and checks numbers', async () => {
    expect(port().account()).toMatchObject({ pn: jid(ME) })
    expect(port().account().id).toMatch(new RegExp(`^${ME}:\\d+@s\\.whatsapp\\.net$`))
    const messageId = port().newMessageId()
    const sent = await port().send(jid(BOB), { text: 'through the port' }, { messageId })
    expect(sent.key).toMatchObject({ id: messageId, fromMe: true, remoteJid: jid(BOB) })
    await waitUntil(async () => {
      const inbox = (await t.call('GET', `/sandbox/phones/${BOB}/messages`)).json() as { text?: string }[]
      return inbox.some((m) => m.text === 'through the port')
    }, 15_000, 'Bob got the text (decrypted on his phone)')
    expect(await port().onWhatsApp(jid(BOB))).toBe(true)
    expect(await port().onWhatsApp(jid('15550318999'))).toBe(false)
    expect(await port().lookupNumber(BOB)).toMatchObject({ exists: true, jid: jid(BOB), business: null })
  }, 30_000)

  it('a refused request rejects with an EngineRequestError carrying the network code, mapped once by toDomainError', async () => {
    const failure = await port().groups.metadata('120363999999999999@g.us').then(
      () => undefined,
      (e: unknown) => e
    )
    expect(failure).toBeInstanceOf(EngineRequestError)
    const code = networkErrorCode(failure)
    expect(code).toBeGreaterThanOrEqual(400)
    expect(toDomainError(failure, { [code!]: () => coreErrors.invalidParam('gid', 'no such group') })).toMatchObject({ code: 'invalid_param' })
    expect(toDomainError(failure).code).toMatch(/^(proxy_error|invalid_param)$/)
  }, 30_000)

  it('exists only while WORKING; a reconnect gives a new port whose announced presence starts over', async () => {
    await port().announcePresence('available')
    expect(port().ownPresence()).toBe('available')
    const before = port()
    await t.call('POST', '/v2/session/restart', { instance_id: id })
    await t.waitForStatus(id, 'WORKING', 30_000)
    const after = await waitUntil(() => t.core.engine.livePort(id), 10_000, 'a live port again')
    expect(after).not.toBe(before)
    expect(after.ownPresence()).toBe('unavailable')
    await t.call('POST', '/v2/session/stop', { instance_id: id })
    await t.waitForStatus(id, 'STOPPED')
    expect(t.core.engine.livePort(id)).toBeUndefined()
  }, 60_000)
})
