// Issue 22 item 2 end to end (a small storm, fast windows): POST /sandbox/faults bad_mac_storm has simulated
// senders write to the instance's device with every message undecryptable there. The log carries one aggregated
// line per window ("N undecryptable from 3 senders in the last 1 s") instead of one error line per message, the
// placeholders are kept, retry receipts stop at the per-sender budget (counted on the senders' phones), and a
// message from someone else afterwards arrives as usual.
import { describe, expect, it } from 'vitest'
import { pairInstance, waitUntil, type TestCore } from '../testing/core-harness.js'
import { useCore } from '../testing/suite.js'
import { startVerifyingReceiver, webhookTo, type VerifyingReceiver } from '../testing/event-fixtures.js'

const US = '15550260001'
const SENDERS = ['15550260002', '15550260003', '15550260004']
const FRIEND = '15550260009'

describe('Bad MAC storm: aggregated log lines, other traffic unaffected', () => {
  let t: TestCore
  let rx: VerifyingReceiver
  let id: string

  useCore(async (core, { closeAfter }) => {
    t = core
    rx = closeAfter(await startVerifyingReceiver('storm-secret'))
    id = await pairInstance(t, US, 'Shop')
    await t.core.sandbox!.createPhone({ phoneNumber: FRIEND, name: 'Fran' })
    await webhookTo(t, id, rx, ['message'])
  }, { plan: 'paid', timeoutMs: 90_000, undecryptableGraceMs: 2_000, engine: { decryptLogWindowMs: 1_000, retryReceiptsPerSender: 4 } })

  it('counts per window instead of one line per message, and the next message from someone else arrives', async () => {
    const device = t.core.sandbox!.getPhone(US)!.devices.find((d) => d.kind === 'companion')!.jid
    const res = await t.call('POST', '/sandbox/faults', {}, { action: 'bad_mac_storm', jid: device, senders: SENDERS, messages: 8, per_minute: 6_000 })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ total: 24 })
    // Someone else writes while the storm runs: read as usual (Baileys' 250 ms pause after each retry receipt,
    // taken under the lock every incoming message needs, would queue it behind the storm).
    await t.core.sandbox!.sendText(FRIEND, US, 'during the storm')
    await rx.waitFor('message', (p) => p.body === 'during the storm', 20_000)
    const lines = () => t.logLines.filter((l) => /undecryptable from \d+ senders? in the last 1 s/.test(l))
    const counted = () => lines().reduce((n, l) => n + (JSON.parse(l) as { undecryptable: number }).undecryptable, 0)
    await waitUntil(() => counted() >= 24, 60_000, 'every storm message counted')
    const line = JSON.parse(lines()[0]!) as { undecryptable: number; senders: number; top: { sender: string; count: number }[]; msg: string }
    expect(line.msg).toMatch(/^[\d,]+ undecryptable from [1-3] senders? in the last 1 s$/)
    expect(line.top.every((s) => SENDERS.some((p) => s.sender.startsWith(p)))).toBe(true)
    expect(new Set(lines().flatMap((l) => (JSON.parse(l) as { top: { sender: string }[] }).top.map((s) => s.sender.split(/[:@]/)[0]))).size).toBe(3)
    // Never one error line per message.
    expect(t.logLines.filter((l) => l.includes('failed to decrypt message'))).toEqual([])
    // Nor Baileys' key-store line for the same failure (its transaction rolls back on each Bad MAC).
    expect(t.logLines.filter((l) => l.includes('transaction failed, rolling back')).length).toBe(0)
    // Counted on the senders' phones: 8 failures each drew 7-9 retry receipts per sender without a budget; with a
    // budget of 4 a minute each sender is asked to resend exactly 4 times, the rest only get their placeholder.
    const receipts = () => SENDERS.map((p) => t.core.sandbox!.getPhone(p)!.devices.find((d) => d.kind === 'phone')!.retry_receipts)
    await waitUntil(() => receipts().reduce((a, b) => a + b, 0) >= 12, 10_000, 'retry receipts reach the senders')
    expect(receipts(), 'retry receipts per sender').toEqual([4, 4, 4])

    await t.call('POST', '/sandbox/faults', {}, { action: 'clear' })
    await t.core.sandbox!.sendText(FRIEND, US, 'after the storm')
    await rx.waitFor('message', (p) => p.body === 'after the storm', 20_000)
    expect((await t.call('GET', '/v2/session/info', { instance_id: id })).json()).toMatchObject({ status: 'WORKING' })
  })
})
