// Ready-made campaign DTOs for the Campaigns view's component tests.
import type { AudienceDto, CampaignDto, ContactListDto, RecipientState } from '../../../src-preload/contract/campaigns-dto.js'

export const counts = (over: Partial<Record<RecipientState, number>> = {}): Record<RecipientState, number> => ({
  pending: 0,
  skipped: 0,
  queued: 0,
  sent: 0,
  delivered: 0,
  read: 0,
  replied: 0,
  failed: 0,
  opted_out: 0,
  ...over
})

export const contactList = (over: Partial<ContactListDto> = {}): ContactListDto => ({
  id: 'lst_1',
  name: 'customers',
  contacts: 3,
  duplicatesMerged: 1,
  rejected: [{ line: 5, reason: "'12ab' is not a phone number", value: '12ab' }],
  rejectedCount: 1,
  variables: ['name', 'order'],
  createdAt: 1_700_000_000_000,
  ...over
})

export const campaign = (over: Partial<CampaignDto> = {}): CampaignDto => ({
  id: 'cmp_1',
  name: 'Sunday opening',
  status: 'running',
  pause: null,
  total: 10,
  counts: counts({ pending: 4, sent: 2, delivered: 2, read: 1, replied: 1 }),
  instanceIds: ['ABCDEF123456'],
  createdAt: 1_700_000_000_000,
  startedAt: 1_700_000_100_000,
  finishedAt: null,
  nextWindowAt: null,
  listId: 'lst_1',
  listName: 'customers',
  listVariables: ['name', 'order'],
  template: { text: 'Hi {{name|there}}', footer: 'Reply STOP to opt out', mediaUrl: null },
  schedule: { startAt: null, timeZone: 'Europe/Madrid', window: { days: [1, 2, 3, 4, 5], from: '09:00', to: '18:00' } },
  pacing: { minDelaySeconds: 20, maxDelaySeconds: 60, dailyCapPerNumber: 200, warmUp: true },
  sendsPerHour: [
    { hour: Date.UTC(2026, 10, 26, 9), sent: 3 },
    { hour: Date.UTC(2026, 10, 26, 10), sent: 5 }
  ],
  estimate: null,
  ...over
})

export const audience = (over: Partial<AudienceDto> = {}): AudienceDto => ({ campaignId: 'cmp_1', total: 3, checked: 3, onWhatsApp: 2, notOnWhatsApp: 1, optedOut: 0, unchecked: 0, checking: false, ...over })
