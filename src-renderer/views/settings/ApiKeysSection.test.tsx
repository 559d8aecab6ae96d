// Settings > API keys against an in-memory core: keys listed with their scope (instances by name, read only) and
// last 4 characters; one created with a name, read only and two instances picked, its key shown once with a copy
// button, gone once dismissed; revoked only after the confirmation; the core's refusal shown; Portuguese wording.
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import type { ApiKeyDto, NewApiKeyDto } from '../../../src-preload/contract/index.js'
import type { InstancesOverview } from '../../../src-preload/contract/dto.js'
import { i18n } from '../../i18n/index.js'
import { formatDateTime } from '../../lib/format.js'
import { FakeError, installMemoryBridge, type MemoryBridge } from '../../test/memory-bridge.js'
import { ApiKeysSection } from './ApiKeysSection.js'

const overview = {
  instances: [
    { id: 'SHOPA1', name: 'Shop front' },
    { id: 'SHOPB2', name: 'Deliveries' },
    { id: 'SHOPC3', name: 'Back office' }
  ],
  plan: 'paid',
  quota: { used: 3, limit: null }
} as unknown as InstancesOverview

/** A core-like key store: names trimmed, a blank name refused, revoked keys gone. */
function fakeKeys(initial: ApiKeyDto[] = []): MemoryBridge {
  let keys = [...initial]
  let n = 0
  return installMemoryBridge({
    'instances.list': () => overview,
    'keys.list': () => ({ keys }),
    'keys.create': ({ name, readOnly, instanceIds }) => {
      if (name === 'taken') throw new FakeError('invalid_param', 'The key’s name must be 1 to 100 characters')
      n += 1
      const key: NewApiKeyDto = { id: `key_${n}`, name: name.trim(), readOnly: readOnly === true, instanceIds: instanceIds ?? null, createdAt: Date.UTC(2026, 10, 26), lastUsedAt: null, tokenHint: `abc${n}`, token: `sk_secretvalue${n}abc${n}` }
      const { token: _token, ...listed } = key
      keys = [...keys, listed]
      return key
    },
    'keys.revoke': ({ id }) => {
      const revoked = keys.find((k) => k.id === id)
      if (!revoked) throw new FakeError('api_key_not_found', `No API key "${id}" in this account`)
      keys = keys.filter((k) => k.id !== id)
      return { revoked }
    }
  })
}

const existing: ApiKeyDto = { id: 'key_old', name: 'Zapier', tokenHint: 'wxyz', readOnly: false, instanceIds: null, createdAt: Date.UTC(2026, 0, 5), lastUsedAt: Date.UTC(2026, 10, 26, 9, 30) }

describe('ApiKeysSection', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en')
  })

  it('lists keys, creates a scoped one showing its key once with a copy button, and revokes after confirming', async () => {
    const core = fakeKeys([existing])
    render(<ApiKeysSection />)
    const region = screen.getByRole('region', { name: 'API keys' })
    const zapier = await within(region).findByRole('row', { name: 'API key Zapier' })
    expect(zapier).toHaveTextContent('…wxyz')
    expect(zapier).toHaveTextContent('All instances · read and write')
    // When the key was last accepted, in the locale's date and time; a key never used says so.
    expect(within(region).getByRole('columnheader', { name: 'Last used' })).toBeInTheDocument()
    expect(zapier).toHaveTextContent(formatDateTime(Date.UTC(2026, 10, 26, 9, 30)))

    const form = within(region).getByRole('form', { name: 'Create an API key' })
    const create = within(form).getByRole('button', { name: 'Create key' })
    expect(create).toBeDisabled()
    await userEvent.type(within(form).getByLabelText('Key name'), '  n8n reads ')
    await userEvent.click(within(form).getByLabelText(/^Read only/))
    await userEvent.click(await within(form).findByLabelText('Shop front'))
    await userEvent.click(within(form).getByLabelText('Back office'))
    await userEvent.click(create)

    const shown = await within(region).findByRole('status', { name: 'New API key' })
    expect(shown).toHaveTextContent('sk_secretvalue1abc1')
    expect(shown).toHaveTextContent('shown only this once')
    expect(within(shown).getByRole('button', { name: 'Copy key' })).toBeInTheDocument()
    expect(core.callsTo('keys.create')).toEqual([{ name: 'n8n reads', readOnly: true, instanceIds: ['SHOPA1', 'SHOPC3'] }])
    const row = await within(region).findByRole('row', { name: 'API key n8n reads' })
    expect(row).toHaveTextContent('Only Shop front, Back office · read only')
    expect(row).toHaveTextContent('Never')
    expect(row).not.toHaveTextContent('sk_secretvalue1')
    // The form is cleared for the next key.
    expect(within(form).getByLabelText('Key name')).toHaveValue('')
    expect(within(form).getByLabelText('Shop front')).not.toBeChecked()

    await userEvent.click(within(shown).getByRole('button', { name: 'Done' }))
    expect(region).not.toHaveTextContent('sk_secretvalue1')

    // Revoking asks first; Cancel keeps the key.
    await userEvent.click(within(region).getByRole('button', { name: 'Revoke Zapier' }))
    const dialog = screen.getByRole('alertdialog', { name: 'Revoke the key “Zapier”?' })
    expect(dialog).toHaveTextContent('It stops working at once')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(core.callsTo('keys.revoke')).toEqual([])
    await userEvent.click(within(region).getByRole('button', { name: 'Revoke Zapier' }))
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Revoke' }))
    await waitFor(() => expect(within(region).queryByRole('row', { name: 'API key Zapier' })).toBeNull())
    expect(core.callsTo('keys.revoke')).toEqual([{ id: 'key_old' }])
    expect(within(region).getByRole('row', { name: 'API key n8n reads' })).toBeInTheDocument()
  })

  it("shows the core's refusal and keeps what was typed", async () => {
    fakeKeys()
    render(<ApiKeysSection />)
    const region = screen.getByRole('region', { name: 'API keys' })
    expect(await within(region).findByText('No API keys yet.')).toBeInTheDocument()
    await userEvent.type(within(region).getByLabelText('Key name'), 'taken')
    await userEvent.click(within(region).getByRole('button', { name: 'Create key' }))
    expect(await within(region).findByText(/must be 1 to 100 characters/)).toBeInTheDocument()
    expect(within(region).getByLabelText('Key name')).toHaveValue('taken')
    expect(within(region).queryByRole('status', { name: 'New API key' })).toBeNull()
  })

  it('speaks Portuguese', async () => {
    await i18n.changeLanguage('pt-BR')
    fakeKeys([{ ...existing, readOnly: true, instanceIds: ['SHOPB2'] }])
    render(<ApiKeysSection />)
    const region = screen.getByRole('region', { name: 'Chaves de API' })
    const row = await within(region).findByRole('row', { name: 'Chave de API Zapier' })
    await waitFor(() => expect(row).toHaveTextContent('Somente Deliveries · somente leitura'))
    expect(within(region).getByRole('button', { name: 'Criar chave' })).toBeInTheDocument()
    expect(within(region).getByRole('button', { name: 'Revogar Zapier' })).toBeInTheDocument()
  })
})
