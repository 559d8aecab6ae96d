// Navigation between the views; the Sandbox entry exists only in sandbox mode.
import { useAppStore, type ViewName } from '../stores/app-store.js'

const ITEMS: { view: ViewName; label: string }[] = [
  { view: 'instances', label: 'Instances' },
  { view: 'pairing', label: 'Pairing' },
  { view: 'chats', label: 'Chats' },
  { view: 'campaigns', label: 'Campaigns' },
  { view: 'policies', label: 'Policies' },
  { view: 'webhooks', label: 'Webhooks' },
  { view: 'api', label: 'API' },
  { view: 'sandbox', label: 'Sandbox' },
  { view: 'settings', label: 'Settings' }
]

export function Sidebar() {
  const view = useAppStore((s) => s.view)
  const go = useAppStore((s) => s.go)
  const sandbox = useAppStore((s) => s.info?.network === 'sandbox')
  return (
    <nav className="sidebar" aria-label="Sections">
      <ul>
        {ITEMS.filter((i) => i.view !== 'sandbox' || sandbox).map((i) => (
          <li key={i.view}>
            <button type="button" className={view === i.view ? 'active' : undefined} aria-current={view === i.view ? 'page' : undefined} onClick={() => go(i.view)}>
              {i.label}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  )
}
