// Ready-made DTOs for component tests.
import type { AppInfo, InstanceDto, InstanceHealthDto, InstancesOverview, PoliciesDto, WebhooksDto } from '../../src-preload/contract/dto.js'

export const appInfo = (over: Partial<AppInfo> = {}): AppInfo => ({ version: '0.1.0', network: 'sandbox', apiUrl: 'http://127.0.0.1:3000', plan: 'free', ...over })

export const instance = (over: Partial<InstanceDto> = {}): InstanceDto => ({
  id: 'ABCDEF123456',
  name: 'Front desk',
  status: 'SCAN_QR_CODE',
  statusReason: 'engine:qr',
  statusReasonText: 'waiting for a QR scan or a pairing code',
  me: null,
  number: null,
  serverName: 'switchboard-local',
  policy: 'strict',
  policyName: 'Strict',
  createdAt: 1_700_000_000_000,
  deliverability: { newContacts: 'ok', until: null, reason: null, held: 0 },
  ...over
})

/** The health panel's figures of the default instance: a working one with nothing queued, read now. */
export const health = (over: Partial<InstanceHealthDto> = {}): InstanceHealthDto => ({
  instanceId: 'ABCDEF123456',
  status: 'WORKING',
  queueDepth: 0,
  oldestQueuedSeconds: 0,
  sends: {},
  newContactsPaused: false,
  heldNewContactSends: 0,
  inboundMessages: 0,
  webhookDeliveries: {},
  outboxPending: 0,
  outboxOldestPendingSeconds: 0,
  eventStreamClients: 0,
  at: Date.now(),
  ...over
})

export const overview = (instances: InstanceDto[], over: Partial<InstancesOverview> = {}): InstancesOverview => ({ instances, plan: 'free', quota: { used: instances.length, limit: 2 }, ...over })

const limits = (n: number | null) => ({
  send_message_per_minute: n,
  send_message_daily_cap: n === null ? null : n * 25,
  account_protection_seconds: n === null ? null : 60,
  concurrent_limit: n === null ? null : 1,
  group_req_per_minute: n === null ? null : 4,
  group_daily_cap: n === null ? null : 50,
  check_req_per_minute: n === null ? null : 10,
  check_daily_cap: n === null ? null : 300
})

export const policies = (over: Partial<PoliciesDto> = {}): PoliciesDto => ({
  instanceId: 'ABCDEF123456',
  current: 'strict',
  hasActivePlan: false,
  policies: [
    { slug: 'strict', name: 'Strict', description: 'Safest pacing', limits: limits(8), available: true },
    { slug: 'standard_policy', name: 'Standard', description: 'Balanced pacing', limits: limits(20), available: true },
    { slug: 'unlimited', name: 'Unlimited', description: 'No pacing', limits: limits(null), available: false }
  ],
  counters: { sentLastMinute: 3, sentToday: 42, queueLength: 1, resetsAt: null, protectionUntil: null },
  ...over
})

export const webhooks = (over: Partial<WebhooksDto> = {}): WebhooksDto => ({
  instanceId: 'ABCDEF123456',
  allowed: true,
  webhooks: [],
  knownEvents: ['session.status', 'message', 'message.any', 'message.ack'],
  counts: { pending: 0, in_flight: 0, delivered: 0, dead: 0 },
  ...over
})
