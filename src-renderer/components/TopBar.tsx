// The top bar: product name, the permanent SANDBOX badge in sandbox mode, connection state, theme switch.
import { useAppStore, type Theme } from '../stores/app-store.js'

const CONNECTION = { open: 'Connected', connecting: 'Connecting…', closed: 'Disconnected: reconnecting' } as const

export function TopBar() {
  const info = useAppStore((s) => s.info)
  const connection = useAppStore((s) => s.connection)
  const theme = useAppStore((s) => s.theme)
  const setTheme = useAppStore((s) => s.setTheme)
  return (
    <header className="topbar">
      <span className="brand">Switchboard</span>
      {info?.network === 'sandbox' ? (
        <span className="sandbox-badge" role="note" title="Simulated WhatsApp network: no real accounts">
          SANDBOX
        </span>
      ) : null}
      <span className={`connection connection-${connection}`} role="status">
        {CONNECTION[connection]}
      </span>
      <span className="spacer" />
      {info ? <span className="muted small">API {info.apiUrl} · {info.plan} plan</span> : null}
      <label htmlFor="theme" className="sr-only">Theme</label>
      <select id="theme" value={theme} onChange={(e) => setTheme(e.target.value as Theme)}>
        <option value="system">System theme</option>
        <option value="light">Light</option>
        <option value="dark">Dark</option>
      </select>
    </header>
  )
}
