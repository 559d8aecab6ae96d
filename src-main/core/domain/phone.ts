// Phone numbers as the v2 API takes them: digits only, country code first, no +, 00, spaces or dashes.

/** E.164 allows at most 15 digits; country codes never start with 0, which also rejects a 00 prefix. */
export const isApiPhoneNumber = (value: string): boolean => /^[1-9][0-9]{6,14}$/.test(value)
