// Says loudly that the core is out of reach (it crashed, was stopped, or is restarting): what is on screen may be
// out of date and actions do not go through until the page reconnects, which it does by itself.
import { useTranslation } from 'react-i18next'
import { useAppStore } from '../stores/app-store.js'

export function ConnectionBanner() {
  const down = useAppStore((s) => s.everConnected && s.connection !== 'open')
  const { t } = useTranslation()
  if (!down) return null
  return (
    <div className="banner banner-down" role="alert" data-testid="connection-lost">
      <strong>{t('banner.downTitle')}</strong> {t('banner.downText')}
    </div>
  )
}
