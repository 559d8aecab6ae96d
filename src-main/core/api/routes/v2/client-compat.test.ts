// What automation tools written against the hosted v2 docs (or WAHA's) send and expect, through the real app on
// the sandbox: one test per spelling or answer shape a real client produced that the API once got wrong.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAccountCore, type AccountCore } from '../../../account/testing.js'

const ME = '15550207001'
const BOB = '15550207002'

describe.sequential('v2 client compatibility', () => {
  let c: AccountCore
  const query = () => new URLSearchParams({ access_token: c.t.token, instance_id: c.id }).toString()

  beforeAll(async () => {
    c = await startAccountCore(ME, [BOB])
  })
  afterAll(async () => c?.close())

  it("PHP http_build_query arrays (events[0]=...) in a form body: POST /v2/webhook/set", async () => {
    const res = await c.t.inject({
      method: 'POST',
      url: `/v2/webhook/set?${query()}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'url=http%3A%2F%2F127.0.0.1%3A9%2Fhook&events%5B0%5D=message&events%5B1%5D=message.ack&retries%5Bdelay%5D=3&retries%5Battempts%5D=4'
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().webhook).toMatchObject({ url: 'http://127.0.0.1:9/hook', events: ['message', 'message.ack'], retries: { delay: 3, attempts: 4 } })
  })

  it('labels as JSON text or indexed keys in the query: PUT /v2/labels/chats/{chatId}', async () => {
    expect((await c.api('POST', '/v2/labels', { name: 'Lead', color: 2 })).statusCode).toBe(201)
    const json = await c.api('PUT', `/v2/labels/chats/${BOB}@c.us`, undefined, { labels: '[{"id":"1"}]' })
    expect(json.statusCode, json.body).toBe(200)
    expect(json.json()).toEqual([{ id: '1', name: 'Lead', color: 2, colorHex: '#ffd429' }])
    const indexed = await c.api('PUT', `/v2/labels/chats/${BOB}@c.us`, undefined, { 'labels[0][id]': '1' })
    expect(indexed.statusCode, indexed.body).toBe(200)
  })
})
