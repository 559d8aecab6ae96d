// campaigns.* over a real WebSocket bridge to a real core (offline engine, real SQLite and campaign service): a
// list from CSV text with its rejected rows by line, a preview of real rows (an unknown variable named), the
// wizard's draft saved and estimated with its pacing in seconds, start refused without consent and accepted with
// it, the autopilot's pause with the reason in words (pushed as campaign.status), duplicate, cancel, recipients and their CSV export, and the
// opt-out list.
import { describe, expect, it } from 'vitest'
import type { CampaignDto } from '../../../src-preload/contract/campaigns-dto.js'
import { waitUntil } from '../testing/core-harness.js'
import { useUiCore } from '../testing/suite.js'
import type { TestBridge } from './testing/ws-bridge-client.js'

const CSV = 'name,phone,order\nAna,+34 612 000 101,A-1\nBo,+34 612 000 102,B-2\nAna again,+34 612 000 101,A-3\nBroken,12ab,X\n'

function data<T>(r: { ok: true; data: T } | { ok: false; error: { code: string; message: string } }): T {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`)
  return r.data
}

describe('bridge campaigns.* (offline engine)', () => {
  let c: TestBridge
  useUiCore((_core, ui) => {
    c = ui
  }, { network: 'offline', uiToken: 'campaigns-ui-token-0123456789' })

  it('builds a campaign from CSV text through the wizard calls, then pauses, reports and cancels it', async () => {
    const list = data(await c.bridge.campaigns.createList({ name: 'customers', csv: CSV, phoneColumn: 'phone', variableColumns: ['name', 'order'] }))
    expect(list).toMatchObject({ name: 'customers', contacts: 2, duplicatesMerged: 1, rejectedCount: 1, variables: ['name', 'order'] })
    expect(list.rejected).toEqual([expect.objectContaining({ line: 5, value: '12ab', reason: expect.stringContaining('12ab') })])

    const template = { text: 'Hi {{name|there}}, order {{order}} is ready', footer: 'Reply STOP to opt out', mediaUrl: null }
    const preview = data(await c.bridge.campaigns.preview({ listId: list.id, template }))
    // The duplicate's later values won (merged into the first line).
    expect(preview.map((p) => p.text.split('\n')[0])).toEqual(['Hi Ana again, order A-3 is ready', 'Hi Bo, order B-2 is ready'])
    expect(preview.every((p) => p.text.endsWith('Reply STOP to opt out'))).toBe(true)
    const unknown = await c.bridge.campaigns.preview({ listId: list.id, template: { ...template, text: 'Hi {{city}}' } })
    expect(unknown).toMatchObject({ ok: false, error: { code: 'unknown_variable', message: expect.stringContaining('city') } })

    const instance = data(await c.bridge.instances.create({ name: 'Campaign desk' }))
    const draft = data(await c.bridge.campaigns.saveDraft({ name: 'Sunday', listId: list.id, instanceIds: [instance.id], template }))
    expect(draft).toMatchObject({ status: 'draft', name: 'Sunday', total: 2, listName: 'customers', listVariables: ['name', 'order'], template, instanceIds: [instance.id] })
    // The instance is not connected: nothing can be checked now; they are checked before their turn.
    expect(data(await c.bridge.campaigns.checkAudience({ campaignId: draft.id }))).toMatchObject({ campaignId: draft.id, total: 2, checked: 0, unchecked: 2, checking: false })
    // Every day, all day: the run must not depend on the hour CI runs at (outside the window it waits, not pauses).
    const schedule = { startAt: null, timeZone: 'Europe/Madrid', window: { days: [0, 1, 2, 3, 4, 5, 6], from: '00:00', to: '24:00' } }
    const pacing = { minDelaySeconds: 5, maxDelaySeconds: 9, dailyCapPerNumber: 100, warmUp: false }
    const estimate = data(await c.bridge.campaigns.estimate({ campaignId: draft.id, schedule, pacing }))
    expect(estimate.recipients).toBe(2)
    expect(estimate.text).toMatch(/\S/)
    // The estimate saved the draft's schedule and pacing (seconds in the view, ms in the service).
    expect(data(await c.bridge.campaigns.get({ campaignId: draft.id }))).toMatchObject({ schedule, pacing })
    // Another account's or a made-up instance is refused like the API does.
    expect(await c.bridge.campaigns.saveDraft({ campaignId: draft.id, name: 'Sunday', listId: list.id, instanceIds: ['NOPE00000000'], template })).toMatchObject({ ok: false })

    // Consent is part of the contract: without it the call never reaches the service.
    const noConsent = await c.bridge.campaigns.start({ campaignId: draft.id, name: 'Sunday opening', consent: false as unknown as true })
    expect(noConsent).toMatchObject({ ok: false, error: { code: 'invalid_request' } })
    const started = data(await c.bridge.campaigns.start({ campaignId: draft.id, name: 'Sunday opening', consent: true }))
    expect(started.name).toBe('Sunday opening')
    expect(['running', 'scheduled']).toContain(started.status)

    // The instance is not connected (offline engine): the autopilot pauses the campaign, says why in words, and
    // pushes the change to the UI; it goes on by itself once the instance works.
    await waitUntil(() => c.events.some((e) => e.event === 'campaign.status' && (e.payload as { campaignId: string; status: string }).campaignId === draft.id && (e.payload as { status: string }).status === 'paused'), 15_000)
    const paused = data(await c.bridge.campaigns.get({ campaignId: draft.id }))
    expect(paused).toMatchObject({ status: 'paused', pause: { code: 'instance_not_working', text: expect.stringMatching(/\S/), autoResume: true } })

    const summaries = data(await c.bridge.campaigns.list())
    expect(summaries.map((s) => [s.id, s.status, s.total])).toEqual([[draft.id, 'paused', 2]])
    const page = data(await c.bridge.campaigns.recipients({ campaignId: draft.id, limit: 1 }))
    expect(page).toMatchObject({ campaignId: draft.id, total: 2, hasMore: true })
    expect(page.recipients).toHaveLength(1)
    const searched = data(await c.bridge.campaigns.recipients({ campaignId: draft.id, search: '+34 612 000 102' }))
    expect(searched.recipients.map((r) => r.phone)).toEqual(['34612000102'])
    const csv = data(await c.bridge.campaigns.exportRecipients({ campaignId: draft.id }))
    expect(csv.filename).toBe('sunday-opening-recipients.csv')
    expect(csv.csv.split('\n')[0]).toMatch(/^phone,state/)
    expect(csv.csv).toContain('34612000101')

    const copy: CampaignDto = data(await c.bridge.campaigns.duplicate({ campaignId: draft.id }))
    expect(copy).toMatchObject({ status: 'draft', listId: list.id, template, pacing })
    expect(copy.id).not.toBe(draft.id)
    expect(data(await c.bridge.campaigns.cancel({ campaignId: draft.id })).status).toBe('cancelled')
  })

  it('keeps the opt-out list: adds a number, refuses a malformed one in words, removes it', async () => {
    expect(data(await c.bridge.campaigns.optOuts())).toEqual([])
    const added = data(await c.bridge.campaigns.addOptOut({ phone: '+34 612 000 777' }))
    expect(added).toEqual([expect.objectContaining({ phone: '34612000777', source: 'manual' })])
    expect(await c.bridge.campaigns.addOptOut({ phone: 'call me' })).toMatchObject({ ok: false, error: { code: 'invalid_phone' } })
    expect(data(await c.bridge.campaigns.removeOptOut({ phone: '+34 612 000 777' }))).toEqual([])
  })
})
