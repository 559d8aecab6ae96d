import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { CampaignDto, TemplateDto } from '../../../src-preload/contract/campaigns-dto.js'
import { useCampaignsStore } from '../../stores/campaigns-store.js'
import { instance, overview } from '../../test/fixtures.js'
import { FakeError, installMemoryBridge } from '../../test/memory-bridge.js'
import { audience, campaign, contactList } from './campaign-fixtures.js'
import { CampaignsView } from './CampaignsView.js'

const CSV = 'name,phone,order\nAna,+34 600 000 001,A-1\nBo,+34 600 000 002,B-2\nAna again,+34 600 000 001,A-3\n12ab,12ab,x\n'

/** The core's rendering of a template for the list's rows (unknown variables refused, like the service). */
function render3(t: TemplateDto) {
  const unknown = /\{\{(\w+)\}\}/.exec(t.text.replace(/\{\{(name|order)(\|[^}]*)?\}\}/g, ''))
  if (unknown) throw new FakeError('unknown_variable', `The template uses {{${unknown[1]}}}, which the list does not have`)
  return [
    { phone: '34600000001', variables: {}, text: t.text.replace(/\{\{name(\|[^}]*)?\}\}/g, 'Ana') + (t.footer ? `\n${t.footer}` : '') },
    { phone: '34600000002', variables: {}, text: t.text.replace(/\{\{name(\|[^}]*)?\}\}/g, 'Bo') + (t.footer ? `\n${t.footer}` : '') }
  ]
}

function wizardBridge() {
  let draft: CampaignDto | null = null
  return installMemoryBridge({
    'campaigns.list': () => (draft ? [draft] : []),
    'instances.list': () => overview([instance({ status: 'WORKING', number: '+34 600 999 000' })]),
    'campaigns.createList': () => contactList(),
    'campaigns.preview': ({ template }) => render3(template),
    'campaigns.saveDraft': (r) => (draft = campaign({ id: 'cmp_9', status: 'draft', name: r.name, instanceIds: r.instanceIds, counts: campaign().counts })),
    'campaigns.checkAudience': ({ campaignId }) => audience({ campaignId }),
    'campaigns.estimate': ({ pacing }) => ({ recipients: 2, durationMs: pacing.maxDelaySeconds * 60_000, endsAt: Date.UTC(2026, 10, 24, 14, 10), text: `≈ ${pacing.maxDelaySeconds} min, ends Tue 14:10`, limitedBy: 'pacing', timeZone: 'UTC' }),
    'campaigns.start': ({ campaignId, name }) => (draft = campaign({ id: campaignId, name, status: 'running' })),
    'campaigns.get': () => draft!,
    'campaigns.recipients': ({ campaignId }) => ({ campaignId, recipients: [], total: 0, hasMore: false })
  })
}

describe('Campaigns wizard', () => {
  it('reads a dropped CSV, maps its columns, and shows every rejected row with its line', async () => {
    const b = wizardBridge()
    render(<CampaignsView />)
    await userEvent.click(await screen.findByRole('button', { name: 'New campaign' }))
    expect(screen.getByRole('list', { name: 'Steps of the new campaign' })).toBeInTheDocument()
    expect(screen.getByText('Contacts file').closest('li')).toHaveAttribute('aria-current', 'step')
    await userEvent.upload(screen.getByLabelText('Choose a CSV file'), new File([CSV], 'customers.csv', { type: 'text/csv' }))

    expect(await screen.findByRole('heading', { name: 'Columns of customers.csv' })).toHaveFocus()
    const head = screen.getByRole('table', { name: 'First rows of the file' })
    expect(within(head).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['name', 'phone', 'order'])
    expect(within(head).getAllByRole('row')).toHaveLength(5)
    // The phone column is guessed; the others are variables unless unticked.
    expect(screen.getByLabelText('Phone column')).toHaveValue('phone')
    expect(screen.getByRole('checkbox', { name: 'name' })).toBeChecked()
    await userEvent.click(screen.getByRole('checkbox', { name: 'order' }))
    await userEvent.selectOptions(screen.getByLabelText('Country for numbers without +'), 'ES')
    await userEvent.click(screen.getByRole('button', { name: 'Read the list' }))

    const result = await screen.findByTestId('list-result')
    expect(result).toHaveTextContent('3 contacts in “customers”, 1 duplicates merged, 1 rows rejected.')
    expect(within(result).getByRole('list', { name: 'Rejected rows' })).toHaveTextContent("Line 5: '12ab' is not a phone number (12ab)")
    expect(b.callsTo('campaigns.createList')).toEqual([{ name: 'customers', csv: CSV, phoneColumn: 'phone', variableColumns: ['name'], defaultCountry: 'ES' }])
    await userEvent.click(screen.getByRole('button', { name: 'Next: the message' }))
    expect(await screen.findByRole('heading', { name: 'The message' })).toHaveFocus()
  })

  it('previews the message for real rows as it is typed, and names an unknown variable', async () => {
    const b = wizardBridge()
    useCampaignsStore.setState({ page: 'wizard' })
    useCampaignsStore.getState().setWizard({ step: 'template', list: contactList() })
    render(<CampaignsView />)
    const text = await screen.findByLabelText('Message')
    const preview = screen.getByRole('region', { name: 'Preview' })
    expect(preview).toHaveAttribute('aria-live', 'polite')
    await userEvent.type(text, 'Hello ')
    await userEvent.click(screen.getByRole('button', { name: '{{name}}' }))
    expect(text).toHaveValue('Hello {{name}}')
    // The preview of the latest text (an earlier one, of "Hello", may show first).
    expect(await within(preview).findByText(/Hello Ana\s+Reply STOP to opt out/)).toBeInTheDocument()
    expect(within(preview).getAllByRole('listitem')).toHaveLength(2)
    expect(within(preview).getByText('+34 600 00 00 02')).toBeInTheDocument()
    // One preview per pause in typing, not one per key.
    expect(b.callsTo('campaigns.preview').length).toBeLessThan('Hello {{name}}'.length)

    await userEvent.type(text, ' {{{{city}}')
    expect(await within(preview).findByRole('alert')).toHaveTextContent('The template uses {{city}}, which the list does not have')
    expect(screen.getByRole('button', { name: 'Next: the audience' })).toBeDisabled()
    await userEvent.clear(text)
    await userEvent.type(text, 'Hi {{{{name|there}}')
    await waitFor(() => expect(within(preview).queryByRole('alert')).not.toBeInTheDocument())
    expect(screen.getByRole('button', { name: 'Next: the audience' })).toBeEnabled()
  })

  it('saves the draft, checks the audience, estimates with the pacing, and starts only with consent', async () => {
    const b = wizardBridge()
    useCampaignsStore.setState({ page: 'wizard' })
    useCampaignsStore.getState().setWizard({ step: 'audience', list: contactList(), template: { text: 'Hi {{name}}', footer: null, mediaUrl: null }, name: 'Sunday opening' })
    render(<CampaignsView />)
    // The only working instance is chosen.
    expect(await screen.findByRole('checkbox', { name: /Front desk/ })).toBeChecked()
    await userEvent.click(screen.getByRole('button', { name: 'Check the audience' }))
    const result = await screen.findByTestId('audience-result')
    expect(within(result).getByText('On WhatsApp').nextSibling).toHaveTextContent('2')
    expect(within(result).getByText('Not on WhatsApp (skipped)').nextSibling).toHaveTextContent('1')
    expect(b.callsTo('campaigns.saveDraft')).toEqual([{ name: 'Sunday opening', listId: 'lst_1', instanceIds: ['ABCDEF123456'], template: { text: 'Hi {{name}}', footer: null, mediaUrl: null } }])
    expect(b.callsTo('campaigns.checkAudience')).toEqual([{ campaignId: 'cmp_9' }])

    await userEvent.click(screen.getByRole('button', { name: 'Next: schedule and pace' }))
    await waitFor(() => expect(screen.getByTestId('estimate')).toHaveTextContent('≈ 1 h, ends Tue 2:10 PM for 2 recipients'))
    await userEvent.clear(screen.getByLabelText('Longest delay (s)'))
    await userEvent.type(screen.getByLabelText('Longest delay (s)'), '90')
    await waitFor(() => expect(screen.getByTestId('estimate')).toHaveTextContent('≈ 1 h 30 min, ends Tue 2:10 PM'))
    expect(b.callsTo('campaigns.estimate').at(-1)).toMatchObject({ campaignId: 'cmp_9', pacing: { minDelaySeconds: 20, maxDelaySeconds: 90 } })
    // A window that ends before it starts is refused in words, and nothing is estimated for it.
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '08:00' } })
    expect(screen.getByRole('alert')).toHaveTextContent('The window must end after it starts')
    expect(screen.getByRole('button', { name: 'Next: review' })).toBeDisabled()
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '19:00' } })
    await userEvent.click(screen.getByRole('button', { name: 'Next: review' }))

    const startButton = await screen.findByRole('button', { name: 'Start campaign' })
    expect(startButton).toBeDisabled()
    expect(screen.getByTestId('review-estimate')).toHaveTextContent('≈ 1 h 30 min')
    const consent = screen.getByRole('checkbox', { name: 'These people agreed to hear from us on WhatsApp' })
    expect(consent).toHaveAccessibleDescription(/Required/)
    await userEvent.click(consent)
    await userEvent.click(startButton)
    // The draft is brought up to date (window and pace included), then started with consent; its page opens.
    expect(await screen.findByRole('heading', { name: 'Sunday opening' })).toBeInTheDocument()
    expect(b.callsTo('campaigns.saveDraft').at(-1)).toMatchObject({ campaignId: 'cmp_9', schedule: { window: { days: [1, 2, 3, 4, 5], from: '09:00', to: '19:00' } }, pacing: { maxDelaySeconds: 90 } })
    expect(b.callsTo('campaigns.start')).toEqual([{ campaignId: 'cmp_9', name: 'Sunday opening', consent: true }])
    expect(useCampaignsStore.getState().page).toBe('detail')
  })

  it('follows a long audience check (the policy\'s check pace) until the counts are in, letting the user go on', async () => {
    const b = wizardBridge()
    let answers = 0
    b.handlers['campaigns.checkAudience'] = ({ campaignId }) => (++answers < 3 ? audience({ campaignId, checked: 0, onWhatsApp: 0, notOnWhatsApp: 0, unchecked: 3, checking: true }) : audience({ campaignId }))
    useCampaignsStore.setState({ page: 'wizard' })
    useCampaignsStore.getState().setWizard({ step: 'audience', list: contactList(), template: { text: 'Hi', footer: null, mediaUrl: null } })
    render(<CampaignsView />)
    await userEvent.click(await screen.findByRole('button', { name: 'Check the audience' }))
    expect(await screen.findByTestId('audience-checking')).toHaveTextContent('Checking 3 numbers on WhatsApp at the pace your policy allows')
    expect(screen.getByRole('button', { name: 'Checking…' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Next: schedule and pace' })).toBeEnabled()
    expect(await screen.findByTestId('audience-on', {}, { timeout: 5_000 })).toHaveTextContent('2')
    expect(screen.queryByTestId('audience-checking')).not.toBeInTheDocument()
    // The same draft was asked about, never saved again in between.
    expect(b.callsTo('campaigns.checkAudience')).toEqual([{ campaignId: 'cmp_9' }, { campaignId: 'cmp_9' }, { campaignId: 'cmp_9' }])
    expect(b.callsTo('campaigns.saveDraft')).toHaveLength(1)
  })

  it('back on a draft whose check still runs (a reload): shows the progress so far and follows that check', async () => {
    const b = wizardBridge()
    b.handlers['campaigns.audience'] = ({ campaignId }) => audience({ campaignId, checked: 1, onWhatsApp: 1, notOnWhatsApp: 0, unchecked: 2, checking: true })
    let answers = 0
    b.handlers['campaigns.checkAudience'] = ({ campaignId }) => (++answers < 2 ? audience({ campaignId, checked: 2, onWhatsApp: 2, notOnWhatsApp: 0, unchecked: 1, checking: true }) : audience({ campaignId }))
    useCampaignsStore.setState({ page: 'wizard' })
    useCampaignsStore.getState().setWizard({ step: 'audience', list: contactList(), campaignId: 'cmp_9', instanceIds: ['ABCDEF123456'], audience: null, template: { text: 'Hi', footer: null, mediaUrl: null } })
    render(<CampaignsView />)
    expect(await screen.findByTestId('audience-progress')).toHaveTextContent(/[12] of 3 checked so far \([12] on WhatsApp\)/)
    expect(screen.getByRole('progressbar', { name: 'Numbers checked so far' })).toBeInTheDocument()
    expect(await screen.findByTestId('audience-on', {}, { timeout: 5_000 })).toHaveTextContent('2')
    expect(b.callsTo('campaigns.audience')).toEqual([{ campaignId: 'cmp_9' }])
    expect(b.callsTo('campaigns.checkAudience')).toEqual([{ campaignId: 'cmp_9' }, { campaignId: 'cmp_9' }])
  })

  it('shows a refused start in words and stays on the review', async () => {
    const b = wizardBridge()
    b.handlers['campaigns.start'] = () => {
      throw new FakeError('instance_not_working', 'Front desk is not connected', 'Pair it again in Pairing')
    }
    useCampaignsStore.setState({ page: 'wizard' })
    useCampaignsStore.getState().setWizard({ step: 'review', list: contactList(), campaignId: 'cmp_9', instanceIds: ['ABCDEF123456'], template: { text: 'Hi', footer: null, mediaUrl: null } })
    render(<CampaignsView />)
    await userEvent.click(await screen.findByRole('checkbox', { name: /agreed to hear from us/ }))
    await act(() => userEvent.click(screen.getByRole('button', { name: 'Start campaign' })))
    expect(await screen.findByRole('alert')).toHaveTextContent('Front desk is not connected')
    expect(screen.getByRole('heading', { name: 'Review and start' })).toBeInTheDocument()
  })
})
