// Navigation between the views; the Sandbox entry exists only in sandbox mode.
import { useTranslation } from 'react-i18next'
import { useAppStore, type ViewName } from '../stores/app-store.js'

const ITEMS: readonly ViewName[] = ['instances', 'pairing', 'chats', 'campaigns', 'policies', 'webhooks', 'api', 'sandbox', 'settings']

export function Sidebar() {
  const view = useAppStore((s) => s.view)
  const go = useAppStore((s) => s.go)
  const sandbox = useAppStore((s) => s.info?.network === 'sandbox')
  const { t } = useTranslation()
  return (
    <nav className="sidebar" aria-label={t('nav.sections')}>
      <ul>
        {ITEMS.filter((v) => v !== 'sandbox' || sandbox).map((v) => (
          <li key={v}>
            <button type="button" className={view === v ? 'active' : undefined} aria-current={view === v ? 'page' : undefined} onClick={() => go(v)}>
              {t(`nav.${v}`)}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  )
}
