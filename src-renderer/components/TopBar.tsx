// The top bar: product name, the permanent SANDBOX badge in sandbox mode, connection state, theme switch.
import { useTranslation } from 'react-i18next'
import { useAppStore, type Theme } from '../stores/app-store.js'

export function TopBar() {
  const info = useAppStore((s) => s.info)
  const connection = useAppStore((s) => s.connection)
  const theme = useAppStore((s) => s.theme)
  const setTheme = useAppStore((s) => s.setTheme)
  const { t } = useTranslation()
  return (
    <header className="topbar">
      <span className="brand">Switchboard</span>
      {info?.network === 'sandbox' ? (
        <span className="sandbox-badge" role="note" title={t('topbar.sandboxTitle')}>
          SANDBOX
        </span>
      ) : null}
      <span className={`connection connection-${connection}`} role="status">
        {t(`topbar.connection.${connection}`)}
      </span>
      <span className="spacer" />
      {info ? <span className="muted small">{t('topbar.apiPlan', { url: info.apiUrl, plan: t(`topbar.plan.${info.plan}`) })}</span> : null}
      <label htmlFor="theme" className="sr-only">{t('topbar.theme')}</label>
      <select id="theme" value={theme} onChange={(e) => setTheme(e.target.value as Theme)}>
        <option value="system">{t('topbar.themeSystem')}</option>
        <option value="light">{t('topbar.themeLight')}</option>
        <option value="dark">{t('topbar.themeDark')}</option>
      </select>
    </header>
  )
}
