import { describe, expect, it } from 'vitest'
import { chatIdNumber, formatPhoneNumber, typedPhoneNumber } from './phone-number.js'

describe('phone numbers in the Chats view', () => {
  it('recognises typed numbers in any common spelling, and nothing else', () => {
    expect(typedPhoneNumber('+1 555 000 0002')).toBe('15550000002')
    expect(typedPhoneNumber('1 (555) 000-0002')).toBe('15550000002')
    expect(typedPhoneNumber('447911123456')).toBe('447911123456')
    for (const no of ['Alice', '555', '0044 7911 123456', '+', '1555000000212345678', 'bob 1555']) expect(typedPhoneNumber(no)).toBeUndefined()
  })

  it('formats numbers with their country code', () => {
    expect(formatPhoneNumber('15550000002')).toBe('+1 555 000 0002')
    expect(formatPhoneNumber('447911123456')).toBe('+44 791 112 3456')
    expect(formatPhoneNumber('4915123456789')).toBe('+49 151 234 567 89')
    expect(formatPhoneNumber('35312345678')).toBe('+353 123 456 78')
    expect(chatIdNumber('15550000002@c.us')).toBe('+1 555 000 0002')
    expect(chatIdNumber('120363000000000000@g.us')).toBe('120363000000000000')
  })
})
