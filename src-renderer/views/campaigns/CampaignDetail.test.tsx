import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CampaignDto, OptOutDto } from '../../../src-preload/contract/campaigns-dto.js'
import { wireLiveUpdates } from '../../lib/live.js'
import { useCampaignsStore } from '../../stores/campaigns-store.js'
import { instance, overview } from '../../test/fixtures.js'
import { FakeError, installMemoryBridge } from '../../test/memory-bridge.js'
import { campaign, counts } from './campaign-fixtures.js'
import { CampaignsView } from './CampaignsView.js'

const paused = (c: CampaignDto): CampaignDto => ({ ...c, status: 'paused', pause: { code: 'deliverability', text: 'WhatsApp limited new chats on +34 600 999 000 (463) until 14:10', since: Date.now() - 60_000, autoResume: true } })

afterEach(() => vi.restoreAllMocks())

describe('Campaigns list and detail', () => {
  it('lists campaigns with progress bars and the pause reason; a pushed progress moves the bar', async () => {
    const b = installMemoryBridge({ 'campaigns.list': () => [campaign(), paused(campaign({ id: 'cmp_2', name: 'Reminder' }))] })
    wireLiveUpdates(b.bridge)
    render(<CampaignsView />)
    const item = await screen.findByRole('listitem', { name: 'Campaign Sunday opening' })
    const bar = within(item).getByRole('progressbar', { name: 'Progress of Sunday opening' })
    expect(bar).toHaveAttribute('aria-valuenow', '6')
    expect(bar).toHaveAttribute('aria-valuemax', '10')
    expect(within(item).getByText('Sending')).toBeInTheDocument()
    const other = screen.getByRole('listitem', { name: 'Campaign Reminder' })
    expect(within(other).getByText(/Paused: WhatsApp limited new chats on \+34 600 999 000 \(463\) until 14:10/)).toBeInTheDocument()

    act(() => b.emit('campaign.progress', { campaignId: 'cmp_1', total: 10, counts: counts({ sent: 3, delivered: 4, read: 2, replied: 1 }), at: Date.now() }))
    expect(bar).toHaveAttribute('aria-valuenow', '10')
    expect(within(item).getByTestId('progress-text')).toHaveTextContent('10 of 10 done (100%)')
    act(() => b.emit('campaign.status', { campaignId: 'cmp_1', status: 'completed', previous: 'running', pause: null, at: Date.now() }))
    expect(within(item).getByText('Completed')).toBeInTheDocument()
  })

  it('shows the funnel, sends per hour, the pause reason in words, and resumes', async () => {
    let current = paused(campaign())
    const b = installMemoryBridge({
      'campaigns.list': () => [current],
      'campaigns.get': () => current,
      'campaigns.resume': () => (current = { ...current, status: 'running', pause: null }),
      'campaigns.recipients': ({ campaignId }) => ({ campaignId, recipients: [], total: 0, hasMore: false })
    })
    render(<CampaignsView />)
    await userEvent.click(await screen.findByRole('button', { name: 'Sunday opening' }))
    const reason = await screen.findByTestId('pause-reason')
    expect(reason).toHaveTextContent('WhatsApp limited new chats on +34 600 999 000 (463) until 14:10')
    expect(reason).toHaveTextContent('It goes on by itself once this clears')
    expect(reason.closest('[role="status"]')).toHaveAttribute('aria-live', 'polite')
    // Funnel: everyone who got at least that far.
    expect(screen.getByTestId('funnel-recipients')).toHaveTextContent('10')
    expect(screen.getByTestId('funnel-sent')).toHaveTextContent('6 60%')
    expect(screen.getByTestId('funnel-delivered')).toHaveTextContent('4 40%')
    expect(screen.getByTestId('funnel-read')).toHaveTextContent('2 20%')
    expect(screen.getByTestId('funnel-replied')).toHaveTextContent('1 10%')
    expect(screen.getByTestId('count-waiting')).toHaveTextContent('4 waiting')
    const chart = screen.getByRole('img', { name: /^Sends per hour: / })
    expect(chart.getAttribute('aria-label')).toMatch(/ 3, .* 5$/)
    expect(chart.querySelectorAll('rect.bar')).toHaveLength(2)

    await userEvent.click(screen.getByRole('button', { name: 'Resume' }))
    expect(await screen.findByRole('button', { name: 'Pause' })).toBeInTheDocument()
    expect(screen.queryByTestId('pause-reason')).not.toBeInTheDocument()
    expect(b.callsTo('campaigns.resume')).toEqual([{ campaignId: 'cmp_1' }])
  })

  it('cancels after a confirmation, duplicates into the wizard, and shows a refusal in words', async () => {
    let current = campaign()
    const b = installMemoryBridge({
      'campaigns.list': () => [current],
      'campaigns.get': () => current,
      'campaigns.pause': () => {
        throw new FakeError('invalid_state', 'The campaign is not running')
      },
      'campaigns.cancel': () => (current = { ...current, status: 'cancelled', finishedAt: Date.now() }),
      'campaigns.duplicate': () => campaign({ id: 'cmp_3', name: 'Sunday opening (copy)', status: 'draft' }),
      'campaigns.recipients': ({ campaignId }) => ({ campaignId, recipients: [], total: 0, hasMore: false }),
      'campaigns.preview': () => [],
      'instances.list': () => overview([instance({ status: 'WORKING' })])
    })
    useCampaignsStore.setState({ page: 'detail', openId: 'cmp_1' })
    render(<CampaignsView />)
    await userEvent.click(await screen.findByRole('button', { name: 'Pause' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('The campaign is not running')

    await userEvent.click(screen.getByRole('button', { name: 'Cancel campaign' }))
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel Sunday opening?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel campaign' }))
    expect(await screen.findByText('Cancelled')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Cancel campaign' })).not.toBeInTheDocument()
    expect(b.callsTo('campaigns.cancel')).toEqual([{ campaignId: 'cmp_1' }])

    await userEvent.click(screen.getByRole('button', { name: 'Duplicate' }))
    expect(await screen.findByRole('heading', { name: 'The message' })).toBeInTheDocument()
    expect(screen.getByLabelText('Message')).toHaveValue('Hi {{name|there}}')
    expect(useCampaignsStore.getState().wizard).toMatchObject({ campaignId: 'cmp_3', name: 'Sunday opening (copy)', consent: false })
  })

  it('filters the recipient table by state and search, and exports the CSV as a file', async () => {
    const createObjectURL = vi.fn(() => 'blob:x')
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() })
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined)
    const b = installMemoryBridge({
      'campaigns.list': () => [campaign()],
      'campaigns.get': () => campaign({ counts: counts({ pending: 8, skipped: 1, failed: 1 }) }),
      'campaigns.recipients': ({ campaignId, state }) => ({
        campaignId,
        recipients: state === 'skipped' ? [{ phone: '34600000009', state: 'skipped', reason: 'not_on_whatsapp', instanceId: null, updatedAt: Date.now() }] : [{ phone: '34600000001', state: 'pending', reason: null, instanceId: 'ABCDEF123456', updatedAt: Date.now() }],
        total: 1,
        hasMore: false
      }),
      'campaigns.exportRecipients': () => ({ filename: 'sunday-opening-recipients.csv', csv: 'phone,state\n34600000001,pending\n' })
    })
    useCampaignsStore.setState({ page: 'detail', openId: 'cmp_1' })
    render(<CampaignsView />)
    const table = await screen.findByRole('table', { name: 'Recipients' })
    expect(await within(table).findByText('+34 600 00 00 01')).toHaveAttribute('data-phone', '34600000001')
    const filter = screen.getByRole('combobox', { name: 'Show' })
    expect(within(filter).getByRole('option', { name: 'Skipped (1)' })).toBeInTheDocument()
    await userEvent.selectOptions(filter, 'skipped')
    expect(await within(table).findByText('Not on WhatsApp: never messaged')).toBeInTheDocument()
    expect(b.callsTo('campaigns.recipients').at(-1)).toEqual({ campaignId: 'cmp_1', limit: 50, offset: 0, state: 'skipped' })
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by number' }), '0009')
    await waitFor(() => expect(b.callsTo('campaigns.recipients').at(-1)).toEqual({ campaignId: 'cmp_1', limit: 50, offset: 0, state: 'skipped', search: '0009' }))

    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }))
    await waitFor(() => expect(click).toHaveBeenCalled())
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0]
    expect(await blob.text()).toBe('phone,state\n34600000001,pending\n')
    expect((click.mock.instances[0] as unknown as HTMLAnchorElement).download).toBe('sunday-opening-recipients.csv')
    expect(screen.getByText('Saved sunday-opening-recipients.csv')).toBeInTheDocument()
  })

  it('a reload of the tab comes back to the campaign on screen', async () => {
    installMemoryBridge({ 'campaigns.list': () => [campaign()], 'campaigns.get': () => campaign(), 'campaigns.recipients': ({ campaignId }) => ({ campaignId, recipients: [], total: 0, hasMore: false }) })
    render(<CampaignsView />)
    await userEvent.click(await screen.findByRole('button', { name: 'Sunday opening' }))
    expect(JSON.parse(sessionStorage.getItem('switchboard.campaigns')!)).toEqual({ page: 'detail', openId: 'cmp_1' })
  })
})

describe('Deleting a campaign', () => {
  it('deletes a finished campaign after a confirmation; running ones have no Delete', async () => {
    let list = [campaign(), campaign({ id: 'cmp_2', name: 'Old promo', status: 'completed' })]
    const b = installMemoryBridge({
      'campaigns.list': () => list,
      'campaigns.delete': ({ campaignId }) => {
        list = list.filter((c) => c.id !== campaignId)
        return { deleted: true }
      }
    })
    render(<CampaignsView />)
    const old = await screen.findByRole('listitem', { name: 'Campaign Old promo' })
    expect(within(screen.getByRole('listitem', { name: 'Campaign Sunday opening' })).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument()
    await userEvent.click(within(old).getByRole('button', { name: 'Delete Old promo' }))
    await userEvent.click(within(screen.getByRole('alertdialog', { name: 'Delete Old promo?' })).getByRole('button', { name: 'Delete campaign' }))
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Campaign Old promo' })).not.toBeInTheDocument())
    expect(b.callsTo('campaigns.delete')).toEqual([{ campaignId: 'cmp_2' }])
  })
})

describe('Opt-out list', () => {
  it('adds a number, refuses a malformed one in words, and removes after a confirmation', async () => {
    let list: OptOutDto[] = [{ phone: '34600000005', source: 'keyword', at: Date.now() }]
    const b = installMemoryBridge({
      'campaigns.list': () => [],
      'campaigns.optOuts': () => list,
      'campaigns.optOutSettings': () => ({ keywords: [], builtIn: true, builtInKeywords: { en: ['stop'] }, confirmation: null }),
      'campaigns.addOptOut': ({ phone }) => (list = [{ phone: phone.replace(/\D/g, ''), source: 'manual', at: Date.now() }, ...list]),
      'campaigns.removeOptOut': ({ phone }) => (list = list.filter((o) => o.phone !== phone))
    })
    wireLiveUpdates(b.bridge)
    useCampaignsStore.setState({ page: 'optouts' })
    render(<CampaignsView />)
    const table = await screen.findByRole('table', { name: 'Opted-out numbers' })
    expect(within(table).getByText('replied STOP')).toBeInTheDocument()
    // Someone replies STOP meanwhile: the list shows them without a reload.
    list = [{ phone: '34600000006', source: 'keyword', at: Date.now() }, ...list]
    act(() => b.emit('campaign.optOut', { phone: '34600000006', campaignId: 'cmp_1', at: Date.now() }))
    expect(await within(table).findByText('+34 600 00 00 06')).toBeInTheDocument()

    await userEvent.type(screen.getByLabelText('Number'), '12ab')
    await userEvent.click(screen.getByRole('button', { name: 'Add' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the number with its country code')
    expect(b.callsTo('campaigns.addOptOut')).toEqual([])
    await userEvent.clear(screen.getByLabelText('Number'))
    await userEvent.type(screen.getByLabelText('Number'), '+34 600 000 007')
    await userEvent.click(screen.getByRole('button', { name: 'Add' }))
    expect(await within(table).findByText('+34 600 00 00 07')).toBeInTheDocument()
    expect(within(table).getByText('added by hand')).toBeInTheDocument()
    expect(screen.getByLabelText('Number')).toHaveValue('')

    await userEvent.click(within(table).getByRole('button', { name: 'Remove +34 600 00 00 05' }))
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }))
    await waitFor(() => expect(within(table).queryByText('+34 600 00 00 05')).not.toBeInTheDocument())
    expect(b.callsTo('campaigns.removeOptOut')).toEqual([{ phone: '34600000005' }])
  })
})
