// The in-memory presence tracker: WAHA states, last seen kept across typing, waiting for a first presence,
// listing subscribed and seen chats, forgetting a deleted instance; fed by the ingestor's presence.updated and
// resubscribing on session.status WORKING.
import type { SessionPort } from '../../engine/session-port.js'
import { describe, expect, it } from 'vitest'
import { createEventBus } from '../../domain/event-bus.js'
import type { CoreEventMap, SessionStatusEvent } from '../../domain/events.js'
import { PresenceTracker } from './presence-tracker.js'

const BOB = '15550000002@s.whatsapp.net'

describe('presence tracker', () => {
  it('maps Baileys states to WAHA names and keeps the last seen through typing', () => {
    const t = new PresenceTracker({ livePort: () => undefined })
    t.record('I1', { id: BOB, presences: { [BOB]: { lastKnownPresence: 'unavailable', lastSeen: 1700000000 } } })
    expect(t.get('I1', '15550000002@c.us')).toEqual({ id: '15550000002@c.us', presences: [{ participant: '15550000002@c.us', lastKnownPresence: 'offline', lastSeen: 1700000000 }] })
    t.record('I1', { id: BOB, presences: { [BOB]: { lastKnownPresence: 'composing' } } })
    expect(t.get('I1', '15550000002@c.us').presences[0]).toEqual({ participant: '15550000002@c.us', lastKnownPresence: 'typing', lastSeen: 1700000000 })
    t.record('I1', { id: '120363000000000001@g.us', presences: { [BOB]: { lastKnownPresence: 'recording' } } })
    expect(t.get('I1', '120363000000000001@g.us').presences).toEqual([{ participant: '15550000002@c.us', lastKnownPresence: 'recording', lastSeen: null }])
    expect(t.all('I1').map((c) => c.id)).toEqual(['120363000000000001@g.us', '15550000002@c.us'])
    expect(t.all('I2')).toEqual([])
  })

  it('waitFor resolves on the first presence or after the timeout; subscriptions are listed; forget clears', async () => {
    const t = new PresenceTracker({ livePort: () => undefined })
    t.markSubscribed('I1', '15550000003@s.whatsapp.net')
    expect(t.isSubscribed('I1', '15550000003@s.whatsapp.net')).toBe(true)
    expect(t.all('I1')).toEqual([{ id: '15550000003@c.us', presences: [] }])
    const waiting = t.waitFor('I1', '15550000002@c.us', 60_000)
    t.record('I1', { id: BOB, presences: { [BOB]: { lastKnownPresence: 'available' } } })
    await waiting
    await t.waitFor('I1', '15550000009@c.us', 1)
    t.forget('I1')
    expect(t.all('I1')).toEqual([])
    t.close()
  })

  it('follows the domain events: presence.updated records, WORKING subscribes the known chats again', () => {
    const bus = createEventBus<CoreEventMap>()
    const subscribed: string[] = []
    const port = { subscribePresence: async (jid: string) => void subscribed.push(jid) } as unknown as SessionPort
    const t = new PresenceTracker({ bus, livePort: (id) => (id === 'I1' ? port : undefined) })
    bus.emit('presence.updated', { instanceId: 'I1', id: BOB, presences: { [BOB]: { lastKnownPresence: 'available' } } })
    expect(t.get('I1', '15550000002@c.us').presences).toEqual([{ participant: '15550000002@c.us', lastKnownPresence: 'online', lastSeen: null }])
    t.markSubscribed('I1', BOB)
    const status = (s: SessionStatusEvent['status']): SessionStatusEvent => ({ instanceId: 'I1', accountId: 'A', name: 's', status: s, previous: null, reason: 'test', me: null, at: 0 })
    bus.emit('session.status', status('STARTING'))
    expect(subscribed).toEqual([])
    bus.emit('session.status', status('WORKING'))
    expect(subscribed).toEqual([BOB])
    t.close()
    bus.emit('session.status', status('WORKING'))
    expect(subscribed).toEqual([BOB])
  })
})
