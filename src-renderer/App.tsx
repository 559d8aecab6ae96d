// The app shell: a skip link, top bar, sections, the current view (the page without a bridge:
// components/NotConnected.tsx). Moving to another view puts focus on its heading, so a screen reader says where
// you are and Tab continues in the view, not in the sidebar.
import { useEffect, useRef, type ComponentType } from 'react'
import { useTranslation } from 'react-i18next'
import { ConnectionBanner } from './components/ConnectionBanner.js'
import { ErrorNote } from './components/ErrorNote.js'
import { Sidebar } from './components/Sidebar.js'
import { Toasts } from './components/Toasts.js'
import { TopBar } from './components/TopBar.js'
import { useAppStore, type ViewName } from './stores/app-store.js'
import { ApiView } from './views/api/ApiView.js'
import { CampaignsView } from './views/campaigns/CampaignsView.js'
import { ChatsView } from './views/chats/ChatsView.js'
import { InstancesView } from './views/instances/InstancesView.js'
import { PairingView } from './views/pairing/PairingView.js'
import { PoliciesView } from './views/policies/PoliciesView.js'
import { SandboxView } from './views/sandbox/SandboxView.js'
import { SettingsView } from './views/settings/SettingsView.js'
import { WebhooksView } from './views/webhooks/WebhooksView.js'

const VIEWS: Record<ViewName, ComponentType> = {
  instances: InstancesView,
  pairing: PairingView,
  chats: ChatsView,
  campaigns: CampaignsView,
  policies: PoliciesView,
  webhooks: WebhooksView,
  api: ApiView,
  sandbox: SandboxView,
  settings: SettingsView
}

export function App() {
  const view = useAppStore((s) => s.view)
  const theme = useAppStore((s) => s.theme)
  const error = useAppStore((s) => s.error)
  const info = useAppStore((s) => s.info)
  useEffect(() => {
    if (theme === 'system') delete document.documentElement.dataset.theme
    else document.documentElement.dataset.theme = theme
  }, [theme])
  const main = useRef<HTMLElement>(null)
  const shownView = useRef(view)
  useEffect(() => {
    if (shownView.current === view) return
    shownView.current = view
    const heading = main.current?.querySelector<HTMLElement>('h1')
    if (!heading) return
    heading.tabIndex = -1
    heading.focus()
  }, [view, info])
  const View = VIEWS[view]
  const { t } = useTranslation()
  return (
    <div className="app" data-network={info?.network}>
      <button type="button" className="skip-link" onClick={() => main.current?.focus()}>
        {t('app.skip')}
      </button>
      <TopBar />
      <div className="body">
        <Sidebar />
        <main className="content" id="content" ref={main} tabIndex={-1}>
          <ConnectionBanner />
          <ErrorNote error={error} />
          {info ? <View /> : null}
        </main>
      </div>
      <Toasts />
    </div>
  )
}
