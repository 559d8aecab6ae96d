// Taking history chunks over from Baileys: what the socket announces is what Baileys' own processing would have
// announced (same objects), Baileys itself is left an empty chunk, notifications from others and chunks the config
// does not sync are left alone, chunks are announced in arrival order, and the Baileys code this mirrors is the code
// it was written against (a Baileys upgrade that changes it fails here, to be reviewed in history-takeover.ts).
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { deflateSync } from 'node:zlib'
import { downloadAndProcessHistorySyncNotification, proto, type BaileysEventMap, type WAMessage } from '@whiskeysockets/baileys'
import { describe, expect, it } from 'vitest'
import { historyChunk } from '../../testing/history-fixtures.js'
import { MAPPINGS_PER_TURN, takeOverHistorySync, type HistoryChunkRecords, type KeptHistoryChunk } from './history-takeover.js'

type Emitted = [string, unknown]

function fakeSocket(opts: Partial<Parameters<typeof takeOverHistorySync>[1]> = {}) {
  const emitted: Emitted[] = []
  const mappings: unknown[] = []
  const mappingWrites: number[] = []
  const written: Record<string, unknown>[] = []
  const socket = {
    ev: { emit: (event: string, arg: unknown) => (emitted.push([event, arg]), true) },
    signalRepository: { lidMapping: { getLIDForPN: async () => null, storeLIDPNMappings: async (pairs: unknown[]) => void (mappings.push(...pairs), mappingWrites.push(pairs.length)) } },
    authState: { creds: { processedHistoryMessages: [] }, keys: { get: async () => ({}), set: async (data: Record<string, unknown>) => void written.push(data) } }
  }
  const logged: string[] = []
  const logger = { warn: (_: unknown, m: string) => void logged.push(m), error: (_: unknown, m: string) => void logged.push(m) }
  const take = takeOverHistorySync(socket as unknown as Parameters<typeof takeOverHistorySync>[0], { logger, ...opts })
  const emit = <K extends keyof BaileysEventMap>(event: K, arg: BaileysEventMap[K]) => (socket.ev.emit as (e: K, a: BaileysEventMap[K]) => boolean)(event, arg)
  const histories = () => emitted.filter(([e]) => e === 'messaging-history.set').map(([, a]) => a as BaileysEventMap['messaging-history.set'])
  return { emit, emitted, histories, mappings, mappingWrites, written, logged, take }
}

const notification = (bytes: Buffer, syncType = proto.HistorySync.HistorySyncType.RECENT, chunkOrder = 3) =>
  proto.Message.HistorySyncNotification.create({ syncType: syncType as number as proto.Message.HistorySyncType, initialHistBootstrapInlinePayload: deflateSync(bytes), chunkOrder, progress: 40 })

const carrying = (n: proto.Message.IHistorySyncNotification, fromMe = true, id = 'N1'): WAMessage => ({
  key: { id, remoteJid: '15550001111@s.whatsapp.net', fromMe },
  message: { protocolMessage: { type: proto.Message.ProtocolMessage.Type.HISTORY_SYNC_NOTIFICATION, historySyncNotification: n } }
})

const until = async (ok: () => boolean) => {
  for (let i = 0; i < 500 && !ok(); i++) await new Promise((r) => setTimeout(r, 2))
  expect(ok()).toBe(true)
}

describe('history chunks taken over from Baileys', () => {
  it('announces what Baileys would have announced; Baileys is left an empty chunk; mappings and tc-tokens are stored', async () => {
    const s = fakeSocket()
    const n = notification(historyChunk())
    const asBaileys = await downloadAndProcessHistorySyncNotification(proto.Message.HistorySyncNotification.create({ ...n }), {})
    s.emit('messages.upsert', { messages: [carrying(n)], type: 'notify' })
    expect(s.emitted[0]![0]).toBe('messages.upsert') // passed on, unchanged otherwise
    expect(s.take.taken()).toBe(1)
    // What Baileys decodes now: nothing.
    expect(await downloadAndProcessHistorySyncNotification(n, {})).toMatchObject({ messages: [], chats: [], contacts: [], lidPnMappings: [], syncType: proto.HistorySync.HistorySyncType.RECENT, progress: 40 })
    await until(() => s.histories().length === 1)
    expect(s.histories()[0]).toStrictEqual({ ...asBaileys, isLatest: true, chunkOrder: 3, peerDataRequestSessionId: undefined })
    expect(s.histories()[0]!.messages).toHaveLength(360)
    expect(s.mappings).toEqual(asBaileys.lidPnMappings)
    const tokens = Object.keys((s.written[0] as { tctoken: Record<string, unknown> }).tctoken)
    expect(tokens.filter((k) => k !== '__index').sort()).toEqual(asBaileys.chats.filter((c) => c.tcToken?.length).map((c) => c.id).sort())
    expect(s.logged).toEqual([])
  })

  it('writes a chunk\'s LID mappings in runs of MAPPINGS_PER_TURN, all of them, in order', async () => {
    const s = fakeSocket()
    const n = notification(historyChunk(300, 1))
    const asBaileys = await downloadAndProcessHistorySyncNotification(proto.Message.HistorySyncNotification.create({ ...n }), {})
    expect(asBaileys.lidPnMappings.length).toBeGreaterThan(2 * MAPPINGS_PER_TURN)
    s.emit('messages.upsert', { messages: [carrying(n)], type: 'notify' })
    await until(() => s.histories().length === 1)
    expect(s.mappings).toEqual(asBaileys.lidPnMappings)
    expect(s.mappingWrites.length).toBe(Math.ceil(asBaileys.lidPnMappings.length / MAPPINGS_PER_TURN))
    expect(Math.max(...s.mappingWrites)).toBe(MAPPINGS_PER_TURN)
  })

  it('leaves notifications from others and chunks the config does not sync to Baileys', async () => {
    const s = fakeSocket()
    const spoofed = notification(historyChunk(2, 2))
    const full = notification(historyChunk(2, 2), proto.HistorySync.HistorySyncType.FULL)
    const before = [Buffer.from(spoofed.initialHistBootstrapInlinePayload!), Buffer.from(full.initialHistBootstrapInlinePayload!)]
    s.emit('messages.upsert', { messages: [carrying(spoofed, false), carrying(full, true, 'N2')], type: 'notify' })
    expect(s.take.taken()).toBe(0)
    expect([Buffer.from(spoofed.initialHistBootstrapInlinePayload!), Buffer.from(full.initialHistBootstrapInlinePayload!)]).toEqual(before)
    await new Promise((r) => setTimeout(r, 20))
    expect(s.histories()).toEqual([])
  })

  it('announces chunks in the order they arrived, a big one before a small one after it; a chunk that fails is logged, the next still comes', async () => {
    const s = fakeSocket()
    const broken = proto.Message.HistorySyncNotification.create({ syncType: proto.Message.HistorySyncType.RECENT, initialHistBootstrapInlinePayload: Buffer.from('not deflate'), chunkOrder: 2 })
    s.emit('messages.upsert', { messages: [carrying(notification(historyChunk(60, 20), undefined, 1), true, 'A')], type: 'notify' })
    s.emit('messages.upsert', { messages: [carrying(broken, true, 'B')], type: 'notify' })
    s.emit('messages.upsert', { messages: [carrying(notification(historyChunk(1, 1), undefined, 3), true, 'C')], type: 'notify' })
    await until(() => s.histories().length === 2)
    expect(s.histories().map((h) => [h.chunkOrder, h.messages.length])).toEqual([[1, 1200], [3, 1]])
    expect(s.logged).toEqual(['history sync chunk not processed'])
  })

  it('records a chunk before Baileys is handed the empty one, and names it once in delivered() after its announcement', async () => {
    const kept = new Map<string, KeptHistoryChunk>()
    let recordedBeforeEmpty = false
    const n = notification(historyChunk(20, 5))
    const records: HistoryChunkRecords = {
      record: (c) => {
        recordedBeforeEmpty = Buffer.from(n.initialHistBootstrapInlinePayload!).equals(Buffer.from(proto.Message.HistorySyncNotification.decode(c.notification).initialHistBootstrapInlinePayload!))
        kept.set(c.id, c)
      },
      keepBytes: () => expect.unreachable('an inline chunk needs no download'),
      leftovers: () => []
    }
    let release!: () => void
    const s = fakeSocket({ records, afterRecorded: () => new Promise<void>((r) => (release = r)) })
    s.emit('messages.upsert', { messages: [carrying(n, true, 'N7')], type: 'notify' })
    expect([...kept.keys()]).toEqual(['N7'])
    expect(recordedBeforeEmpty).toBe(true)
    expect(kept.get('N7')!.isLatest).toBe(true)
    await new Promise((r) => setTimeout(r, 10))
    expect(s.take.delivered()).toEqual([]) // held after its record: not announced
    release()
    await until(() => s.histories().length === 1)
    expect(s.take.delivered()).toEqual(['N7'])
    expect(s.take.delivered()).toEqual([])
  })

  it('announces the chunks an earlier run left, as Baileys would have, before new ones', async () => {
    const n = notification(historyChunk(30, 4), proto.HistorySync.HistorySyncType.RECENT, 2)
    const asBaileys = await downloadAndProcessHistorySyncNotification(proto.Message.HistorySyncNotification.create({ ...n }), {})
    const left: KeptHistoryChunk = { id: 'OLD', notification: proto.Message.HistorySyncNotification.encode(n).finish(), isLatest: false }
    const s = fakeSocket({ records: { record: () => undefined, keepBytes: async () => undefined, leftovers: () => [left] } })
    s.emit('messages.upsert', { messages: [carrying(notification(historyChunk(1, 1), undefined, 3), true, 'NEW')], type: 'notify' })
    await until(() => s.histories().length === 2)
    expect(s.take.resumed()).toBe(1)
    expect(s.take.taken()).toBe(1)
    // As decoded from its record (what the wire gives too: unset strings decode as null).
    const decoded = proto.Message.HistorySyncNotification.decode(left.notification)
    expect(s.histories()[0]).toStrictEqual({ ...asBaileys, isLatest: false, chunkOrder: 2, peerDataRequestSessionId: decoded.peerDataRequestSessionId })
    expect(s.histories()[1]!.chunkOrder).toBe(3)
    expect(s.take.delivered()).toEqual(['OLD', 'NEW'])
  })

  it('leaves a chunk it could not record to Baileys (processed whole, not lost)', async () => {
    const n = notification(historyChunk(2, 2))
    const before = Buffer.from(n.initialHistBootstrapInlinePayload!)
    const s = fakeSocket({ records: { record: () => { throw new Error('disk full') }, keepBytes: async () => undefined, leftovers: () => [] } })
    s.emit('messages.upsert', { messages: [carrying(n)], type: 'notify' })
    expect(s.take.taken()).toBe(0)
    expect(Buffer.from(n.initialHistBootstrapInlinePayload!)).toEqual(before)
    expect(s.logged).toEqual(['history sync chunk not recorded: left to Baileys'])
  })

  it('mirrors the Baileys code it was written against (review history-takeover.ts when this fails after an upgrade)', () => {
    const root = dirname(createRequire(import.meta.url).resolve('@whiskeysockets/baileys/package.json'))
    const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }
    const block = (file: string, from: string, to: string) => {
      const text = readFileSync(join(root, 'lib', file), 'utf8')
      const start = text.indexOf(from)
      const end = text.indexOf(to, start + from.length)
      expect(start, `${from} in ${file}`).toBeGreaterThanOrEqual(0)
      expect(end, `${to} in ${file}`).toBeGreaterThan(start)
      return createHash('sha256').update(text.slice(start, end).replace(/\s+/g, ' ')).digest('hex').slice(0, 16)
    }
    expect({
      version,
      // What processMessage does with a history notification (the steps history-takeover.ts repeats).
      processMessage: block('Utils/process-message.js', 'case proto.Message.ProtocolMessage.Type.HISTORY_SYNC_NOTIFICATION:', 'case proto.Message.ProtocolMessage.Type.APP_STATE_SYNC_KEY_SHARE:'),
      tcTokens: block('Utils/process-message.js', 'async function storeTcTokensFromHistorySync', '/** Cleans a received message'),
      // The inline payload read first, and the download + inflate.
      download: block('Utils/history.js', 'export const downloadHistory', 'export const processHistoryMessage'),
      inline: block('Utils/history.js', 'export const downloadAndProcessHistorySyncNotification', 'export const getHistoryMsg'),
      // messages.upsert emitted before processMessage, and the decision whether to process a chunk.
      upsert: block('Socket/chats.js', 'const upsertMessage = ev.createBufferedFunction', 'if (historyMsg && shouldProcessHistoryMsg) {')
    }).toMatchInlineSnapshot(`
      {
        "download": "7fd899bc0ac3d020",
        "inline": "ca1ef9930b19911d",
        "processMessage": "4e04994621092621",
        "tcTokens": "cdb8b79b41dbdabd",
        "upsert": "d765a90ec4c6633f",
        "version": "7.0.0-rc14",
      }
    `)
  })
})
