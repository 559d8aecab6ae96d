// App-state versions: an upload built on a stale collection version is refused with 409 and the patches the
// writer missed (as the real server answers); Baileys then resyncs on its next patch and lands it. Two devices of
// one account patching from stale or concurrent bases end with the same version and the same LTHash.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  chatModificationToAppPatch, encodeSyncdPatch, getBinaryNodeChild, getBinaryNodeChildren, newLTHashState, proto,
  type BinaryNode, type ChatModification, type LTHashState
} from '@whiskeysockets/baileys'
import { openPairedSandbox, TestClient, waitFor } from './testing/test-client.js'

const A_PHONE = '15550000001'
const COL = 'regular_high' // where mutes live
const hour = 3600_000

async function stateOf(c: TestClient): Promise<LTHashState | undefined> {
  return (await c.auth.keys.get('app-state-sync-version', [COL]))[COL]
}

/** A patch call as an app would make it: Baileys rc14 does not retry a refused patch itself. */
async function patchRetrying(c: TestClient, mod: ChatModification, jid: string): Promise<void> {
  for (let conflicts = 0; ; conflicts++) {
    try {
      return await c.sock.chatModify(mod, jid)
    } catch (e) {
      if ((e as { data?: unknown }).data !== 409 || conflicts >= 5) throw e
    }
  }
}

describe.sequential('sandbox app state: versions and conflicts', () => {
  let ctx: Awaited<ReturnType<typeof openPairedSandbox>>
  let A2: TestClient

  /** Both companions of A hold the server's version of the collection with identical hashes. */
  const converged = () =>
    waitFor(
      async () => {
        const [a, a2] = await Promise.all([stateOf(ctx.A), stateOf(A2)])
        const v = ctx.net.appStateVersion(A_PHONE, COL)
        return !!a && !!a2 && a.version === v && a2.version === v && Buffer.from(a.hash).equals(Buffer.from(a2.hash)) && v
      },
      10_000,
      'both devices at the server version with the same hash'
    )

  beforeAll(async () => {
    ctx = await openPairedSandbox()
    A2 = new TestClient(ctx.net, 'A2')
    await A2.pairByQr(A_PHONE)
    await waitFor(() => ctx.A.auth.creds.myAppStateKeyId && A2.auth.creds.myAppStateKeyId, 5000, 'app-state keys')
  })
  afterAll(async () => {
    A2?.stop()
    await ctx?.close()
  })

  it('a stale upload is refused with 409 and the missing patches; the next patch resyncs and lands; both devices agree', async () => {
    const { A, net, Bjid } = ctx
    const base = net.appStateVersion(A_PHONE, COL)
    const s = (await stateOf(A2)) ?? newLTHashState()
    expect(s.version).toBe(base)
    const stale: LTHashState = { version: s.version, hash: Buffer.from(s.hash), indexValueMap: { ...s.indexValueMap } }

    await A.sock.chatModify({ mute: Date.now() + 8 * hour }, Bjid)
    expect(net.appStateVersion(A_PHONE, COL)).toBe(base + 1)

    // A2 uploads exactly what Baileys' appPatch would, but built on the version it had before A's patch.
    const carol = '15550000003@s.whatsapp.net'
    const getKey = async (id: string) => (await A2.auth.keys.get('app-state-sync-key', [id]))[id]
    const { patch } = await encodeSyncdPatch(chatModificationToAppPatch({ mute: Date.now() + hour }, carol), A2.auth.creds.myAppStateKeyId!, stale, getKey)
    const iq: BinaryNode = {
      tag: 'iq',
      attrs: { id: 'stale-upload-1', to: '@s.whatsapp.net', type: 'set', xmlns: 'w:sync:app:state' },
      content: [{ tag: 'sync', attrs: {}, content: [
        { tag: 'collection', attrs: { name: COL, version: String(stale.version), return_snapshot: 'false' }, content: [
          { tag: 'patch', attrs: {}, content: proto.SyncdPatch.encode(patch).finish() }
        ] }
      ] }]
    }
    const answer = new Promise<BinaryNode>((resolve) => {
      const onFrame = (f: BinaryNode | Uint8Array) => {
        if (!(f instanceof Uint8Array) && f.attrs.id === iq.attrs.id) {
          A2.sock.ws.off('frame', onFrame)
          resolve(f)
        }
      }
      A2.sock.ws.on('frame', onFrame)
    })
    await expect(A2.sock.query(iq)).rejects.toMatchObject({ data: 409 })
    // The real server's shape: the collection is the error, and it carries what the writer is missing.
    const col = getBinaryNodeChild(getBinaryNodeChild(await answer, 'sync'), 'collection')!
    expect(col.attrs).toMatchObject({ name: COL, type: 'error', version: String(base + 1) })
    expect(getBinaryNodeChild(col, 'error')?.attrs.code).toBe('409')
    expect(getBinaryNodeChildren(getBinaryNodeChild(col, 'patches'), 'patch')).toHaveLength(1)
    expect(net.appStateVersion(A_PHONE, COL)).toBe(base + 1)

    // A2 patches the normal way: Baileys resyncs first (learning A's mute), then its patch lands on top.
    await A2.sock.chatModify({ mute: Date.now() + hour }, carol)
    expect(net.appStateVersion(A_PHONE, COL)).toBe(base + 2)
    await converged()
    await waitFor(() => A2.ev('chats.update', (v) => v.some((c) => c.id === Bjid && !!c.muteEndTime)).length, 5000, 'A2 learned A\'s mute')
    await waitFor(() => A.ev('chats.update', (v) => v.some((c) => c.id === carol && !!c.muteEndTime)).length, 5000, 'A learned A2\'s mute')
  })

  it('two devices patching at the same time both land (a refused one retries after a resync) and end identical', async () => {
    const { A, net } = ctx
    const base = net.appStateVersion(A_PHONE, COL)
    const targets = Array.from({ length: 4 }, (_, i) => `1555000010${i}@s.whatsapp.net`)
    await Promise.all([
      patchRetrying(A, { mute: Date.now() + hour }, targets[0]!).then(() => patchRetrying(A, { mute: Date.now() + hour }, targets[1]!)),
      patchRetrying(A2, { mute: Date.now() + hour }, targets[2]!).then(() => patchRetrying(A2, { mute: Date.now() + hour }, targets[3]!))
    ])
    expect(net.appStateVersion(A_PHONE, COL)).toBe(base + 4)
    await converged()
    // Each device ends up knowing all four mutes, its own and the other's.
    for (const c of [A, A2]) {
      for (const t of targets) {
        await waitFor(() => c.ev('chats.update', (v) => v.some((u) => u.id === t && !!u.muteEndTime)).length, 5000, `${c.name} knows ${t} is muted`)
      }
    }
  })
})
