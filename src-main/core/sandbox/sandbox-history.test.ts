// A seeded phone's history at pairing, as real Baileys receives it: HistorySync chunks downloaded as encrypted
// media by direct path, PN and LID chats mixed with their mappings, groups that answer metadata queries, and
// labels synced through app state. Also: the same seed generates the same history.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { proto } from '@whiskeysockets/baileys'
import { SandboxNetwork } from './sandbox-network.js'
import { TestClient, waitFor } from './testing/test-client.js'
import { normalizeSeedSpec, planSeed, seedChunks } from './phone/history-seed.js'

const PHONE = '15550000011'
const SEED = { contacts: 300, chats: 100, messages: 2_500, groups: 10, labels: 3, lid_share: 0.4 }

describe.sequential('sandbox: seeded history sync at pairing', () => {
  let net: SandboxNetwork
  let A: TestClient

  beforeAll(async () => {
    net = await SandboxNetwork.open({ dataDir: mkdtempSync(join(tmpdir(), 'sb-hist-')) })
    await net.createPhone({ phoneNumber: PHONE, name: 'Shop' })
    A = new TestClient(net, 'A')
  })
  afterAll(async () => {
    A?.stop()
    await net?.close()
  })

  it('seeds once and says what a pairing will deliver', async () => {
    const s = await net.seedHistory(PHONE, SEED)
    expect(s).toMatchObject({ contacts: 300, chats: 100, messages: 2_500, groups: 10, labels: 3, labeled_chats: 20, chunks: 3 })
    expect(s.lid_chats).toBeGreaterThan(10)
    expect(net.historySeed(PHONE)).toEqual(s)
    await expect(net.seedHistory(PHONE, SEED)).rejects.toMatchObject({ code: 'invalid_request' })
    await expect(net.seedHistory(PHONE, { chats: 10, groups: 11 })).rejects.toMatchObject({ code: 'invalid_request' })
  })

  it('a new companion gets every chat, message, contact and LID mapping as history chunks downloaded by direct path', async () => {
    await A.pairByQr(PHONE)
    const sets = () => A.ev('messaging-history.set')
    const count = (k: 'messages' | 'chats' | 'contacts' | 'lidPnMappings') => sets().reduce((n, h) => n + (h[k]?.length ?? 0), 0)
    await waitFor(() => count('messages') >= SEED.messages && sets().some((h) => h.syncType === proto.HistorySync.HistorySyncType.PUSH_NAME), 20_000, 'history')
    const all = sets()
    expect(all.map((h) => h.syncType)).toEqual([
      proto.HistorySync.HistorySyncType.INITIAL_BOOTSTRAP,
      proto.HistorySync.HistorySyncType.RECENT,
      proto.HistorySync.HistorySyncType.PUSH_NAME
    ])
    expect(all.map((h) => h.progress)).toEqual([50, 100, 100])
    expect(count('messages')).toBe(SEED.messages)
    const chatIds = new Set(all.flatMap((h) => h.chats.map((c) => c.id!)))
    expect(chatIds.size).toBe(SEED.chats)
    expect([...chatIds].filter((id) => id.endsWith('@g.us'))).toHaveLength(SEED.groups)
    expect([...chatIds].filter((id) => id.endsWith('@lid')).length).toBe(net.historySeed(PHONE)!.lid_chats)
    // PUSH_NAME: every contact by number (plus the sandbox's accounts).
    const pushNames = all.at(-1)!.contacts
    expect(pushNames.filter((c) => c.id.startsWith('99')).length).toBe(SEED.contacts)
    // Every LID chat's number is revealed by the chunk's mapping list.
    // Every LID chat's number is revealed: the chunks carry mapping lists, and Baileys' LID store (fed by them and by
    // the conversations' own pnJid) knows the number of each LID chat afterwards.
    expect(all.some((h) => (h.lidPnMappings ?? []).length > 0)).toBe(true)
    for (const id of chatIds) if (id.endsWith('@lid')) expect(await A.sock.signalRepository.lidMapping.getPNForLID(id)).toMatch(/^99[0-9]+(:\d+)?@s\.whatsapp\.net$/)
    // Group messages have authors; 1:1 messages are text with timestamps.
    const msgs = all.flatMap((h) => h.messages)
    expect(msgs.filter((m) => m.key.remoteJid!.endsWith('@g.us') && !m.key.fromMe).every((m) => !!m.key.participant)).toBe(true)
    expect(msgs.every((m) => typeof m.message?.conversation === 'string' && Number(m.messageTimestamp) > 0)).toBe(true)
  })

  it('seeded groups answer metadata queries, and labels arrive through app state', async () => {
    const groups = await A.sock.groupFetchAllParticipating()
    expect(Object.keys(groups)).toHaveLength(SEED.groups)
    const g = Object.values(groups)[0]!
    expect(g.subject).toMatch(/ \d+$/)
    await waitFor(() => A.ev('labels.edit').length >= SEED.labels, 15_000, 'labels')
    expect(new Set(A.ev('labels.edit').map((l) => l.name)).size).toBe(SEED.labels)
    await waitFor(() => A.ev('labels.association').length >= 20, 15_000, 'chat labels')
  })

  it('the same seed generates the same history', () => {
    const spec = normalizeSeedSpec(PHONE, { ...SEED, seed: 7 }, 1_700_000_000)
    const ids = () =>
      [...seedChunks(planSeed(PHONE, spec))].flatMap((c) => (c.payload.conversations ?? []).flatMap((v) => (v.messages ?? []).map((m) => m.message!.key!.id)))
    const a = ids()
    expect(a).toHaveLength(SEED.messages)
    expect(ids()).toEqual(a)
    expect(new Set(a).size).toBe(a.length)
  })
})

