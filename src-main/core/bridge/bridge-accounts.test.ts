// accounts.* over a real WebSocket bridge to a real core (offline engine): the owner adds an account whose token
// works on the HTTP API with its own instances only, rotates it (the old one is 401 at once), sets its quota and
// plan, and removes it (refused while it has instances unless forced); the owner itself cannot be removed, and a
// UI acting as any other account is refused.
import { describe, expect, it } from 'vitest'
import type { AccountRow } from '../db/repositories/accounts-repo.js'
import type { CoreServices } from '../services/core-services.js'
import type { TestCore } from '../testing/core-harness.js'
import { useUiCore } from '../testing/suite.js'
import { accountHandlers } from './handlers/accounts.js'
import type { UiBridgeConfig } from './services.js'
import type { TestBridge } from './testing/ws-bridge-client.js'

describe('bridge accounts.* (offline engine)', () => {
  let t: TestCore
  let client: TestBridge
  useUiCore((core, ui) => {
    t = core
    client = ui
  }, { network: 'offline', uiToken: 'accounts-ui-token-0123456789' })

  const api = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string) => t.inject({ method, url, headers: { 'access-token': token } })
  const data = async <T>(p: Promise<{ ok: true; data: T } | { ok: false; error: { code: string; message: string } }>): Promise<T> => {
    const r = await p
    if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`)
    return r.data
  }

  it('lists the owner (never a token), adds an account whose token works with its own instances only', async () => {
    const first = await data(client.bridge.accounts.list())
    expect(first.accounts).toHaveLength(1)
    expect(first.accounts[0]).toMatchObject({ id: 'default', isDefault: true, tokenHint: t.token.slice(-4), instances: 0 })
    expect(JSON.stringify(first)).not.toContain(t.token)
    expect(first.planQuotas).toEqual({ free: 2, paid: null })

    const mine = await api('POST', '/v2/session/create', t.token)
    expect(mine.statusCode).toBe(201)
    const added = await data(client.bridge.accounts.add({ name: '  Acme  ', plan: 'paid', quota: 3 }))
    expect(added.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(added.account).toMatchObject({ name: 'Acme', plan: 'paid', instanceQuota: 3, quotaOverridden: true, instances: 0, tokenHint: added.token.slice(-4), isDefault: false })

    const theirs = await api('POST', '/v2/session/create', added.token)
    expect(theirs.statusCode).toBe(201)
    const theirId = String(theirs.json().instance_id)
    // Each token sees its own instance and not the other's.
    expect((await api('GET', `/v2/session/info?instance_id=${theirId}`, t.token)).statusCode).toBe(404)
    expect((await api('GET', `/v2/session/info?instance_id=${String(mine.json().instance_id)}`, added.token)).statusCode).toBe(404)
    expect((await api('GET', `/v2/session/info?instance_id=${theirId}`, added.token)).statusCode).toBe(200)

    const listed = await data(client.bridge.accounts.list())
    expect(listed.accounts.map((a) => [a.name, a.instances])).toEqual([['Default account', 1], ['Acme', 1]])
    expect(JSON.stringify(listed)).not.toContain(added.token)
  })

  it('rotates: the old token is 401 at once, the new one works', async () => {
    const acme = (await data(client.bridge.accounts.list())).accounts.find((a) => a.name === 'Acme')!
    const before = await data(client.bridge.accounts.add({ name: 'Rotating' }))
    const after = await data(client.bridge.accounts.rotate({ accountId: before.account.id }))
    expect(after.token).not.toBe(before.token)
    expect((await api('POST', '/v2/session/create', before.token)).statusCode).toBe(401)
    expect((await api('POST', '/v2/session/create', after.token)).statusCode).toBe(201)
    expect(after.account.tokenHint).toBe(after.token.slice(-4))
    expect(acme.id).not.toBe(before.account.id)
  })

  it('quota and plan: quota 1 refuses the second instance; back to the plan (paid: unlimited) allows it', async () => {
    const acme = (await data(client.bridge.accounts.list())).accounts.find((a) => a.name === 'Acme')!
    const token = (await data(client.bridge.accounts.rotate({ accountId: acme.id }))).token
    expect(await data(client.bridge.accounts.setPlan({ accountId: acme.id, quota: 1 }))).toMatchObject({ instanceQuota: 1, quotaOverridden: true })
    const refused = await api('POST', '/v2/session/create', token)
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ code: 'quota_reached' })
    expect(await data(client.bridge.accounts.setPlan({ accountId: acme.id, quota: 'plan' }))).toMatchObject({ plan: 'paid', instanceQuota: null, quotaOverridden: false })
    expect((await api('POST', '/v2/session/create', token)).statusCode).toBe(201)
    expect(await data(client.bridge.accounts.setPlan({ accountId: acme.id, plan: 'free' }))).toMatchObject({ plan: 'free', instanceQuota: 2 })
    // Nothing to change is a contract error, not a silent no-op.
    expect(await client.bridge.accounts.setPlan({ accountId: acme.id } as never)).toMatchObject({ ok: false, error: { code: 'invalid_request' } })
  })

  it('remove: refused while the account has instances; forced, deletes them and the token stops working', async () => {
    const acme = (await data(client.bridge.accounts.list())).accounts.find((a) => a.name === 'Acme')!
    const token = (await data(client.bridge.accounts.rotate({ accountId: acme.id }))).token
    const refused = await client.bridge.accounts.remove({ accountId: acme.id })
    expect(refused).toMatchObject({ ok: false, error: { code: 'account_has_instances' } })
    expect((await api('POST', '/v2/session/create', token)).statusCode).toBe(403) // still there (free quota 2, 2 used)
    const removed = await data(client.bridge.accounts.remove({ accountId: acme.id, force: true }))
    expect(removed).toMatchObject({ account: { name: 'Acme' }, deletedInstances: 2 })
    expect((await api('POST', '/v2/session/create', token)).statusCode).toBe(401)
    const left = await data(client.bridge.accounts.list())
    expect(left.accounts.map((a) => a.name)).toEqual(['Default account', 'Rotating'])
    expect(await client.bridge.accounts.remove({ accountId: acme.id })).toMatchObject({ ok: false, error: { code: 'not_found' } })
  })

  it('the owner cannot be removed; a rotated owner token is the API token', async () => {
    expect(await client.bridge.accounts.remove({ accountId: 'default', force: true })).toMatchObject({ ok: false, error: { code: 'forbidden' } })
    const rotated = await data(client.bridge.accounts.rotate({ accountId: 'default' }))
    expect((await api('POST', '/v2/session/create', t.token)).statusCode).toBe(401)
    expect(t.core.revealDefaultToken()).toBe(rotated.token)
    expect((await api('POST', '/v2/session/create', rotated.token)).statusCode).toBe(201)
  })

  it('a UI acting as an account other than the owner is refused', () => {
    const notOwner = { id: 'acc_x', is_default: 0 } as AccountRow
    const handlers = accountHandlers({ services: {} as CoreServices, config: {} as UiBridgeConfig, account: () => notOwner, owned: () => { throw new Error('unused') } })
    expect(() => handlers['accounts.list']({})).toThrow(expect.objectContaining({ code: 'forbidden' }) as Error)
  })
})
