// The 200 answer of the send endpoints (moved here from messaging/message-mapper.test.ts with toSendResponse).
import { describe, expect, it } from 'vitest'
import { toSendResponse } from './send-answer.js'

const me = '15550000001:3@s.whatsapp.net'

describe('send answers', () => {
  it('send responses carry the id in every form clients read', () => {
    const r = toSendResponse({ key: { remoteJid: '15550000002@s.whatsapp.net', fromMe: true, id: 'S1' }, message: { conversation: 'x' }, status: 1 }, { me })
    expect(r.id._serialized).toBe('true_15550000002@c.us_S1')
    expect(r.id.id).toBe('S1')
    expect(r.key.id).toBe('S1')
    expect(r._data.id._serialized).toBe('true_15550000002@c.us_S1')
  })

  it("send responses' _data follows the documented whatsapp-web.js example: Wid objects and its flags", () => {
    const r = toSendResponse({ key: { remoteJid: '15550000002@s.whatsapp.net', fromMe: true, id: 'S1' }, message: { conversation: 'x' }, messageTimestamp: 1759108866 }, { me })
    expect(r._data).toMatchObject({
      viewed: false,
      body: 'x',
      type: 'chat',
      t: 1759108866,
      from: { server: 'c.us', user: '15550000001', _serialized: '15550000001@c.us' },
      to: { server: 'c.us', user: '15550000002', _serialized: '15550000002@c.us' },
      ack: 0,
      isNewMsg: true,
      star: false,
      kicNotified: false
    })
    // The top level keeps WAHA's flat strings.
    expect(r.from).toBe('15550000001@c.us')
    const image = toSendResponse(
      { key: { remoteJid: '120363123@g.us', fromMe: true, id: 'S2' }, message: { imageMessage: { caption: 'cat', mimetype: 'image/jpeg', url: 'https://mmg/x', directPath: '/v/x' } } },
      { me }
    )
    expect(image._data).toMatchObject({ caption: 'cat', mimetype: 'image/jpeg', deprecatedMms3Url: 'https://mmg/x', directPath: '/v/x', to: { server: 'g.us', user: '120363123' } })
  })
})
