// App settings in Settings (plan, quotas, hosts, port, log level, data folder, start at login): loaded from the core,
// each change sent as it is made and answered with the core's new view, and said once ("Saved: …") for aria-live.
import { create } from 'zustand'
import type { AppSettingsDto, BackupDto, RequestOf } from '../../src-preload/contract/index.js'
import { t } from '../i18n/index.js'
import { bridge, call } from '../lib/bridge.js'
import { formatNumber } from '../lib/format.js'
import type { UiError } from '../lib/errors.js'
import { useAppStore } from './app-store.js'
import { useInstancesStore } from './instances-store.js'
import { runAction } from './run-action.js'

export type SettingsChanges = RequestOf<'settings.set'>
export type SettingsSection = 'plan' | 'access' | 'general' | 'backup'

interface SettingsState {
  settings: AppSettingsDto | null
  /** The setting being saved (its label), while the core answers. */
  busy: string | null
  /** The last change the core accepted, in words, and the section that shows it (a status line there). */
  saved: { section: SettingsSection; text: string } | null
  /** A refusal, in the section of the change (or 'load'). */
  error: (UiError & { section: SettingsSection | 'load' }) | null
  load(): Promise<void>
  /** Sends one change; `what` says it in words ("Log level: debug"). True when the core accepted it. */
  save(section: SettingsSection, changes: SettingsChanges, what: string): Promise<boolean>
  openFolder(): Promise<void>
  /** The last backup written from this view (Settings > Backup), and whether one is being written. */
  backup: { running: boolean; last: BackupDto | null }
  createBackup(passphrase: string): Promise<boolean>
}

export const useSettingsStore = create<SettingsState>()((set) => {
  const failIn = (section: SettingsSection | 'load') => (error: UiError) => set({ error: { ...error, section }, saved: null })
  return {
    settings: null,
    busy: null,
    saved: null,
    error: null,
    load: () => runAction(async () => set({ settings: await call(bridge().settings.get()), error: null }), { fail: failIn('load') }),
    async save(section, changes, what) {
      set({ busy: what, error: null, saved: null })
      return runAction(
        async () => {
          set({ settings: await call(bridge().settings.set(changes)), saved: { section, text: what } })
          // The plan shows in the header and decides the instance quota: both read again at once, not at a reload.
          if (changes.plan !== undefined) {
            void useAppStore.getState().loadInfo()
            if (useInstancesStore.getState().overview) void useInstancesStore.getState().load()
          }
          return true
        },
        { fail: failIn(section), settle: () => set({ busy: null }), fallback: false }
      )
    },
    openFolder: () => runAction(async () => void (await call(bridge().settings.openDataFolder())), { fail: failIn('general') }),
    backup: { running: false, last: null },
    createBackup(passphrase) {
      set({ backup: { running: true, last: null }, error: null, saved: null })
      return runAction(
        async () => {
          const last = await call(bridge().settings.backup({ passphrase }))
          set({ backup: { running: false, last }, saved: { section: 'backup', text: t('localized.backupSaved', { count: last.instances, messages: formatNumber(last.messages) }) } })
          return true
        },
        { fail: failIn('backup'), settle: () => set((s) => ({ backup: { ...s.backup, running: false } })), fallback: false }
      )
    }
  }
})
