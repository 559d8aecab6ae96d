// Says loudly that the core is out of reach (it crashed, was stopped, or is restarting): what is on screen may be
// out of date and actions do not go through until the page reconnects, which it does by itself.
import { useAppStore } from '../stores/app-store.js'

export function ConnectionBanner() {
  const down = useAppStore((s) => s.everConnected && s.connection !== 'open')
  if (!down) return null
  return (
    <div className="banner banner-down" role="alert" data-testid="connection-lost">
      <strong>Switchboard is not reachable.</strong> The page reconnects by itself; until then what you see may be out
      of date and actions do not go through. If Switchboard was stopped, start it again.
    </div>
  )
}
