// Sandbox: simulated phones on the built-in network. Create one, let it scan an instance's QR or type a pairing
// code, send a message as the person, and read what they received.
import { useEffect } from 'react'
import { ErrorNote } from '../../components/ErrorNote.js'
import { Spinner } from '../../components/Spinner.js'
import { useAppStore } from '../../stores/app-store.js'
import { useInstancesStore } from '../../stores/instances-store.js'
import { useSandboxStore } from '../../stores/sandbox-store.js'
import { NewPhoneForm } from './NewPhoneForm.js'
import { PhoneCard } from './PhoneCard.js'

export function SandboxView() {
  const network = useAppStore((s) => s.info?.network)
  const { phones, loading, error, load } = useSandboxStore()
  const loadInstances = useInstancesStore((s) => s.load)
  const reconnects = useAppStore((s) => s.reconnects)
  useEffect(() => {
    if (network !== 'sandbox') return
    void load()
    void loadInstances()
  }, [network, load, loadInstances, reconnects])

  if (network !== 'sandbox') {
    return (
      <section className="view" aria-labelledby="sandbox-title">
        <h1 id="sandbox-title">Sandbox</h1>
        <p>The sandbox network runs only when Switchboard is started with <code>--network sandbox</code>.</p>
      </section>
    )
  }
  return (
    <section className="view" aria-labelledby="sandbox-title">
      <header className="view-header">
        <h1 id="sandbox-title">Sandbox phones</h1>
        <p className="muted">Simulated phones on a simulated WhatsApp network on this computer: no real accounts, no internet.</p>
      </header>
      <NewPhoneForm />
      <ErrorNote error={error} />
      {loading && !phones ? <Spinner label="Loading phones…" /> : null}
      {phones && phones.length === 0 ? <p className="empty">No simulated phones yet. Create one to pair an instance without a real phone.</p> : null}
      <ul className="cards phones" aria-label="Simulated phones">
        {phones?.map((p) => (
          <PhoneCard key={p.phoneNumber} phone={p} />
        ))}
      </ul>
    </section>
  )
}
