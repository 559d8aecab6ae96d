// Channels (newsletters): create, look up by invite, follow, post, react, history, mute, update, delete.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getBinaryNodeChild, getBinaryNodeChildren } from '@whiskeysockets/baileys'
import { openPairedSandbox, textOf, waitFor } from './testing/test-client.js'

describe.sequential('sandbox channels', () => {
  let ctx: Awaited<ReturnType<typeof openPairedSandbox>>
  let nl = ''
  let invite = ''
  beforeAll(async () => {
    ctx = await openPairedSandbox()
  })
  afterAll(async () => ctx?.close())

  it('create: the creator owns it and sees its metadata', async () => {
    const created = await ctx.A.sock.newsletterCreate('Sandbox News', 'Everything about the sandbox')
    nl = created.id
    invite = created.invite!
    expect(nl).toMatch(/@newsletter$/)
    expect(created).toMatchObject({ name: 'Sandbox News', description: 'Everything about the sandbox', subscribers: 1 })
    const meta = (await ctx.A.sock.newsletterMetadata('jid', nl)) as unknown as { viewer_metadata: { role: string } }
    expect(meta.viewer_metadata.role).toBe('OWNER')
  })

  it('another account finds it by invite and follows it', async () => {
    const meta = (await ctx.B.sock.newsletterMetadata('invite', invite)) as unknown as { id: string; viewer_metadata: { role: string } }
    expect(meta.id).toBe(nl)
    expect(meta.viewer_metadata.role).toBe('GUEST')
    await ctx.B.sock.newsletterFollow(nl)
    const after = (await ctx.B.sock.newsletterMetadata('jid', nl)) as unknown as { viewer_metadata: { role: string }; thread_metadata: { subscribers_count: string } }
    expect(after.viewer_metadata.role).toBe('SUBSCRIBER')
    expect(after.thread_metadata.subscribers_count).toBe('2')
  })

  it('a post reaches followers; a follower cannot post', async () => {
    const post = await ctx.A.sock.sendMessage(nl, { text: 'first post' })
    await waitFor(() => ctx.B.ev('messages.upsert', (v) => v.messages.some((m) => m.key.remoteJid === nl && textOf(m) === 'first post')).length, 8000, 'post')
    expect(post?.key.id).toBeTruthy()
    await ctx.B.sock.sendMessage(nl, { text: 'not allowed' })
    await new Promise((r) => setTimeout(r, 300))
    expect(ctx.A.ev('messages.upsert', (v) => v.messages.some((m) => textOf(m) === 'not allowed'))).toHaveLength(0)
  })

  it('history: message_updates returns the posts with server ids', async () => {
    const res = await ctx.B.sock.newsletterFetchMessages(nl, 10, undefined as unknown as number, undefined as unknown as number)
    const msgs = getBinaryNodeChildren(getBinaryNodeChild(getBinaryNodeChild(res, 'message_updates'), 'messages'), 'message')
    expect(msgs.map((m) => m.attrs.server_id)).toEqual(['100'])
    expect(getBinaryNodeChild(msgs[0], 'plaintext')?.content).toBeInstanceOf(Uint8Array)
  })

  it('a follower reacts; the owner is told', async () => {
    await ctx.B.sock.newsletterReactMessage(nl, '100', '👍')
    await waitFor(() => ctx.A.ev('newsletter.reaction', (r) => r.id === nl && r.server_id === '100' && r.reaction.code === '👍').length, 5000, 'reaction')
  })

  it('mute, rename (followers told), unfollow, delete', async () => {
    await ctx.B.sock.newsletterMute(nl)
    expect(((await ctx.B.sock.newsletterMetadata('jid', nl)) as unknown as { viewer_metadata: { mute: string } }).viewer_metadata.mute).toBe('ON')
    await ctx.A.sock.newsletterUpdateName(nl, 'Sandbox Daily')
    await waitFor(() => ctx.B.ev('newsletter-settings.update', (u) => u.id === nl && u.update.name === 'Sandbox Daily').length, 5000, 'rename')
    await ctx.B.sock.newsletterUnfollow(nl)
    await expect(ctx.B.sock.newsletterDelete(nl)).rejects.toThrow()
    await ctx.A.sock.newsletterDelete(nl)
    await expect(ctx.A.sock.newsletterMetadata('jid', nl)).rejects.toThrow()
  })

  it('account standing queries answer "no restrictions"', async () => {
    expect((await ctx.A.sock.fetchAccountReachoutTimelock()).isActive).toBe(false)
    expect(ctx.net.stanzaInventory().unhandled).toEqual([])
  })
})
