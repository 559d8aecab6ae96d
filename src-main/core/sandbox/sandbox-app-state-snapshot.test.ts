// App-state snapshots: a companion syncing a collection from scratch gets one snapshot blob (live records only, the
// snapshot MAC valid under the account's key) instead of the patch log, and ends in exactly the state the patches
// give; later changes still arrive as patches. Compaction itself: overwritten and removed records drop out.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  chatModificationToAppPatch, decodePatches, decodeSyncdSnapshot, encodeSyncdPatch, extractSyncdPatches, newLTHashState, proto,
  type BinaryNode, type ChatMutation, type LTHashState
} from '@whiskeysockets/baileys'
import { SandboxNetwork } from './sandbox-network.js'
import { TestClient, waitFor } from './testing/test-client.js'
import { compactPatches } from './server/app-state-snapshots.js'

const PHONE = '15550000031'
const COL = 'regular'
const SEED = { contacts: 200, chats: 200, messages: 400, groups: 0, labels: 5 }

/** A logger that records warnings (Baileys warns when an LT-hash MAC does not verify). */
function recordingLogger() {
  const warnings: unknown[] = []
  const noop = () => {}
  const logger = { warn: (...a: unknown[]) => warnings.push(a), info: noop, debug: noop, trace: noop, error: noop, level: 'warn', child: () => logger }
  return { warnings, logger: logger as never }
}

type Key = proto.Message.IAppStateSyncKeyData
const keyLookup = (c: TestClient) => async (id: string): Promise<Key | undefined> => (await c.auth.keys.get('app-state-sync-key', [id]))[id]

/** Labels (id -> name) and chat labels ("label|chat") a mutation map ends in. */
function labelsOf(mutations: ChatMutation[]): { labels: Map<string, string>; chatLabels: Set<string> } {
  const labels = new Map<string, string>()
  const chatLabels = new Set<string>()
  for (const m of mutations) {
    const [kind, id, jid] = m.index
    const v = m.syncAction.value
    if (kind === 'label_edit') labels.set(id!, v!.labelEditAction!.name!)
    if (kind === 'label_jid') {
      if (v!.labelAssociationAction!.labeled) chatLabels.add(`${id}|${jid}`)
      else chatLabels.delete(`${id}|${jid}`)
    }
  }
  return { labels, chatLabels }
}

/** The same, from the label events a client emitted. */
function labelsSeenBy(c: TestClient): { labels: Map<string, string>; chatLabels: Set<string> } {
  const labels = new Map(c.ev('labels.edit').map((l) => [l.id, l.name]))
  const chatLabels = new Set<string>()
  for (const e of c.ev('labels.association')) {
    const k = `${e.association.labelId}|${e.association.chatId}`
    if (e.type === 'add') chatLabels.add(k)
    else chatLabels.delete(k)
  }
  return { labels, chatLabels }
}

/** Same version, LT hash and live indexes (an encoder's own state is compared without the last: Baileys' encodeSyncdPatch keeps a removed index in its map). */
const sameState = (a: LTHashState, b: LTHashState, indexes = true) => {
  expect(a.version).toBe(b.version)
  expect(Buffer.from(a.hash).equals(Buffer.from(b.hash))).toBe(true)
  if (indexes) expect(Object.keys(a.indexValueMap).sort()).toEqual(Object.keys(b.indexValueMap).sort())
}

describe('app-state compaction', () => {
  it('keeps the latest set per index, drops removed ones, and verifies under the last patch\'s snapshot MAC', async () => {
    const keyId = Buffer.from('snapkey').toString('base64')
    const key = proto.Message.AppStateSyncKeyData.fromObject({ keyData: Buffer.alloc(32, 7), timestamp: 1 })
    const getKey = async () => key
    const OP = proto.SyncdMutation.SyncdOperation
    const label = (id: string, name: string) => chatModificationToAppPatch({ addLabel: { id, name, color: 1, deleted: false } }, '')
    const steps = [label('1', 'one'), label('2', 'two'), label('1', 'one again'), { ...label('2', 'two'), operation: OP.REMOVE }, label('3', 'three')]
    let state = newLTHashState()
    const log: { version: number; patch: Buffer }[] = []
    for (const step of steps) {
      const r = await encodeSyncdPatch(step, keyId, state, getKey)
      state = r.state
      r.patch.version = { version: state.version }
      log.push({ version: state.version, patch: Buffer.from(proto.SyncdPatch.encode(r.patch).finish()) })
    }
    const snapshot = proto.SyncdSnapshot.decode(proto.SyncdSnapshot.encode(compactPatches(log)!).finish())
    expect(snapshot.records).toHaveLength(2)

    const { warnings, logger } = recordingLogger()
    const viaSnapshot = await decodeSyncdSnapshot(COL, snapshot, getKey, undefined, true, logger)
    const viaPatches = await decodePatches(COL, log.map((p) => proto.SyncdPatch.decode(p.patch)), newLTHashState(), getKey, {}, undefined, logger, true)
    expect(warnings).toEqual([])
    sameState(viaSnapshot.state, viaPatches.state)
    sameState(viaSnapshot.state, state, false)
    const names = (m: Record<string, ChatMutation>) => Object.values(m).map((x) => `${x.index[1]}:${x.syncAction.value?.labelEditAction?.name}`).sort()
    expect(names(viaSnapshot.mutationMap)).toEqual(['1:one again', '3:three'])
    // decodePatches reports the last mutation of every index, the removed one too; the snapshot has only live ones.
    expect(names(viaPatches.mutationMap)).toEqual(['1:one again', '2:two', '3:three'])
  })
})

describe.sequential('sandbox: app-state snapshots for a fresh companion', () => {
  let net: SandboxNetwork
  let A: TestClient
  let B: TestClient
  let patchCount = 0
  const served = (c: TestClient) => net.appStateSnapshotsServed(c.auth.creds.me!.id, COL)

  /** A raw fetch of the collection from version 0, as Baileys' resyncAppState sends it. */
  const fetchFromScratch = async (c: TestClient, returnSnapshot: boolean) => {
    const res = await c.sock.query({
      tag: 'iq',
      attrs: { to: '@s.whatsapp.net', xmlns: 'w:sync:app:state', type: 'set' },
      content: [{ tag: 'sync', attrs: {}, content: [{ tag: 'collection', attrs: { name: COL, version: '0', return_snapshot: String(returnSnapshot) } }] }]
    } satisfies BinaryNode)
    return { node: res, ...(await extractSyncdPatches(res, net.socketTrust().options))[COL]! }
  }

  beforeAll(async () => {
    net = await SandboxNetwork.open({ dataDir: mkdtempSync(join(tmpdir(), 'sb-snap-')) })
    await net.createPhone({ phoneNumber: PHONE, name: 'Label shop' })
    await net.seedHistory(PHONE, SEED)
    patchCount = net.appStateVersion(PHONE, COL)
    expect(patchCount).toBe(SEED.labels + SEED.chats / 5)
    A = new TestClient(net, 'A')
    B = new TestClient(net, 'B')
  })
  afterAll(async () => {
    A?.stop()
    B?.stop()
    await net?.close()
  })

  it('a fresh companion\'s first sync is one snapshot, and its labels are the seeded ones', async () => {
    await A.pairByQr(PHONE)
    await waitFor(() => A.ev('labels.association').length >= SEED.chats / 5 && A.ev('labels.edit').length >= SEED.labels, 15_000, 'labels')
    expect(served(A)).toBe(1)
    const state = (await A.auth.keys.get('app-state-sync-version', [COL]))[COL]!
    expect(state.version).toBe(patchCount)
    // One event per live record: the snapshot, not the log, was applied.
    expect(A.ev('labels.edit')).toHaveLength(SEED.labels)
    expect(A.ev('labels.association')).toHaveLength(SEED.chats / 5)
  })

  it('after overwrites, a second companion\'s snapshot gives exactly the state and labels the patch log gives', async () => {
    const labeled = A.ev('labels.association')[0]!.association
    await A.sock.removeChatLabel(labeled.chatId, labeled.labelId)
    await A.sock.addLabel('', { id: '2', name: 'Renamed', color: 3, deleted: false })
    expect(net.appStateVersion(PHONE, COL)).toBe(patchCount + 2)

    // What the wire carries: a <snapshot> blob reference and no patches when asked with return_snapshot ...
    const getKey = keyLookup(A)
    const snap = await fetchFromScratch(A, true)
    expect(served(A)).toBe(2)
    const collection = (snap.node.content as BinaryNode[])[0]!.content as BinaryNode[]
    expect(collection.map((n) => n.tag)).toEqual(['collection'])
    expect((collection[0]!.content as BinaryNode[]).map((n) => n.tag)).toEqual(['snapshot'])
    expect(snap.patches).toEqual([])
    expect(snap.snapshot!.records).toHaveLength(SEED.labels + SEED.chats / 5) // the unlabel overwrote one record
    // One blob per version: asked again, the same reference.
    const refOf = (n: BinaryNode) => Buffer.from(((n.content as BinaryNode[])[0]!.content as BinaryNode[])[0]!.content as Uint8Array)
    expect(refOf((await fetchFromScratch(A, true)).node).equals(refOf(snap.node))).toBe(true)
    expect(served(A)).toBe(3)
    // ... and the whole log without it. Both verify under the account's key and end in the same state.
    const log = await fetchFromScratch(A, false)
    expect(log.snapshot).toBeUndefined()
    expect(log.patches).toHaveLength(patchCount + 2)
    const { warnings, logger } = recordingLogger()
    const viaSnapshot = await decodeSyncdSnapshot(COL, snap.snapshot!, getKey, undefined, true, logger)
    const viaPatches = await decodePatches(COL, log.patches, newLTHashState(), getKey, {}, undefined, logger, true)
    expect(warnings).toEqual([])
    sameState(viaSnapshot.state, viaPatches.state)
    const expected = labelsOf(Object.values(viaPatches.mutationMap))
    expect(expected.labels.get('2')).toBe('Renamed')
    expect(expected.chatLabels.has(`${labeled.labelId}|${labeled.chatId}`)).toBe(false)
    expect(served(A)).toBe(3)

    // A second companion, linked now, syncs from scratch through Baileys: one more snapshot, the same state.
    await B.pairByQr(PHONE)
    await waitFor(() => labelsSeenBy(B).chatLabels.size >= expected.chatLabels.size && B.ev('labels.edit').length >= SEED.labels, 15_000, 'B labels')
    expect(served(B)).toBe(1)
    sameState((await B.auth.keys.get('app-state-sync-version', [COL]))[COL]!, viaPatches.state)
    expect(labelsSeenBy(B)).toEqual(expected)
  })

  it('a change after the snapshot reaches the other companion as a patch', async () => {
    const before = [served(A), served(B)]
    const chat = '15550009999@s.whatsapp.net'
    await A.sock.addChatLabel(chat, '3')
    const v = net.appStateVersion(PHONE, COL)
    await waitFor(async () => (await B.auth.keys.get('app-state-sync-version', [COL]))[COL]?.version === v, 10_000, 'B at the new version')
    await waitFor(() => labelsSeenBy(B).chatLabels.has(`3|${chat}`), 5_000, 'B sees the new chat label')
    expect([served(A), served(B)]).toEqual(before)
    const [a, b] = await Promise.all([A.auth.keys.get('app-state-sync-version', [COL]), B.auth.keys.get('app-state-sync-version', [COL])])
    sameState(b[COL]!, a[COL]!)
  })
})
