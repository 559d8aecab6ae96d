// Campaigns (issue 19): N recipients over K instances in the sandbox at the fastest pacing the policy allows
// (unlimited policy, no delay, no caps), against the same sends made directly through POST /v2/send/text in the
// same run to as many other new contacts (one in flight per instance, as a campaign lane sends). Throughput ratio, heap before/after (after GC
// when node runs with --expose-gc), and the phones' count of campaign messages (each exactly once).
// BENCH_CAMPAIGN_N (default 200; the figure is 10000) and BENCH_CAMPAIGN_INSTANCES (default 2; 5).
import { performance } from 'node:perf_hooks'
import { request } from 'undici'
import { pairInstance, startTestCore, waitUntil } from '../src-main/core/testing/core-harness.js'
import { campaignCsv } from '../src-main/core/sandbox/testing/campaign-fixtures.js'
import type { BenchResult } from './lib.js'

const N = Number(process.env.BENCH_CAMPAIGN_N ?? 200)
const K = Number(process.env.BENCH_CAMPAIGN_INSTANCES ?? 2)

const heapMb = () => {
  ;(globalThis as { gc?: () => void }).gc?.()
  return process.memoryUsage().heapUsed / 1024 / 1024
}

export default async function run(): Promise<BenchResult> {
  const t = await startTestCore('sandbox', { plan: 'paid', logLevel: 'warn' })
  try {
    const ids: string[] = []
    for (let k = 0; k < K; k++) ids.push(await pairInstance(t, `1555019${String(k).padStart(4, '0')}`, `Bench ${k}`))
    for (const id of ids) {
      const res = await t.call('PATCH', '/v2/session/rate-limit', { instance_id: id, policy_slug: 'unlimited' })
      if (res.statusCode !== 200) throw new Error(`policy: ${res.body}`)
    }
    // Two disjoint sets of N phones, so both ways open new chats (a first message waits for the server's ack).
    const fixture = campaignCsv({ count: N, prefix: '1555020', start: 0 })
    const directPhones = campaignCsv({ count: N, prefix: '1555021', start: 0 }).phones
    for (const p of [...fixture.phones, ...directPhones]) await t.core.sandbox!.createPhone({ phoneNumber: p, name: `R${p.slice(-4)}` })

    // Baseline: every recipient once through /v2/send/text, one in flight per instance (the campaign's sticky split).
    const post = async (id: string, phone: string, text: string, tries = 5): Promise<void> => {
      const res = await request(`${t.core.url}/v2/send/text?access_token=${encodeURIComponent(t.token)}&instance_id=${id}`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ chatId: `${phone}@c.us`, message: text })
      })
      const body = await res.body.text()
      // A socket dropped under the machine's load (502) or still reconnecting (422): the campaign would retry too.
      if ((res.statusCode === 502 || res.statusCode === 422) && tries > 1) {
        await new Promise((r) => setTimeout(r, 1_000))
        return post(id, phone, text, tries - 1)
      }
      if (res.statusCode !== 200) throw new Error(`send: ${res.statusCode} ${body}`)
    }
    const share = ids.map((_, k) => directPhones.filter((_, i) => i % K === k))
    const t0 = performance.now()
    await Promise.all(ids.map(async (id, k) => {
      for (const p of share[k]!) await post(id, p, `direct ${p}`)
    }))
    const directSeconds = (performance.now() - t0) / 1000

    const heapBefore = heapMb()
    const list = await t.call('POST', '/v2/campaigns/lists', {}, { name: 'Bench', csv: fixture.csv })
    if (list.statusCode !== 201) throw new Error(`list: ${list.body}`)
    const draft = await t.call('POST', '/v2/campaigns', {}, {
      name: 'Bench', listId: (list.json() as { list: { id: string } }).list.id, instanceIds: ids, template: { text: 'Campaign {{name}}' },
      pacing: { minDelayMs: 0, maxDelayMs: 0, dailyCapPerNumber: null, warmup: false }, autopilot: { maxFailureRate: 1, maxOptOutRate: 1 }
    })
    if (draft.statusCode !== 201) throw new Error(`draft: ${draft.body}`)
    const cid = (draft.json() as { id: string }).id
    const c0 = performance.now()
    await t.call('POST', `/v2/campaigns/${cid}/start`, {}, { consent: { confirmed: true } })
    await waitUntil(async () => ((await t.call('GET', `/v2/campaigns/${cid}`)).json() as { campaign: { state: string } }).campaign.state === 'completed' || undefined, 30 * 60_000, 'campaign completed', 100)
    const campaignSeconds = (performance.now() - c0) / 1000
    const heapAfter = heapMb()

    // Counted on the phones: each got the campaign message exactly once.
    let twice = 0
    let missing = 0
    for (const p of fixture.phones) {
      const got = (await t.core.sandbox!.messages(p)).filter((m) => !m.fromMe && m.text?.startsWith('Campaign ')).length
      if (got > 1) twice++
      if (got === 0) missing++
    }
    return {
      bench: 'campaign',
      rows: [
        { name: `direct /v2/send/text (${K} in flight)`, sends: N, seconds: directSeconds, per_second: N / directSeconds },
        { name: `campaign (${K} instances)`, sends: N, seconds: campaignSeconds, per_second: N / campaignSeconds }
      ],
      summary: {
        throughput_ratio_campaign_vs_direct: directSeconds / campaignSeconds,
        heap_before_mb: heapBefore,
        heap_after_mb: heapAfter,
        heap_after_gc: (globalThis as { gc?: unknown }).gc ? 'yes' : 'no (run node with --expose-gc)',
        messaged_twice: twice,
        lost: missing
      }
    }
  } finally {
    await t.close()
  }
}
