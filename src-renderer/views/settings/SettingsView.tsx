// Settings inside the app (issue 12 item 6): the plan and quotas, API access (allowed hosts, bind address, port),
// logs, data folder and startup, then the API accounts the owner gives out (issue 13 item 7). No flag needed.
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorNote } from '../../components/ErrorNote.js'
import { Spinner } from '../../components/Spinner.js'
import { useAppStore } from '../../stores/app-store.js'
import { useSettingsStore } from '../../stores/settings-store.js'
import { AccessSection } from './AccessSection.js'
import { AccountsSection } from './AccountsSection.js'
import { ApiKeysSection } from './ApiKeysSection.js'
import { DevicesSection } from './DevicesSection.js'
import { BackupSection } from './BackupSection.js'
import { GeneralSection } from './GeneralSection.js'
import { LanguageSection } from './LanguageSection.js'
import { PlanSection } from './PlanSection.js'
import { SavedRepliesSection } from './SavedRepliesSection.js'

export function SettingsView() {
  const load = useSettingsStore((s) => s.load)
  const loaded = useSettingsStore((s) => s.settings !== null)
  const loadError = useSettingsStore((s) => (s.error?.section === 'load' ? s.error : null))
  const reconnects = useAppStore((s) => s.reconnects)
  const { t } = useTranslation()
  useEffect(() => {
    void load()
  }, [load, reconnects])
  return (
    <section aria-labelledby="settings-title" className="view">
      <header className="view-header">
        <h1 id="settings-title">{t('nav.settings')}</h1>
      </header>
      <ErrorNote error={loadError} />
      {!loaded && !loadError ? <Spinner label={t('settings.loading')} /> : null}
      <PlanSection />
      <AccessSection />
      <LanguageSection />
      <GeneralSection />
      <SavedRepliesSection />
      <BackupSection />
      <AccountsSection />
      <ApiKeysSection />
      <DevicesSection />
    </section>
  )
}
