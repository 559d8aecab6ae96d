// settings.*: the Settings view's app settings, translated onto services.settings. Only the owner (the default
// account the UI acts as) changes them; the view is for the owner too (it shows the data folder).
import { BridgeError } from '../errors.js'
import type { BridgeContext } from './context.js'
import { appSettingsDto } from './owner-dtos.js'
import type { HandlersOf } from './types.js'

export function settingsHandlers({ services: { settings, backups }, account }: BridgeContext): HandlersOf<'settings'> {
  const owner = () => {
    if (account().is_default !== 1) throw new BridgeError('forbidden', 'Only the owner of this Switchboard changes its settings', { recommendation: 'Open Settings from the owner\'s app' })
    return settings
  }
  return {
    'settings.get': () => appSettingsDto(owner().view()),
    'settings.set': (changes) => appSettingsDto(owner().update(changes)),
    'settings.openDataFolder': () => {
      owner().openDataFolder()
      return { opened: true as const }
    },
    'settings.backup': async ({ passphrase }) => {
      owner()
      const { file, manifest } = await backups.create(passphrase)
      return { file, createdAt: manifest.createdAt, instances: manifest.instances.length, messages: manifest.messages, files: manifest.files }
    }
  }
}
