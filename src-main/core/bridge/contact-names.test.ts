// Local contact names and labels in the chat list (issue 20 item 7) through the UI bridge on an offline core whose
// store holds a chat: a name given on this PC wins in the chat list (and its search) and the thread's sender (what
// notifications read); clearing it brings back the name WhatsApp knows; it survives a restart of the core. The
// chat's labels (synced from the account) come with it in the list.
import { afterAll, describe, expect, it } from 'vitest'
import { addChatLabel, touchChatWithMessage, upsertContact, upsertLabel, upsertMessage } from '../messaging/store/index.js'
import { startTestCore, type TestCore } from '../testing/core-harness.js'
import { connectTestBridge, type TestBridge } from './testing/ws-bridge-client.js'

const JID = '15550383001@s.whatsapp.net'
const CHAT = '15550383001@c.us'

describe('local contact names', () => {
  const open: { close(): unknown }[] = []
  afterAll(async () => {
    for (const c of open.reverse()) await c.close()
  })

  it('show in the list, its search and the thread; cleared, the known name is back; kept across a restart', async () => {
    let t: TestCore = await startTestCore('offline')
    const id = await t.createInstance()
    const db = t.core.db
    upsertContact(db, id, JID, { notify: 'maria_88' }, 0)
    const r = upsertMessage(db, id, { chatId: JID, sender: JID, message: { key: { id: 'N1', remoteJid: JID, fromMe: false }, message: { conversation: 'hi' }, messageTimestamp: 1_700_000_000 }, now: 0 })
    touchChatWithMessage(db, id, JID, { pk: r.pk, timestamp: 1_700_000_000, markRead: false, countUnread: true }, 0)
    let ui: TestBridge = await connectTestBridge(t.core.url, t.core.ui.token)
    const names = async () => {
      const list = await ui.bridge.chats.list({ instanceId: id })
      const thread = await ui.bridge.chats.messages({ instanceId: id, chatId: CHAT })
      if (!list.ok || !thread.ok) throw new Error('bridge call failed')
      return { list: list.data.chats.map((c) => c.name), sender: thread.data.messages[0]!.sender }
    }
    expect(await names()).toEqual({ list: ['maria_88'], sender: 'maria_88' })
    const unlabelled = await ui.bridge.chats.list({ instanceId: id })
    expect(unlabelled.ok && unlabelled.data.chats[0]).not.toHaveProperty('labels')
    upsertLabel(db, id, { id: '1', name: 'New customer', color: 3, predefinedId: null }, 0)
    upsertLabel(db, id, { id: '2', name: 'Paid', color: 7, predefinedId: null }, 0)
    addChatLabel(db, id, '2', JID)
    addChatLabel(db, id, '1', JID)
    const labelled = await ui.bridge.chats.list({ instanceId: id })
    expect(labelled.ok && labelled.data.chats[0]!.labels).toEqual([{ name: 'New customer', color: 3 }, { name: 'Paid', color: 7 }])
    expect(await ui.bridge.chats.setName({ instanceId: id, chatId: CHAT, name: '  Maria (blue dress) ' })).toEqual({ ok: true, data: { name: 'Maria (blue dress)' } })
    expect(await names()).toEqual({ list: ['Maria (blue dress)'], sender: 'Maria (blue dress)' })
    const found = await ui.bridge.chats.list({ instanceId: id, search: 'blue dress' })
    expect(found.ok && found.data.chats.map((c) => c.id)).toEqual([CHAT])

    ui.close()
    const { dataDir, token } = t
    await t.close()
    t = await startTestCore('offline', { dataDir, accessToken: token })
    open.push(t)
    ui = await connectTestBridge(t.core.url, t.core.ui.token)
    open.push(ui)
    expect(await names()).toEqual({ list: ['Maria (blue dress)'], sender: 'Maria (blue dress)' })
    expect(await ui.bridge.chats.setName({ instanceId: id, chatId: CHAT, name: '' })).toEqual({ ok: true, data: { name: null } })
    expect(await names()).toEqual({ list: ['maria_88'], sender: 'maria_88' })
    expect(await ui.bridge.chats.setName({ instanceId: id, chatId: CHAT, name: 'x'.repeat(101) })).toMatchObject({ ok: false, error: { code: 'invalid_request' } })
  })
})
