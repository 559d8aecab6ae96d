// Settings inside the app (issue 12 item 6): for now the API accounts the owner gives out (issue 13 item 7); the
// plan, hosts, log level and data folder sections join here.
import { AccountsSection } from './AccountsSection.js'

export function SettingsView() {
  return (
    <section aria-labelledby="settings-title" className="view">
      <header className="view-header">
        <h1 id="settings-title">Settings</h1>
      </header>
      <AccountsSection />
    </section>
  )
}
