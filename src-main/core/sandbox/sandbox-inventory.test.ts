// The stanza-inventory canary can fail: iqs the sandbox does not model — an unknown namespace, an unknown
// operation in a known namespace, an unknown usync protocol — sent through a real Baileys socket are reported
// as unhandled, while the operations it answers on purpose (keepalive, the active switch) count as handled.
import { describe, expect, it } from 'vitest'
import type { BinaryNode } from '@whiskeysockets/baileys'
import { usePairedSandbox, type PairedSandbox } from './testing/suite.js'

const S = '@s.whatsapp.net'
const iq = (xmlns: string, type: string, first: BinaryNode, to = S): BinaryNode => ({ tag: 'iq', attrs: { to, xmlns, type }, content: [first] })

describe.sequential('sandbox stanza inventory', () => {
  let ctx: PairedSandbox
  usePairedSandbox((sandbox) => (ctx = sandbox))

  it('pairing, login and a ping leave nothing unhandled; answered-on-purpose operations count as handled', async () => {
    await ctx.A.sock.query(iq('w:p', 'get', { tag: 'ping', attrs: {} }))
    const inv = ctx.net.stanzaInventory()
    expect(inv.unhandled).toEqual([])
    expect(inv.handled).toEqual(expect.arrayContaining(['iq:w:p/get/ping', 'iq:passive/set/active', 'iq:encrypt/get/count', 'iq:usync/get/usync']))
  })

  it('an iq in a namespace the sandbox does not know is answered empty and reported unhandled', async () => {
    const res = await ctx.A.sock.query(iq('sandbox:canary', 'get', { tag: 'probe', attrs: {} }))
    expect(res.attrs.type).toBe('result')
    expect(ctx.net.stanzaInventory().unhandled).toContain('iq:sandbox:canary/get/probe')
  })

  it('an unknown operation inside a known namespace is answered 501 and reported unhandled', async () => {
    const group = await ctx.A.sock.groupCreate('Canary', [ctx.Bjid])
    await expect(ctx.A.sock.query(iq('w:g2', 'set', { tag: 'frobnicate', attrs: {} }, group.id))).rejects.toMatchObject({ data: 501 })
    await expect(ctx.A.sock.query(iq('w:g2', 'get', { tag: 'frobnicate', attrs: {} }, '@g.us'))).rejects.toMatchObject({ data: 501 })
    await expect(ctx.A.sock.query(iq('encrypt', 'get', { tag: 'nonsense', attrs: {} }))).rejects.toMatchObject({ data: 501 })
    await expect(ctx.A.sock.query(iq('privacy', 'get', { tag: 'nonsense', attrs: {} }))).rejects.toMatchObject({ data: 501 })
    const unhandled = ctx.net.stanzaInventory().unhandled
    expect(unhandled).toEqual(
      expect.arrayContaining(['iq:w:g2/set/frobnicate', 'iq:w:g2/get/frobnicate', 'iq:encrypt/get/nonsense', 'iq:privacy/get/nonsense'])
    )
    expect(ctx.net.stanzaInventory().handled).toContain('iq:w:g2/set/create')
  })

  it('namespaces once answered wholesale are now per operation: only their named operations count as handled', async () => {
    // A business-profile read is acknowledged on purpose; a catalog read in the same namespace is not modelled.
    await ctx.A.sock.query(iq('w:biz', 'get', { tag: 'business_profile', attrs: { v: '244' }, content: [{ tag: 'profile', attrs: { jid: ctx.Bjid } }] }))
    await ctx.A.sock.query(iq('w:biz', 'get', { tag: 'catalog', attrs: {} }))
    await ctx.A.sock.query(iq('passive', 'set', { tag: 'snooze', attrs: {} }))
    const inv = ctx.net.stanzaInventory()
    expect(inv.handled).toContain('iq:w:biz/get/business_profile')
    expect(inv.unhandled).toEqual(expect.arrayContaining(['iq:w:biz/get/catalog', 'iq:passive/set/snooze']))
  })

  it('a usync protocol the directory does not model is reported unhandled', async () => {
    await ctx.A.sock.query({
      tag: 'iq',
      attrs: { to: S, xmlns: 'usync', type: 'get' },
      content: [
        {
          tag: 'usync',
          attrs: { context: 'interactive', mode: 'query', sid: 'canary', last: 'true', index: '0' },
          content: [
            { tag: 'query', attrs: {}, content: [{ tag: 'username', attrs: {} }, { tag: 'contact', attrs: {} }] },
            { tag: 'list', attrs: {}, content: [{ tag: 'user', attrs: { jid: ctx.Bjid } }] }
          ]
        }
      ]
    })
    const inv = ctx.net.stanzaInventory()
    expect(inv.unhandled).toContain('usync:username')
    expect(inv.handled).toContain('usync:contact')
  })

  it('the unhandled list holds exactly what was probed', () => {
    expect(ctx.net.stanzaInventory().unhandled).toEqual(
      [
        'iq:encrypt/get/nonsense', 'iq:passive/set/snooze', 'iq:privacy/get/nonsense', 'iq:sandbox:canary/get/probe', 'iq:w:biz/get/catalog',
        'iq:w:g2/get/frobnicate', 'iq:w:g2/set/frobnicate', 'usync:username'
      ].sort()
    )
  })
})
