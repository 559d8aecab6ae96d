// A HistorySync chunk with what real ones carry (PN and LID chats, 64-bit timestamps, media keys as bytes, quoted
// context, receipts, tc-tokens, pushnames, LID mappings, past participants): for the decode-equality tests.
import { proto } from '@whiskeysockets/baileys'

const pn = (n: number) => `1555${String(n).padStart(7, '0')}@s.whatsapp.net`
const lid = (n: number) => `9${String(n).padStart(8, '0')}@lid`

export function historyChunk(chats = 30, perChat = 12, syncType = proto.HistorySync.HistorySyncType.RECENT): Buffer {
  const conversations: proto.IConversation[] = Array.from({ length: chats }, (_, c) => {
    const id = c % 3 === 0 ? lid(c) : c % 7 === 0 ? `12036300000000${String(c).padStart(4, '0')}@g.us` : pn(c)
    return {
      id,
      name: c % 2 ? `Chat ${c}` : undefined,
      pnJid: id.endsWith('@lid') && c % 2 ? pn(c) : undefined,
      lidJid: id.endsWith('@s.whatsapp.net') && c % 4 === 1 ? lid(c) : undefined,
      unreadCount: c % 5,
      conversationTimestamp: 1_700_000_000 + c,
      archived: c % 6 === 0,
      tcToken: c % 8 === 2 ? Buffer.from(`token-${c}`) : undefined,
      tcTokenTimestamp: c % 8 === 2 ? 1_700_000_000 + c : undefined,
      messages: Array.from({ length: perChat }, (_, k) => ({
        msgOrderId: k,
        message: {
          key: { id: `M${c}-${k}`, remoteJid: id, fromMe: k % 3 === 0, participant: id.endsWith('@g.us') && k % 3 ? pn(100 + k) : undefined },
          messageTimestamp: 1_700_000_000 + c * 100 + k,
          pushName: k % 3 ? `Sender ${k}` : undefined,
          status: k % 3 === 0 ? proto.WebMessageInfo.Status.READ : undefined,
          userReceipt: k % 3 === 0 ? [{ userJid: pn(c), readTimestamp: 1_700_000_500 + k }] : [],
          message:
            k % 4 === 0
              ? { imageMessage: { mimetype: 'image/jpeg', mediaKey: Buffer.from(`key-${c}-${k}`.padEnd(32, '.')), fileLength: 123_456 + k, caption: `pic ${k}` } }
              : k % 4 === 1
                ? { extendedTextMessage: { text: `reply ${k} ✓`, contextInfo: { stanzaId: `M${c}-${k - 1}`, participant: pn(c), quotedMessage: { conversation: 'quoted' } } } }
                : { conversation: `text ${c}/${k}` }
        }
      }))
    }
  })
  return Buffer.from(
    proto.HistorySync.encode({
      syncType,
      conversations,
      chunkOrder: 3,
      progress: 40,
      pushnames: [{ id: pn(1), pushname: 'One' }, { id: pn(2), pushname: 'Two' }],
      phoneNumberToLidMappings: [{ pnJid: pn(3), lidJid: lid(3) }, { pnJid: pn(9), lidJid: lid(9) }],
      pastParticipants: [{ groupJid: '120363000000000007@g.us', pastParticipants: [{ userJid: pn(5), leaveReason: 0, leaveTs: 1_700_000_000 }] }]
    }).finish()
  )
}
