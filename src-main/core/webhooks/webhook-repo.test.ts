import { afterEach, describe, expect, it } from 'vitest'
import type { Db } from '../db/connection.js'
import { openTestDb } from './testing.js'
import { deleteWebhook, getWebhook, listWebhooks, replaceWebhooks, setWebhook, toWebhookWire, updateWebhook } from './webhook-repo.js'

let db: Db
afterEach(() => db?.close())

const codeOf = (f: () => unknown): string => {
  try {
    f()
  } catch (e) {
    return (e as { code: string }).code
  }
  return 'ok'
}

describe('webhook repo', () => {
  it('creates with the v2 defaults and upserts by URL', () => {
    db = openTestDb().db
    const a = setWebhook(db, 'I1', { url: 'https://example.com/hook', events: ['message'] })
    expect(toWebhookWire(a)).toEqual({
      url: 'https://example.com/hook',
      name: null,
      events: ['message'],
      is_active: true,
      retries: { delay: 2, attempts: 15 },
      hmac: null,
      disabled_reason: null
    })
    const b = setWebhook(db, 'I1', { url: 'https://example.com/hook', events: '["message","message.ack"]', hmac: 's3cret', is_active: '0' })
    expect(b.id).toBe(a.id)
    expect(b).toMatchObject({ events: ['message', 'message.ack'], hmac: 's3cret', isActive: false })
    // Another instance has its own list.
    setWebhook(db, 'I2', { url: 'https://example.com/hook', events: ['*'] })
    expect(listWebhooks(db, 'I1')).toHaveLength(1)
  })

  it('updates only the given fields and requires an existing URL', () => {
    db = openTestDb().db
    setWebhook(db, 'I1', { url: 'http://localhost:5678/webhook/x', events: ['*'], hmac: 'k', name: 'n8n' })
    const u = updateWebhook(db, 'I1', { url: 'http://localhost:5678/webhook/x', retries: '{"delay":5,"attempts":10}', name: 'Updated CRM' })
    expect(u).toMatchObject({ events: ['*'], hmac: 'k', name: 'Updated CRM', retries: { delay: 5, attempts: 10 } })
    expect(codeOf(() => updateWebhook(db, 'I1', { url: 'http://localhost:5678/other', is_active: 1 }))).toBe('webhook_not_found')
  })

  it('validates URLs, events, retries and secrets with named codes', () => {
    db = openTestDb().db
    expect(codeOf(() => setWebhook(db, 'I1', { url: 'ftp://example.com/x', events: ['*'] }))).toBe('invalid_webhook_url')
    expect(codeOf(() => setWebhook(db, 'I1', { url: '/relative', events: ['*'] }))).toBe('invalid_webhook_url')
    expect(codeOf(() => setWebhook(db, 'I1', { url: 'javascript:alert(1)', events: ['*'] }))).toBe('invalid_webhook_url')
    expect(codeOf(() => setWebhook(db, 'I1', { url: '', events: ['*'] }))).toBe('missing_param')
    expect(codeOf(() => setWebhook(db, 'I1', { url: 'https://e.com' }))).toBe('missing_param')
    expect(codeOf(() => setWebhook(db, 'I1', { url: 'https://e.com', events: [] }))).toBe('invalid_webhook_events')
    expect(codeOf(() => setWebhook(db, 'I1', { url: 'https://e.com', events: ['bad name'] }))).toBe('invalid_webhook_events')
    expect(codeOf(() => setWebhook(db, 'I1', { url: 'https://e.com', events: ['*'], retries: { attempts: -1 } }))).toBe('invalid_webhook_retries')
    expect(codeOf(() => setWebhook(db, 'I1', { url: 'https://e.com', events: ['*'], hmac: 'whsec_!!' }))).toBe('invalid_webhook_hmac')
    expect(codeOf(() => setWebhook(db, 'I1', { url: 'https://e.com', events: ['*'], is_active: 'maybe' }))).toBe('invalid_webhook_is_active')
    expect(listWebhooks(db, 'I1')).toEqual([])
  })

  it('compares URLs in normalized form for set, get and delete', () => {
    db = openTestDb().db
    setWebhook(db, 'I1', { url: ' HTTPS://Example.com ', events: 'message,message.any' })
    expect(getWebhook(db, 'I1', 'https://example.com/')?.events).toEqual(['message', 'message.any'])
    expect(deleteWebhook(db, 'I1', 'https://EXAMPLE.com')).toBe(true)
    expect(deleteWebhook(db, 'I1', 'https://example.com')).toBe(false)
  })

  it('replace-all keeps rows of URLs that stay, drops the others, keeps the given order', () => {
    db = openTestDb().db
    const keep = setWebhook(db, 'I1', { url: 'https://a.example/', events: ['*'], hmac: 'secret' })
    setWebhook(db, 'I1', { url: 'https://b.example/', events: ['*'] })
    const list = replaceWebhooks(db, 'I1', [
      { url: 'https://c.example/', events: ['message'], is_active: 1 },
      { url: 'https://a.example/', events: ['message.ack'], is_active: true }
    ])
    expect(list.map((w) => w.url)).toEqual(['https://c.example/', 'https://a.example/'])
    expect(list[1]).toMatchObject({ id: keep.id, hmac: 'secret', events: ['message.ack'] })
    expect(codeOf(() => replaceWebhooks(db, 'I1', [{ url: 'https://ok.example/', events: ['*'] }, { url: 'nope', events: ['*'] }]))).toBe(
      'invalid_webhook_url'
    )
    expect(listWebhooks(db, 'I1')).toHaveLength(2)
    expect(replaceWebhooks(db, 'I1', [])).toEqual([])
  })
})
