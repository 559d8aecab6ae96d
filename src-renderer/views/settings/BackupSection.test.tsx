// Settings > Backup against an in-memory core: the button waits for a passphrase typed twice (8+ characters), sends it
// once, says where the file went and what it holds, clears the fields; the core's refusal is shown in the section.
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import type { AppSettingsDto } from '../../../src-preload/contract/dto.js'
import { useSettingsStore } from '../../stores/settings-store.js'
import { FakeError, installMemoryBridge } from '../../test/memory-bridge.js'
import { BackupSection } from './BackupSection.js'

const settings = { dataDir: { path: '/data', canOpen: false } } as unknown as AppSettingsDto

describe('BackupSection', () => {
  beforeEach(() => useSettingsStore.setState({ ...useSettingsStore.getInitialState(), settings }, true))

  it('backs up with a passphrase typed twice and says where the file is', async () => {
    const asked: string[] = []
    installMemoryBridge({
      'settings.backup': ({ passphrase }) => {
        asked.push(passphrase)
        return { file: '/data/backups/switchboard-2026-11-26_14-00-00.sbbackup', createdAt: '2026-11-26T14:00:00.000Z', instances: 2, messages: 1234, files: 40 }
      }
    })
    render(<BackupSection />)
    const region = screen.getByRole('region', { name: 'Backup' })
    const button = within(region).getByRole('button', { name: 'Back up now' })
    expect(button).toBeDisabled()
    await userEvent.type(within(region).getByLabelText('Passphrase'), 'short')
    expect(within(region).getByRole('alert')).toHaveTextContent('At least 8 characters.')
    await userEvent.type(within(region).getByLabelText('Passphrase'), ' but now long')
    await userEvent.type(within(region).getByLabelText('Repeat it'), 'short but now lonG')
    expect(within(region).getByRole('alert')).toHaveTextContent('The two passphrases differ.')
    expect(button).toBeDisabled()
    await userEvent.clear(within(region).getByLabelText('Repeat it'))
    await userEvent.type(within(region).getByLabelText('Repeat it'), 'short but now long')
    await userEvent.click(button)
    await waitFor(() => expect(within(region).getByRole('status')).toHaveTextContent('Saved: backup of 2 numbers and 1,234 messages'))
    expect(region).toHaveTextContent('Backed up 2 numbers and 1,234 messages to /data/backups/switchboard-2026-11-26_14-00-00.sbbackup')
    expect(asked).toEqual(['short but now long'])
    expect(within(region).getByLabelText('Passphrase')).toHaveValue('')
  })

  it("shows the core's refusal", async () => {
    installMemoryBridge({ 'settings.backup': () => { throw new FakeError('forbidden', 'Only the owner of this Switchboard changes its settings') } })
    render(<BackupSection />)
    const region = screen.getByRole('region', { name: 'Backup' })
    await userEvent.type(within(region).getByLabelText('Passphrase'), 'long enough pass')
    await userEvent.type(within(region).getByLabelText('Repeat it'), 'long enough pass')
    await userEvent.click(within(region).getByRole('button', { name: 'Back up now' }))
    expect(await within(region).findByText(/Only the owner/)).toBeInTheDocument()
    expect(within(region).getByLabelText('Passphrase')).toHaveValue('long enough pass')
  })
})
