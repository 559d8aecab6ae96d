// services.subscriptions: one subscribe for bus events and the services' feeds, each with a working unsubscribe.
import { describe, expect, it } from 'vitest'
import { createEventBus } from '../domain/event-bus.js'
import type { CoreEventMap } from '../domain/events.js'
import { createSubscriptions, type ServiceFeedMap } from './subscriptions.js'

/** A feed as a service keeps one: a listener set and a way to fire it. */
function feed<P>() {
  const listeners = new Set<(p: P) => void>()
  return {
    on: (l: (p: P) => void) => (listeners.add(l), () => void listeners.delete(l)),
    fire: (p: P) => listeners.forEach((l) => l(p)),
    size: () => listeners.size
  }
}

describe('services.subscriptions', () => {
  it('routes domain events to the bus and feeds to their service, and each unsubscribe stops only its own', () => {
    const bus = createEventBus<CoreEventMap>()
    const phones = feed<ServiceFeedMap['sandbox.phone']>()
    const attempts = feed<ServiceFeedMap['webhook.attempt']>()
    const campaigns = feed<ServiceFeedMap['campaign.changed']>()
    const subs = createSubscriptions(bus, { 'webhook.attempt': attempts.on, 'campaign.changed': campaigns.on, 'sandbox.phone': phones.on })

    const created: string[] = []
    const changes: string[] = []
    const offCreated = subs.subscribe('instance.created', (e) => created.push(e.instanceId))
    const offPhone = subs.subscribe('sandbox.phone', (e) => changes.push(`${e.phoneNumber}:${e.change}`))
    expect(bus.listenerCount('instance.created')).toBe(1)
    expect([phones.size(), attempts.size(), campaigns.size()]).toEqual([1, 0, 0])

    bus.emit('instance.created', { instanceId: 'A', accountId: 'acc', at: 1 })
    phones.fire({ phoneNumber: '15550000001', change: 'linked' })
    expect(created).toEqual(['A'])
    expect(changes).toEqual(['15550000001:linked'])

    offPhone()
    phones.fire({ phoneNumber: '15550000001', change: 'offline' })
    bus.emit('instance.created', { instanceId: 'B', accountId: 'acc', at: 2 })
    expect(changes).toEqual(['15550000001:linked'])
    expect(created).toEqual(['A', 'B'])
    offCreated()
    expect(bus.listenerCount('instance.created')).toBe(0)
  })
})
