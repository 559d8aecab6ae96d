// Deleting a chat while the engine applies its own patch first: Baileys emits our own app-state change as a
// chats.delete event, which the ingestor may store before removeChat continues. The answer must still say the
// chat existed, and its media files must still go (CI saw `deleted: false` for a chat that was there).
import type { WAMessage } from '@whiskeysockets/baileys'
import { describe, expect, it } from 'vitest'
import type { Db } from '../../db/connection.js'
import type { SessionPort } from '../../engine/session-port.js'
import { deleteChat, getChat, touchChatWithMessage, upsertMessage } from '../store/index.js'
import { removeChat } from './chat-ops.js'
import type { MediaFiles } from './media-files.js'
import { openStoreDb } from '../../testing/store-db.js'

const I = 'INSTANCE0001'
const B = '15550000002@s.whatsapp.net'

function storeWithChat(): Db {
  const db = openStoreDb()
  const m: WAMessage = { key: { id: 'm1', remoteJid: B, fromMe: false }, message: { conversation: 'hi' }, messageTimestamp: 100 }
  const res = upsertMessage(db, I, { chatId: B, sender: B, message: m, now: 0 })
  touchChatWithMessage(db, I, B, { pk: res!.pk, timestamp: 100, markRead: false, countUnread: true }, 0)
  return db
}

/** A port whose modifyChat behaves like the engine when its own chats.delete event is stored before it resolves. */
const portThatIngestsFirst = (db: Db, modified: string[]) =>
  ({
    modifyChat: async (_change: unknown, jid: string) => {
      modified.push(jid)
      deleteChat(db, I, jid)
    }
  }) as unknown as SessionPort

describe('removeChat', () => {
  it('answers that the chat existed and removes its files even when the engine event deleted the rows first', async () => {
    const db = storeWithChat()
    expect(getChat(db, I, B)).toBeDefined()
    const modified: string[] = []
    const removedFiles: string[][] = []
    const media = { chatFiles: () => ['/media/a.jpg'], removeFiles: (f: string[]) => removedFiles.push(f) } as unknown as MediaFiles
    const existed = await removeChat({ socket: portThatIngestsFirst(db, modified), db, instanceId: I, now: 0, media }, { jid: B, chatJid: B })
    expect(existed).toBe(true)
    expect(modified).toEqual([B])
    expect(removedFiles).toEqual([['/media/a.jpg']])
    expect(getChat(db, I, B)).toBeUndefined()
  })

  it('answers false for a chat the store never had, and a failed engine call changes nothing', async () => {
    const db = storeWithChat()
    const none = await removeChat({ socket: portThatIngestsFirst(db, []), db, instanceId: I, now: 0 }, { jid: '15550000009@s.whatsapp.net', chatJid: '15550000009@s.whatsapp.net' })
    expect(none).toBe(false)
    const failing = { modifyChat: async () => Promise.reject(new Error('socket closed')) } as unknown as SessionPort
    await expect(removeChat({ socket: failing, db, instanceId: I, now: 0 }, { jid: B, chatJid: B })).rejects.toMatchObject({ code: 'engine_request_failed' })
    expect(getChat(db, I, B)).toBeDefined()
  })
})
