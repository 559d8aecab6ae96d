// The instance list of the UI names the policy that applies, as the Policies view and the API do: after a downgrade
// to free, an instance whose stored choice is paid-only runs as strict, and its card must say Strict, not Unlimited.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startTestCore, type TestCore } from '../testing/core-harness.js'
import { connectTestBridge, type TestBridge } from './testing/ws-bridge-client.js'

describe('UI bridge: the policy of an instance after a plan change', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sb-ui-plan-'))
  let t: TestCore | undefined
  let client: TestBridge | undefined
  const run = async (plan: 'free' | 'paid') => {
    client?.close()
    await t?.close()
    t = await startTestCore('offline', { dataDir, plan })
    client = await connectTestBridge(t.core.url, t.core.ui.token)
    return client.bridge
  }
  afterAll(async () => {
    client?.close()
    await t?.close()
  })

  it('lists the policy in force: strict on free, the kept paid choice again on paid', async () => {
    let bridge = await run('paid')
    const created = await bridge.instances.create({ name: 'Shop' })
    if (!created.ok) throw new Error(created.error.message)
    const id = created.data.id
    await bridge.instances.stop({ instanceId: id })
    expect((await bridge.policies.set({ instanceId: id, slug: 'unlimited' })).ok).toBe(true)

    bridge = await run('free')
    const onFree = await bridge.instances.list()
    const current = await bridge.policies.get({ instanceId: id })
    expect(current.ok && current.data.current).toBe('strict')
    expect(onFree.ok && onFree.data.instances.map((i) => [i.policy, i.policyName])).toEqual([['strict', 'Strict']])
    expect(await bridge.instances.get({ instanceId: id })).toMatchObject({ ok: true, data: { policy: 'strict', policyName: 'Strict' } })

    bridge = await run('paid')
    const onPaid = await bridge.instances.list()
    expect(onPaid.ok && onPaid.data.instances.map((i) => [i.policy, i.policyName])).toEqual([['unlimited', 'Unlimited']])
  })
})
