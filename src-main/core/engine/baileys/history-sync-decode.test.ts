// Decoding a history chunk in turns gives exactly what Baileys' one-step decode gives (classes, Longs, Buffers,
// field order), what processHistoryMessage makes of it and what the store writes of each message are the same,
// and the conversations really are spread over turns of the loop.
import { processHistoryMessage, proto } from '@whiskeysockets/baileys'
import { describe, expect, it } from 'vitest'
import { encodeRaw } from '../../messaging/store/raw-json.js'
import { historyChunk } from '../../testing/history-fixtures.js'
import { decodeHistorySyncInTurns, splitHistorySync } from './history-sync-decode.js'

describe('history chunk decoded in turns', () => {
  it('equals proto.HistorySync.decode, before and after processHistoryMessage, down to the stored raw JSON', async () => {
    const bytes = historyChunk()
    const whole = proto.HistorySync.decode(bytes)
    let turns = 0
    const inTurns = await decodeHistorySyncInTurns(bytes, 0, async () => void turns++)
    expect(inTurns).toBeInstanceOf(proto.HistorySync)
    expect(inTurns).toStrictEqual(whole)
    expect(turns).toBe(whole.conversations.length) // a budget of 0: a turn before every conversation
    // 64-bit fields stay Longs (the store turns them into numbers), bytes stay Buffers.
    const first = inTurns.conversations[0]!.messages![0]!.message!
    expect(typeof (first.messageTimestamp as { toNumber?: unknown }).toNumber).toBe('function')
    expect(Buffer.isBuffer(inTurns.conversations[0]!.messages![0]!.message!.message!.imageMessage!.mediaKey)).toBe(true)

    const a = processHistoryMessage(proto.HistorySync.decode(bytes))
    const b = processHistoryMessage(await decodeHistorySyncInTurns(bytes))
    expect(b).toStrictEqual(a)
    expect(b.messages).toHaveLength(30 * 12)
    expect(b.lidPnMappings.length).toBeGreaterThan(2)
    expect(b.messages.map(encodeRaw)).toEqual(a.messages.map(encodeRaw))
    expect(b.chats.map(encodeRaw)).toEqual(a.chats.map(encodeRaw))
  })

  it('a chunk without conversations (pushnames only) and an empty one decode as in one step', async () => {
    const names = Buffer.from(proto.HistorySync.encode({ syncType: proto.HistorySync.HistorySyncType.PUSH_NAME, pushnames: [{ id: '1@s.whatsapp.net', pushname: 'A' }] }).finish())
    expect(await decodeHistorySyncInTurns(names)).toStrictEqual(proto.HistorySync.decode(names))
    expect(await decodeHistorySyncInTurns(Buffer.alloc(0))).toStrictEqual(proto.HistorySync.decode(Buffer.alloc(0)))
  })

  it('splits at the wire level: each conversation is its own range, the other fields keep their order', () => {
    const bytes = historyChunk(3, 2)
    const { conversations, rest } = splitHistorySync(bytes)
    expect(conversations).toHaveLength(3)
    expect(conversations.map(([s, e]) => proto.Conversation.decode(bytes.subarray(s, e)).id)).toEqual(proto.HistorySync.decode(bytes).conversations.map((c) => c.id))
    const restDecoded = proto.HistorySync.decode(rest)
    expect(restDecoded.conversations).toEqual([])
    expect(restDecoded.pushnames.map((p) => p.pushname)).toEqual(['One', 'Two'])
  })

  it('bytes that are not a protobuf message fail as the one-step decode fails', async () => {
    const bad = Buffer.from([0x12, 0xff, 0xff, 0x03, 0x01]) // a conversation claiming 65,535 bytes
    expect(() => proto.HistorySync.decode(bad)).toThrow()
    await expect(decodeHistorySyncInTurns(bad)).rejects.toThrow()
    const groupWire = Buffer.from([0x0b, 0x0c]) // wire type 3 (groups): not ours to read
    let oneStep: unknown
    try {
      oneStep = proto.HistorySync.decode(groupWire)
    } catch (err) {
      oneStep = err
    }
    if (oneStep instanceof Error) await expect(decodeHistorySyncInTurns(groupWire)).rejects.toThrow(oneStep.message)
    else expect(await decodeHistorySyncInTurns(groupWire)).toStrictEqual(oneStep)
  })
})
