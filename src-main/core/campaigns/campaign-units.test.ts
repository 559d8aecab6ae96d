// The pure parts of campaigns: list parsing (line numbers, reasons, merges, encodings, delimiters, mapping),
// templates (variables, defaults, spintax, unknown variables), opt-out keywords, windows and the estimate.
import { describe, expect, it } from 'vitest'
import { parseList } from './list-import.js'
import { renderTemplate, validateTemplate } from './template.js'
import { matchOptOut, optOutKeywords } from './opt-out-keywords.js'
import { duration, inWindow, nextOpening, shortWhen } from './schedule.js'
import { estimateCampaign } from './estimate.js'
import { judgeRates } from './autopilot.js'
import { DomainError } from '../domain/errors.js'
import { en } from '../../../src-renderer/i18n/locales/en.js'

const csv = (text: string) => ({ kind: 'csv' as const, text })
const bytes = (b: Buffer) => ({ kind: 'csv-stream' as const, stream: (async function* () { yield b })() })

describe('list import', () => {
  it('normalises with the default country, merges duplicates and reports every rejected row with its line', async () => {
    const text = 'Name,Phone,City\nAna,55 1234 5678,CDMX\nBob,+1 (555) 010-0002,NYC\n"Smith, Jo",12ab,X\nCarl,,Y\nAna B,+52 55 1234 5678,\n,,\n'
    const r = await parseList(csv(text), undefined, 'MX')
    expect([...r.contacts.keys()]).toEqual(['525512345678', '15550100002'])
    expect(r.variables).toEqual(['name', 'city'])
    expect(r.contacts.get('525512345678')).toEqual({ phone: '525512345678', vars: { name: 'Ana B', city: 'CDMX' }, line: 2 })
    expect(r.rejected).toEqual([
      { line: 4, reason: 'invalid_phone', message: "'12ab' is not a phone number (default country MX)", value: '12ab' },
      { line: 5, reason: 'missing_phone', message: 'the phone cell is empty', value: '' }
    ])
    expect(r.merged).toEqual([{ line: 6, intoLine: 2, phone: '525512345678' }])
  })

  it('semicolon files, a BOM, a mapping that renames columns; missing phone column and bad encodings are invalid', async () => {
    const r = await parseList(bytes(Buffer.from('\uFEFFTel;First name;Skip\n+4915112345678;Lena;x\n', 'utf8')), { phone: 'Tel', variables: { 'First name': 'name' } }, null)
    expect([...r.contacts.values()]).toEqual([{ phone: '4915112345678', vars: { name: 'Lena' }, line: 2 }])
    await expect(parseList(csv('name,city\nA,B\n'), undefined, null)).rejects.toMatchObject({ code: 'missing_phone_column' })
    await expect(parseList(csv('phone\n1\n'), { phone: 'mobile' }, null)).rejects.toMatchObject({ code: 'missing_phone_column', message: expect.stringContaining('"mobile"') })
    await expect(parseList(bytes(Buffer.from([0x70, 0x68, 0x6f, 0x6e, 0x65, 0x0a, 0xff, 0xfe, 0x31])), undefined, null)).rejects.toMatchObject({ code: 'invalid_csv' })
    await expect(parseList(bytes(Buffer.from('\ufeffphone', 'utf16le')), undefined, null)).rejects.toBeInstanceOf(DomainError)
    await expect(parseList(csv(''), undefined, null)).rejects.toMatchObject({ code: 'invalid_csv' })
  })

  it('streams 100k rows', async () => {
    async function* big() {
      yield 'phone,name\n'
      for (let i = 0; i < 100; i++) {
        let chunk = ''
        for (let j = 0; j < 1000; j++) chunk += `+1555${String(i * 1000 + j).padStart(7, '0')},N${j}\n`
        yield Buffer.from(chunk)
      }
    }
    const r = await parseList({ kind: 'csv-stream', stream: big() }, undefined, null)
    expect(r.contacts.size).toBe(100_000)
    expect(r.rejected).toEqual([])
  }, 60_000)

  it('JSON rows', async () => {
    const r = await parseList({ kind: 'rows', rows: [{ phone: '+34 612 345 678', name: 'Eva' }, { phone: 34612345678, name: null }] }, undefined, null)
    expect([...r.contacts.values()]).toEqual([{ phone: '34612345678', vars: { name: 'Eva' }, line: 1 }])
    expect(r.merged).toEqual([{ line: 2, intoLine: 1, phone: '34612345678' }])
  })
})

describe('templates', () => {
  it('variables, defaults, the phone, footer; spintax chosen by the seed (same seed, same text)', () => {
    const text = '{Hi|Hello} {{name|there}}, your order {{ order }} is ready ({{phone}})'
    const a = renderTemplate({ text, vars: { name: 'Ana', order: 'A-7' }, phone: '5215512345678', footer: 'Reply STOP to opt out', seed: 'c1:1' })
    expect(a).toMatch(/^(Hi|Hello) Ana, your order A-7 is ready \(5215512345678\)\n\nReply STOP to opt out$/)
    expect(renderTemplate({ text, vars: { name: 'Ana', order: 'A-7' }, phone: '5215512345678', seed: 'c1:1' })).toBe(a.split('\n\n')[0])
    expect(renderTemplate({ text: 'x {{name|there}}', vars: { name: '' }, phone: '1', seed: 's' })).toBe('x there')
    const seen = new Set(Array.from({ length: 40 }, (_, i) => renderTemplate({ text: '{Hi|Hello|Hey}', vars: {}, phone: '1', seed: `s${i}` })))
    expect(seen).toEqual(new Set(['Hi', 'Hello', 'Hey']))
    // Values are never spun, and braces without | stay.
    expect(renderTemplate({ text: '{{name}} {x}', vars: { name: '{a|b}' }, phone: '1', seed: 's' })).toBe('{a|b} {x}')
  })

  it('an unknown variable is unknown_variable naming it; broken spintax is invalid_template', () => {
    expect(() => validateTemplate('Hi {{nmae}}', ['name'])).toThrow(expect.objectContaining({ code: 'unknown_variable', details: expect.objectContaining({ variable: 'nmae' }) }))
    expect(() => validateTemplate('Hi {{nmae|friend}}', ['name'])).not.toThrow()
    expect(() => validateTemplate('{Hi|Hello', [])).toThrow(expect.objectContaining({ code: 'invalid_template' }))
  })
})

describe('opt-out keywords', () => {
  it('matches whole short replies in seven languages, ignoring case, accents and punctuation; extra words apply', () => {
    const k = optOutKeywords(true, ['BASTA YA'])
    for (const reply of ['STOP', 'stop!', 'Unsubscribe', 'Baja', 'no más', 'PARAR', 'arrêt', 'Abmelden', 'basta', 'berhenti', 'basta ya']) expect(matchOptOut(reply, k), reply).toBeDefined()
    for (const reply of ['please stop by the shop tomorrow', 'ok', 'thanks']) expect(matchOptOut(reply, k), reply).toBeUndefined()
    expect(matchOptOut('stop', optOutKeywords(false, ['alto']))).toBeUndefined()
  })
})

describe('windows and the estimate', () => {
  const tz = 'America/Mexico_City' // UTC-6, no DST
  const at = (iso: string) => Date.parse(iso)
  it('in and out of a weekday window; the next opening', () => {
    const w = { days: [1, 2, 3, 4, 5], from: '09:00', to: '18:00' }
    expect(inWindow(w, at('2026-11-23T16:00:00Z'), tz)).toBe(true) // Mon 10:00
    expect(inWindow(w, at('2026-11-23T00:30:00Z'), tz)).toBe(false) // Sun 18:30
    expect(nextOpening(w, at('2026-11-28T16:00:00Z'), tz)).toBe(at('2026-11-30T15:00:00Z')) // Sat -> Mon 09:00
    // A short window is not jumped over.
    expect(nextOpening({ days: [2], from: '10:21', to: '10:31' }, at('2026-11-24T16:19:45Z'), tz)).toBe(at('2026-11-24T16:21:00Z'))
  })
  it('"≈ 3 h 20 min" style text; daily caps and windows push the end', () => {
    const now = at('2026-11-24T16:00:00Z') // Tue 10:00 local
    const e = estimateCampaign([{ remaining: 200, spacingMs: 60_000, limitedBy: 'pacing', dailyCap: null, sentToday: 0 }], { startAt: null, timeZone: tz, window: null }, now)
    expect(e).toMatchObject({ remaining: 200, durationMs: 200 * 60_000, text: '≈ 3 h 20 min, ends Tue 13:20', limitedBy: 'pacing', timeZone: tz })
    const capped = estimateCampaign([{ remaining: 30, spacingMs: 60_000, limitedBy: 'policy', dailyCap: 20, sentToday: 0 }], { startAt: null, timeZone: tz, window: { days: [0, 1, 2, 3, 4, 5, 6], from: '09:00', to: '18:00' } }, now)
    expect(capped.limitedBy).toBe('daily_cap')
    expect(capped.text).toMatch(/ends Wed 09:10$/)
  })
  it('the UI words the estimate from its numbers as the core does: en.ts has the same units and sentence (issue 20 item 12)', () => {
    const fill = (template: string, words: Record<string, string | number>) => template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(words[k]))
    const units = en.coreWords.duration
    // The same cases as the renderer's formatDuration(ms, 'minute') test (src-renderer/i18n/core-words.test.tsx).
    expect([30_000, 45 * 60_000, 60 * 60_000, 200 * 60_000, 47 * 3_600_000, 52 * 3_600_000 + 60_000].map(duration)).toEqual([
      fill(units.min, { m: 1 }), fill(units.min, { m: 45 }), fill(units.h, { h: 1 }), fill(units.hMin, { h: 3, m: 20 }), fill(units.h, { h: 47 }), fill(units.dH, { d: 2, h: 4 })
    ])
    const e = estimateCampaign([{ remaining: 200, spacingMs: 60_000, limitedBy: 'pacing', dailyCap: null, sentToday: 0 }], { startAt: null, timeZone: tz, window: null }, at('2026-11-24T16:00:00Z'))
    expect(e.text).toBe(fill(en.coreWords.estimate.text, { duration: duration(e.durationMs), ends: shortWhen(e.endsAt, tz) }))
    expect(estimateCampaign([], { startAt: null, timeZone: tz, window: null }, 0).text).toBe(en.coreWords.estimate.none)
  })
})

describe('autopilot rates', () => {
  const rules = { window: 10, maxFailureRate: 0.3, maxOptOutRate: 0.2, minSample: 5 }
  it('pauses in words over the thresholds, not before the sample', () => {
    const sent = { state: 'sent', reason: null }
    const failed = { state: 'failed', reason: 'send_failed' }
    expect(judgeRates([failed, failed, failed], rules)).toBeUndefined()
    expect(judgeRates([failed, failed, sent, sent, sent], rules)).toMatchObject({ code: 'failure_rate', message: expect.stringContaining('2 of the last 5 sends failed (40%') })
    expect(judgeRates([{ state: 'opted_out', reason: 'keyword' }, sent, sent, sent, sent, { state: 'opted_out', reason: 'keyword' }], rules)).toMatchObject({ code: 'opt_out_rate' })
  })
})
