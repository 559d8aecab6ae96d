// Media that expired on the server (issue 10 item 4), end to end with real Baileys: the sandbox media host answers
// 410/403 for old media (POST /sandbox/faults media_expired); /api/files and downloadMedia=true ask the phone to
// upload it again (Baileys updateMediaMessage -> the simulated phone re-encrypts, uploads, answers a mediaretry
// notification) and serve exactly the bytes the sender sent.
import { randomBytes } from 'node:crypto'
import { Jimp } from 'jimp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pairInstance, startTestCore, waitUntil, type TestCore } from '../../testing/core-harness.js'
import { findMessage } from '../store/index.js'

const P1 = '15550300001' // the instance's own phone
const BOB = '15550300002'
const jid = (p: string) => `${p}@s.whatsapp.net`

describe.sequential('expired media is uploaded again by the phone (sandbox, real Baileys)', () => {
  let t: TestCore
  let id: string

  beforeAll(async () => {
    t = await startTestCore('sandbox', { plan: 'paid' })
    id = await pairInstance(t, P1, 'Alice')
    await t.core.sandbox!.createPhone({ phoneNumber: BOB, name: 'Bob' })
  }, 120_000)
  afterAll(async () => {
    await t?.close()
  })

  const fault = async (body: Record<string, unknown>) => {
    const res = await t.call('POST', '/sandbox/faults', {}, body)
    expect(res.statusCode, res.body).toBe(200)
  }
  /** Bob sends; resolves once the instance stored it and Alice's phone holds its copy (what a re-upload needs). */
  const receive = async (content: Parameters<NonNullable<TestCore['core']['sandbox']>['sendMessage']>[2]) => {
    const { id: msgId } = await t.core.sandbox!.sendMessage(BOB, P1, content)
    await waitUntil(() => findMessage(t.core.db, id, jid(BOB), msgId), 15_000, 'stored')
    await waitUntil(async () => !!(await t.core.sandbox!.mediaOf(P1, msgId)), 15_000, "the phone's copy")
    return msgId
  }
  const directPathOf = (msgId: string) => {
    const c = findMessage(t.core.db, id, jid(BOB), msgId)!.message.message!
    return (c.imageMessage ?? c.documentMessage)!.directPath
  }

  it('/api/files: a 410 from the media host -> the phone uploads again -> the exact bytes are served', async () => {
    const img = await new Jimp({ width: 48, height: 48, color: 0x22aa66ff }).getBuffer('image/jpeg')
    const msgId = await receive({ image: img, caption: 'old photo' })
    const before = directPathOf(msgId)
    await fault({ action: 'media_expired', message_id: msgId, status: 410 })

    const res = await fetch(`${t.core.url}/api/files/${id}/${msgId}.jpeg`, { headers: { 'access-token': t.token } })
    expect(res.status).toBe(200)
    expect(Buffer.from(await res.arrayBuffer()).equals(img)).toBe(true)
    // The phone's re-upload has a new path, kept in the store for the next download.
    expect(directPathOf(msgId)).not.toBe(before)
    expect(t.logLines.some((l) => l.includes('asking the phone to upload it again'))).toBe(true)
    await fault({ action: 'clear' })
  })

  it('downloadMedia=true: media older than the cut-off answers 403 -> re-uploaded -> byte for byte', async () => {
    const doc = randomBytes(200_000)
    const msgId = await receive({ document: doc, mimetype: 'application/pdf', fileName: 'old.pdf', caption: 'old document' })
    const before = directPathOf(msgId)
    await fault({ action: 'media_expired', older_than_ms: 0, status: 403 })

    const read = await t.call('GET', '/v2/chats/messages', { instance_id: id, chatId: BOB, limit: '5', downloadMedia: 'true' })
    expect(read.statusCode, read.body).toBe(200)
    const m = (JSON.parse(read.body) as { id: string; media: { url: string | null; error: string | null } | null }[]).find((x) => x.id.includes(msgId))!
    expect(m.media).toMatchObject({ error: null, url: expect.stringContaining(`/api/files/${id}/`) })
    const res = await fetch(m.media!.url!, { headers: { 'access-token': t.token } })
    expect(Buffer.from(await res.arrayBuffer()).equals(doc)).toBe(true)
    expect(directPathOf(msgId)).not.toBe(before)
    await fault({ action: 'clear' })
  })

  it('the media host really refuses expired media, and unknown messages are a clean 400', async () => {
    const img = await new Jimp({ width: 16, height: 16, color: 0xff0000ff }).getBuffer('image/jpeg')
    const msgId = await receive({ image: img })
    await fault({ action: 'media_expired', message_id: msgId, status: 404 })
    // With the session stopped nobody can ask the phone: the download fails with a clear error, not a 500.
    await t.call('POST', '/v2/session/stop', { instance_id: id })
    const res = await fetch(`${t.core.url}/api/files/${id}/${msgId}.jpeg`, { headers: { 'access-token': t.token } })
    expect(res.status).toBe(502) // media_download_failed, in words
    expect(await res.text()).toMatch(/expired on the server/)
    const bad = await t.call('POST', '/sandbox/faults', {}, { action: 'media_expired', message_id: 'NO-SUCH-MESSAGE' })
    expect(bad.statusCode).toBe(400)
    await fault({ action: 'clear' })
  })
})
