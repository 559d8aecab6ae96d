import { describe, expect, it } from 'vitest'
import { guessPhoneColumn, peekCsv } from './csv-peek.js'

describe('peekCsv', () => {
  it('reads the header and the first rows with quotes, doubled quotes, CRLF and a BOM', () => {
    const p = peekCsv('\uFEFFname,phone,note\r\n"Ana, the first",+34 600 000 001,"said ""hi"""\r\nBo,+34600000002,\r\n\r\nCy,+34600000003,x\r\n', 2)
    expect(p.columns).toEqual(['name', 'phone', 'note'])
    expect(p.rows).toEqual([
      ['Ana, the first', '+34 600 000 001', 'said "hi"'],
      ['Bo', '+34600000002', '']
    ])
    expect(p.approxRows).toBe(3)
    expect(p.separator).toBe(',')
  })

  it('detects semicolons (spreadsheet exports in many locales) and names empty headers', () => {
    const p = peekCsv('Telefone;;Nome\n5511999990001;x;Ana')
    expect(p.columns).toEqual(['Telefone', 'column 2', 'Nome'])
    expect(p.rows).toEqual([['5511999990001', 'x', 'Ana']])
    expect(p.separator).toBe(';')
    expect(guessPhoneColumn(p.columns)).toBe('Telefone')
  })

  it('guesses the phone column, else takes the first', () => {
    expect(guessPhoneColumn(['First name', 'Mobile number'])).toBe('Mobile number')
    expect(guessPhoneColumn(['a', 'b'])).toBe('a')
  })
})
