// toApiChatId's memo (a page of messages asks for the same JIDs many times): every spelling answers as jidDecode
// says, asked once, again, and after more distinct JIDs than the memo holds (it is dropped whole, never wrong).
import { describe, expect, it } from 'vitest'
import { toApiChatId } from './chat-ids.js'

const CASES: [string, string][] = [
  ['15550000001@s.whatsapp.net', '15550000001@c.us'],
  ['15550000001:12@s.whatsapp.net', '15550000001@c.us'],
  ['15550000001@c.us', '15550000001@c.us'],
  ['123456789012345@lid', '123456789012345@lid'],
  ['123456789012345:3@lid', '123456789012345@lid'],
  ['120363000000000001@g.us', '120363000000000001@g.us'],
  ['120363000000000002@newsletter', '120363000000000002@newsletter'],
  ['status@broadcast', 'status@broadcast'],
  ['no-at-sign', 'no-at-sign']
]

describe('toApiChatId', () => {
  it('answers each spelling the same, first time, again, and after the memo was filled past its bound', () => {
    for (const [jid, id] of CASES) expect(toApiChatId(jid)).toBe(id)
    for (const [jid, id] of CASES) expect(toApiChatId(jid)).toBe(id)
    for (let i = 0; i < 10_000; i++) expect(toApiChatId(`1555${String(i).padStart(7, '0')}:${i % 5}@s.whatsapp.net`)).toBe(`1555${String(i).padStart(7, '0')}@c.us`)
    for (const [jid, id] of CASES) expect(toApiChatId(jid)).toBe(id)
    expect(toApiChatId('')).toBe('')
    expect(toApiChatId(null)).toBe('')
    expect(toApiChatId(undefined)).toBe('')
  })
})
