// The send pipeline against a fake session port whose sends finish when the test says so: concurrency limits,
// outbound row states (queued/sending/sent/failed/purged) with the daily counter in the same transaction,
// boot recovery of unfinished rows (queued ones restored, the rest failed with a failed ack), the restart purge's
// failed acks, wasSentByApi, and the errors of a socket that is gone.
import type { SessionPort } from '../../engine/session-port.js'
import type { WAMessage } from '../../engine/wa-wire.js'
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { createEventBus } from '../../domain/event-bus.js'
import type { CoreEventMap, MessageAckEvent } from '../../domain/events.js'
import { openDatabase, type Db } from '../../db/connection.js'
import { migrate } from '../../db/migrate.js'
import { appMigrations } from '../../db/migrations/index.js'
import { upsertAccount } from '../../db/repositories/accounts-repo.js'
import { insertInstance } from '../../db/repositories/instances-repo.js'
import { createRateLimiter, createSendQueue, dailyCount, ManualClock, type PolicyLimits } from '../../rate-limit/index.js'
import { limits } from '../../rate-limit/testing.js'
import { DEFAULT_MEDIA_LIMITS } from './media-input.js'
import { NotSentReports } from './not-sent.js'
import { countOutbound, getOutbound, insertOutbound, markSending, wasSentByApi } from './outbound-repo.js'
import { OutboxMedia } from './outbox-media.js'
import { SendService, type Dispatch } from './send-service.js'

const ID = 'AAAABBBBCCCC'
const JID = '15550001111@s.whatsapp.net'

function setup(policy: PolicyLimits) {
  const dir = mkdtempSync(join(tmpdir(), 'sb-send-'))
  const db: Db = openDatabase(join(dir, 'app.db'))
  migrate(db, appMigrations)
  upsertAccount(db, { id: 'acc', name: 'A', plan: 'paid', token: 'tok', now: 1 })
  insertInstance(db, { id: ID, accountId: 'acc', sessionName: 's', status: 'WORKING', desiredRunning: true, ratePolicy: 'strict', now: 1 })
  const clock = new ManualClock(Date.now())
  const limiter = createRateLimiter({ db, limitsFor: () => policy, now: () => clock.now() })
  const queue = createSendQueue({ limiter, clock })
  let status = 'STARTING'
  const wire: { jid: string; text: string; id: string }[] = []
  let seq = 0
  let live: SessionPort | undefined = {
    account: () => ({ id: '15559990000:3@s.whatsapp.net', pn: '15559990000@s.whatsapp.net', lid: undefined, name: undefined, notify: undefined }),
    newMessageId: () => `3EB0TEST${String(++seq).padStart(12, '0')}`,
    onWhatsApp: async () => true,
    serverAck: () => ({ result: Promise.resolve(undefined), cancel: () => {} }),
    send: async (jid: string, content: { text: string }, opts: { messageId: string }) => {
      wire.push({ jid, text: content.text, id: opts.messageId })
      return { key: { id: opts.messageId, remoteJid: jid, fromMe: true }, message: { conversation: content.text }, messageTimestamp: 1 }
    }
  } as unknown as SessionPort
  const bus = createEventBus<CoreEventMap>()
  const acks: MessageAckEvent[] = []
  bus.on('message.ack', (e) => acks.push(e))
  const service = new SendService({
    outboxMedia: new OutboxMedia(join(dir, 'outbox-media')),
    notSent: new NotSentReports({ db, bus, instance: () => ({ name: 's', me: null }), engineName: 'test', now: () => 1_000 }),
    db,
    engine: { livePort: () => live },
    statusOf: () => (live ? 'WORKING' : status),
    reconnectWaitMs: 300,
    queue,
    clock,
    logger: pino({ level: 'silent' }),
    media: DEFAULT_MEDIA_LIMITS
  })
  /** A dispatch that completes when release() is called. */
  const gates: (() => void)[] = []
  const gated: Dispatch = (_sock, { messageId }) =>
    new Promise<WAMessage>((resolve) => gates.push(() => resolve({ key: { id: messageId, remoteJid: JID, fromMe: true }, message: { conversation: 'x' }, messageTimestamp: 1 })))
  const send = () => service.submit({ instanceId: ID, kind: 'text', chatJid: JID, dispatch: gated })
  const sock = live
  return {
    db,
    clock,
    service,
    dir,
    wire,
    acks,
    gates,
    send,
    drop: (next = 'STARTING') => {
      status = next
      live = undefined
    },
    restore: () => (live = sock)
  }
}

const flush = () => new Promise((r) => setImmediate(r))
/** Lets promise chains and immediates settle (no timers: time only moves with the ManualClock). */
const settle = async () => {
  for (let i = 0; i < 5; i++) await flush()
}

describe('SendService', () => {
  it('concurrent_limit 1: the second send waits (202, reason concurrency) until the first finishes', async () => {
    const s = setup(limits({ concurrent_limit: 1 }))
    const first = s.send()
    await flush()
    const second = await s.send()
    expect(second.status).toBe('queued')
    if (second.status !== 'queued') return
    expect(second).toMatchObject({ reason: 'concurrency', position: 1 })
    expect(getOutbound(s.db, ID, second.messageId)?.status).toBe('queued')
    expect(s.gates).toHaveLength(1)
    s.gates[0]!()
    expect((await first).status).toBe('sent')
    await flush()
    await flush()
    expect(s.gates).toHaveLength(2) // the queued one started
    s.gates[1]!()
    await flush()
    expect(getOutbound(s.db, ID, second.messageId)?.status).toBe('sent')
    expect(dailyCount(s.db, ID, 'send', s.clock.now())).toBe(2)
  })

  it('unlimited: many sends in flight at once, each row sent and counted', async () => {
    const s = setup(limits({}))
    const all = Array.from({ length: 10 }, () => s.send())
    await flush()
    expect(s.gates).toHaveLength(10)
    for (const g of s.gates) g()
    const done = await Promise.all(all)
    expect(done.every((d) => d.status === 'sent')).toBe(true)
    expect(countOutbound(s.db, ID, 'sent')).toBe(10)
    expect(dailyCount(s.db, ID, 'send', s.clock.now())).toBe(10)
    const id = done[0]!.status === 'sent' ? (done[0]!.message.key.id ?? '') : ''
    expect(wasSentByApi(s.db, ID, id)).toBe(true)
    expect(wasSentByApi(s.db, ID, 'NOT-OURS')).toBe(false)
  })

  it('daily cap: refused sends leave no row; the cap counts queued ones', async () => {
    const s = setup(limits({ send_message_daily_cap: 2, concurrent_limit: 1 }))
    void s.send()
    await flush()
    const queued = await s.send()
    expect(queued.status).toBe('queued')
    await expect(s.send()).rejects.toMatchObject({ code: 'daily_cap_reached' })
    expect(s.db.prepare('SELECT count(*) AS n FROM outbound_messages').pluck().get()).toBe(2)
  })

  it('a failing send marks the row failed with its code and is not counted', async () => {
    const s = setup(limits({}))
    const boom: Dispatch = async () => {
      throw new Error('stream closed')
    }
    await expect(s.service.submit({ instanceId: ID, kind: 'text', chatJid: JID, dispatch: boom })).rejects.toMatchObject({ code: 'send_failed' })
    const row = s.db.prepare('SELECT status, error_code FROM outbound_messages').get()
    expect(row).toEqual({ status: 'failed', error_code: 'send_failed' })
    expect(dailyCount(s.db, ID, 'send', s.clock.now())).toBe(0)
  })

  /** One send in flight and one queued behind it (concurrent_limit 1); the session then drops to `status` and the first finishes. */
  async function queuedBehindDrop(status: Parameters<ReturnType<typeof setup>['drop']>[0]) {
    const s = setup(limits({ concurrent_limit: 1 }))
    const first = s.send()
    await flush()
    const queued = await s.send()
    if (queued.status !== 'queued') throw new Error('expected queued')
    s.drop(status)
    s.gates[0]!()
    await first
    return { s, queued }
  }

  it('engine not WORKING: session_status_mismatch before anything is accepted; a queued job whose socket went away fails', async () => {
    const { s, queued } = await queuedBehindDrop('STOPPED')
    await flush()
    await flush()
    expect(getOutbound(s.db, ID, queued.messageId)).toMatchObject({ status: 'failed', error_code: 'session_status_mismatch' })
    await expect(s.send()).rejects.toMatchObject({ code: 'session_status_mismatch', details: { status: 'STOPPED' } })
  })

  it('a queued message waits for a reconnecting session on the injected clock, then goes out', async () => {
    const { s, queued } = await queuedBehindDrop('STARTING')
    await settle()
    expect(getOutbound(s.db, ID, queued.messageId)?.status).toBe('sending')
    // Real time does not matter: only the clock moves the wait on.
    await s.clock.advance(250)
    expect(getOutbound(s.db, ID, queued.messageId)?.status).toBe('sending')
    expect(s.gates).toHaveLength(1)
    s.restore()
    expect(s.gates).toHaveLength(1) // not before the next poll
    await s.clock.advance(250)
    expect(s.gates).toHaveLength(2)
    s.gates[1]!()
    await settle()
    expect(getOutbound(s.db, ID, queued.messageId)?.status).toBe('sent')
  })

  it('a reconnect that takes longer than reconnectWaitMs fails the queued message at the deadline', async () => {
    const { s, queued } = await queuedBehindDrop('STARTING')
    await settle()
    await s.clock.advance(299)
    expect(getOutbound(s.db, ID, queued.messageId)?.status).toBe('sending')
    await s.clock.advance(1)
    await settle()
    expect(getOutbound(s.db, ID, queued.messageId)).toMatchObject({ status: 'failed', error_code: 'session_status_mismatch' })
    expect(s.gates).toHaveLength(1)
  })

  it('restart purge: queued rows become purged; a purged job never reaches the socket', async () => {
    const s = setup(limits({ concurrent_limit: 1 }))
    void s.send()
    await flush()
    const queued = await s.send()
    if (queued.status !== 'queued') throw new Error('expected queued')
    expect(s.service.purge(ID)).toBe(1)
    expect(getOutbound(s.db, ID, queued.messageId)?.status).toBe('purged')
    // Its final word: the failed ack (UI) and the message.ack webhook with the reason.
    expect(s.acks).toEqual([{ instanceId: ID, chatId: JID, id: queued.messageId, ack: -1, error: { code: 'queue_purged', reason: 'purged_by_restart' } }])
    const hook = JSON.parse(s.db.prepare(`SELECT body FROM webhook_events WHERE event = 'message.ack'`).pluck().get() as string)
    expect(hook.payload).toMatchObject({ ack: -1, ackName: 'ERROR', fromMe: true, error: { code: 'queue_purged', reason: 'purged_by_restart' } })
    s.gates[0]!()
    await flush()
    expect(s.gates).toHaveLength(1)
  })

  it('a queued media send keeps its bytes under outbox-media (0600) until it leaves the queue; the row never holds the base64', async () => {
    const s = setup(limits({ concurrent_limit: 1 }))
    void s.send()
    await flush()
    const bytes = Buffer.from('the bytes of a picture, read before the 202')
    const r = await s.service.send(ID, { kind: 'image', chatJid: JID, file: { data: bytes.toString('base64'), mimetype: 'image/jpeg' } })
    if (r.status !== 'queued') throw new Error('expected queued')
    const row = getOutbound(s.db, ID, r.messageId)!
    expect(row.command).not.toContain(bytes.toString('base64'))
    const stored = JSON.parse(row.command!) as { file: { outbox: string; mimetype: string } }
    expect(stored.file.mimetype).toBe('image/jpeg')
    const path = join(s.dir, 'outbox-media', stored.file.outbox)
    expect(readFileSync(path)).toEqual(bytes)
    expect(statSync(path).mode & 0o777).toBe(0o600)
    s.gates[0]!()
    await settle()
    expect(s.wire.map((w) => w.id)).toEqual([r.messageId])
    expect(getOutbound(s.db, ID, r.messageId)).toMatchObject({ status: 'sent', command: null })
    expect(existsSync(path)).toBe(false)
    expect(readdirSync(join(s.dir, 'outbox-media'))).toEqual([])
  })

  it('app restart: queued rows with their command go out on the first WORKING, in order, with their ids; the rest fail explicitly', async () => {
    const s = setup(limits({}))
    const text = (t: string) => JSON.stringify({ kind: 'text', chatJid: JID, text: t })
    insertOutbound(s.db, { instanceId: ID, messageId: 'R1', chatJid: JID, kind: 'text', command: text('one') }, 1)
    insertOutbound(s.db, { instanceId: ID, messageId: 'OLD', chatJid: JID, kind: 'text' }, 1) // from before migration 0232
    insertOutbound(s.db, { instanceId: ID, messageId: 'S1', chatJid: JID, kind: 'text', command: text('x') }, 1)
    insertOutbound(s.db, { instanceId: ID, messageId: 'R2', chatJid: JID, kind: 'text', command: text('two') }, 1)
    insertOutbound(s.db, { instanceId: ID, messageId: 'IMG', chatJid: JID, kind: 'image', command: JSON.stringify({ kind: 'image', chatJid: JID, file: { outbox: 'gone' } }) }, 1)
    markSending(s.db, ID, 'S1', 2)
    expect(s.service.recoverAtBoot()).toEqual({ restorable: 2, failed: 2, interrupted: 1 })
    expect(getOutbound(s.db, ID, 'OLD')).toMatchObject({ status: 'failed', error_code: 'app_restarted' })
    expect(getOutbound(s.db, ID, 'IMG')).toMatchObject({ status: 'failed', error_code: 'app_restarted' })
    expect(getOutbound(s.db, ID, 'S1')).toMatchObject({ status: 'failed', error_code: 'send_interrupted' })
    expect(wasSentByApi(s.db, ID, 'S1')).toBe(true) // it may have left: its id is still ours
    expect(s.acks.map((a) => [a.id, a.ack, a.error?.reason])).toEqual([['OLD', -1, 'app_restarted'], ['IMG', -1, 'app_restarted']])
    expect(getOutbound(s.db, ID, 'R1')?.status).toBe('queued')
    await s.service.resumeLeftover(ID)
    await settle()
    expect(s.wire).toEqual([{ jid: JID, text: 'one', id: 'R1' }, { jid: JID, text: 'two', id: 'R2' }])
    expect(getOutbound(s.db, ID, 'R2')).toMatchObject({ status: 'sent', command: null })
    // Only the first WORKING after boot restores.
    await s.service.resumeLeftover(ID)
    await settle()
    expect(s.wire).toHaveLength(2)
  })
})
