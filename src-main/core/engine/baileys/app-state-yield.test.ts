// Our Baileys patch (patches/@whiskeysockets+baileys+*.patch, applied by `npm install`): the app-state decode gives
// the event loop a turn every APP_STATE_SLICE_MS instead of decoding a whole snapshot (thousands of records at a
// real account's pairing) in one synchronous loop that holds every request and socket of the process meanwhile.
import { decodeSyncdMutations, encodeSyncdPatch, newLTHashState, proto, type ChatMutation } from '@whiskeysockets/baileys'
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'

const KEY_ID = Buffer.from('app-state-key-1').toString('base64')
const keyData = proto.Message.AppStateSyncKeyData.fromObject({ keyData: randomBytes(32), timestamp: 1 })
const getKey = async (id: string) => (id === KEY_ID ? keyData : undefined)

/** A real encrypted record (a chat muted), as the server sends them in a snapshot. */
async function mutedChatRecord(jid: string): Promise<proto.ISyncdMutation> {
  const { patch } = await encodeSyncdPatch(
    { syncAction: { muteAction: { muted: true, muteEndTimestamp: 0 } }, index: ['mute', jid], type: 'regular_high', apiVersion: 2, operation: proto.SyncdMutation.SyncdOperation.SET },
    KEY_ID,
    newLTHashState(),
    getKey
  )
  return patch.mutations![0]!
}

describe("Baileys' app-state decode (patched)", () => {
  it('gives the event loop turns while it decodes a long run of records, and decodes every one in order', async () => {
    const records = await Promise.all(Array.from({ length: 40 }, (_, i) => mutedChatRecord(`1555000${String(i).padStart(4, '0')}@s.whatsapp.net`)))
    let turns = 0
    let ticking = true
    const tick = () => {
      if (!ticking) return
      turns++
      setImmediate(tick)
    }
    setImmediate(tick)
    const seen: string[] = []
    // Each record holds the loop ~1 ms (as an app's handlers may): 40 records are ~10 slices of APP_STATE_SLICE_MS (4 ms).
    const onMutation = (m: ChatMutation) => {
      const until = performance.now() + 1
      while (performance.now() < until);
      seen.push(m.index[1]!)
    }
    const turnsBefore = turns
    await decodeSyncdMutations(records, newLTHashState(), getKey, onMutation, true)
    ticking = false
    expect(seen).toEqual(records.map((_, i) => `1555000${String(i).padStart(4, '0')}@s.whatsapp.net`))
    // Unpatched, the decode runs start to end in one turn and the ticker never fires (0).
    expect(turns - turnsBefore).toBeGreaterThanOrEqual(3)
  })
})
