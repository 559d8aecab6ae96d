// The opt-out page's import (pasted numbers, a chosen file) and keyword settings (built-in words off, own words,
// confirmation off), and the template's uploaded media (kept with the draft, its bytes sent once).
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { OptOutDto, OptOutSettingsDto, TemplateDto } from '../../../src-preload/contract/campaigns-dto.js'
import { useCampaignsStore } from '../../stores/campaigns-store.js'
import { instance, overview } from '../../test/fixtures.js'
import { installMemoryBridge } from '../../test/memory-bridge.js'
import { audience, campaign, contactList } from './campaign-fixtures.js'
import { CampaignsView } from './CampaignsView.js'

const SETTINGS: OptOutSettingsDto = { keywords: [], builtIn: true, builtInKeywords: { en: ['stop', 'unsubscribe'], es: ['baja'] }, confirmation: "You won't receive more messages from us." }

function optOutBridge() {
  let list: OptOutDto[] = []
  let settings = SETTINGS
  return installMemoryBridge({
    'campaigns.list': () => [],
    'campaigns.optOuts': () => list,
    'campaigns.optOutSettings': () => settings,
    'campaigns.setOptOutSettings': (s) => (settings = { ...settings, ...s }),
    'campaigns.importOptOuts': ({ text }) => {
      const phones = text.split('\n').map((l) => l.replace(/\D/g, '')).filter((p) => p.length >= 8)
      list = [...phones.map((phone) => ({ phone, source: 'import', at: Date.now() })), ...list]
      return { added: phones.length, rejected: text.split('\n').filter((l) => l.trim() && l.replace(/\D/g, '').length < 8).length, optOuts: list }
    }
  })
}

describe('Opt-out import and keyword settings', () => {
  it('imports pasted numbers and a chosen file, says what was added and what was not a number', async () => {
    const b = optOutBridge()
    useCampaignsStore.setState({ page: 'optouts', optOuts: null })
    render(<CampaignsView />)
    await screen.findByText('Nobody has opted out.')
    await userEvent.click(screen.getByText('Import numbers'))
    await userEvent.type(screen.getByLabelText(/Paste numbers, one a line/), '+34 600 000 011{enter}nope{enter}600 000 012')
    await userEvent.type(screen.getByLabelText('Default country'), 'es')
    await userEvent.click(screen.getByRole('button', { name: 'Import' }))
    expect(await screen.findByTestId('optout-import-result')).toHaveTextContent('2 numbers added; 1 line was not a phone number.')
    expect(b.callsTo('campaigns.importOptOuts')).toEqual([{ text: '+34 600 000 011\nnope\n600 000 012', defaultCountry: 'ES' }])
    const table = screen.getByRole('table', { name: 'Opted-out numbers' })
    expect(within(table).getAllByText('imported')).toHaveLength(2)
    expect(screen.getByLabelText(/Paste numbers, one a line/)).toHaveValue('')

    const file = new File(['phone,name\n+34 600 000 013,Ana\n'], 'unsubscribed.csv', { type: 'text/csv' })
    await userEvent.upload(screen.getByLabelText('Choose a CSV or text file'), file)
    expect(await screen.findByText('unsubscribed.csv')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Import' }))
    await waitFor(() => expect(within(table).getAllByText('imported')).toHaveLength(3))
    expect(b.callsTo('campaigns.importOptOuts').at(-1)).toEqual({ text: 'phone,name\n+34 600 000 013,Ana\n', defaultCountry: 'ES' })
  })

  it('shows the built-in words and saves own words, built-in off and no confirmation', async () => {
    const b = optOutBridge()
    useCampaignsStore.setState({ page: 'optouts', optOuts: null })
    render(<CampaignsView />)
    await userEvent.click(await screen.findByText('Opt-out words and confirmation'))
    const form = await screen.findByRole('form', { name: 'Opt-out words and confirmation' })
    expect(within(form).getByRole('list', { name: 'Built-in words' })).toHaveTextContent('Spanish: baja')
    expect(within(form).getByLabelText('Confirmation message')).toHaveValue("You won't receive more messages from us.")
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Use the built-in words' }))
    await userEvent.type(within(form).getByLabelText(/Your own words/), 'no thanks, Remove me{enter}no thanks')
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Send a confirmation' }))
    expect(within(form).queryByLabelText('Confirmation message')).not.toBeInTheDocument()
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }))
    expect(await within(form).findByText('Saved')).toBeInTheDocument()
    expect(b.callsTo('campaigns.setOptOutSettings')).toEqual([{ keywords: ['no thanks', 'Remove me'], builtIn: false, confirmation: null }])
  })
})

describe('Template media upload', () => {
  it('uploads a file as the template media (the text is its caption), sends its bytes once, and removes it', async () => {
    const b = installMemoryBridge({
      'campaigns.list': () => [],
      'instances.list': () => overview([instance({ status: 'WORKING', number: '+34 600 999 000' })]),
      'campaigns.preview': ({ template }) => [{ phone: '34600000001', variables: {}, text: template.text }],
      'campaigns.saveDraft': (r) => campaign({ id: 'cmp_9', status: 'draft', template: { ...r.template, mediaFile: r.template.mediaFile ? { filename: r.template.mediaFile.filename, mimetype: r.template.mediaFile.mimetype, bytes: r.template.mediaFile.bytes } : null } }),
      'campaigns.checkAudience': ({ campaignId }) => audience({ campaignId })
    })
    useCampaignsStore.setState({ page: 'wizard' })
    useCampaignsStore.getState().setWizard({ step: 'template', list: contactList(), campaignId: null, audience: null, template: { text: 'Our new menu', footer: null, mediaUrl: null } })
    render(<CampaignsView />)
    const big = new File([new Uint8Array(16 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' })
    await userEvent.upload(await screen.findByLabelText('Upload an image or file'), big)
    expect(await screen.findByRole('alert')).toHaveTextContent('huge.png is 16.0 MB: files up to 16 MB can be sent')

    const bytes = [0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4]
    const png = new File([new Uint8Array(bytes)], 'menu.png', { type: 'image/png' })
    await userEvent.upload(screen.getByLabelText('Upload an image or file'), png)
    expect(await screen.findByTestId('media-file')).toHaveTextContent('Image: menu.png (1 kB)')
    expect(screen.getByText('The message above goes out as its caption.')).toBeInTheDocument()
    expect(screen.queryByLabelText('or its URL')).not.toBeInTheDocument()
    await waitFor(() => expect(b.callsTo('campaigns.preview').length).toBeGreaterThan(0))
    // The preview renders the text only: the file's bytes never go with it.
    expect((b.callsTo('campaigns.preview') as Array<{ template: TemplateDto }>).every((p) => !p.template.mediaFile?.data)).toBe(true)

    await userEvent.click(screen.getByRole('button', { name: 'Next: the audience' }))
    await userEvent.click(await screen.findByRole('button', { name: 'Check the audience' }))
    await screen.findByTestId('audience-on')
    expect((b.callsTo('campaigns.saveDraft') as Array<{ template: TemplateDto }>)[0]!.template.mediaFile).toEqual({ filename: 'menu.png', mimetype: 'image/png', bytes: 8, data: btoa(String.fromCharCode(...bytes)) })
    // Later saves send the file back without its bytes (the core keeps it).
    expect(useCampaignsStore.getState().wizard.template.mediaFile).toEqual({ filename: 'menu.png', mimetype: 'image/png', bytes: 8 })

    await userEvent.click(screen.getByRole('button', { name: 'Back' }))
    await userEvent.click(await screen.findByRole('button', { name: 'Remove menu.png' }))
    expect(screen.getByLabelText('or its URL')).toHaveValue('')
    expect(useCampaignsStore.getState().wizard.template.mediaFile).toBeNull()
  })
})
