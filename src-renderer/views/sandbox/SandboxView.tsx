// Sandbox: simulated phones on the built-in network. Create one, let it scan an instance's QR or type a pairing
// code, send a message as the person, and read what they received; per-phone settings and network faults. Phones
// in number order; with many, a filter by name or number (typed as people write numbers).
import { useTranslation } from 'react-i18next'
import { useEffect, useState } from 'react'
import { ErrorNote } from '../../components/ErrorNote.js'
import { Spinner } from '../../components/Spinner.js'
import { useAppStore } from '../../stores/app-store.js'
import { useInstancesStore } from '../../stores/instances-store.js'
import { useSandboxStore } from '../../stores/sandbox-store.js'
import { FaultsPanel } from './FaultsPanel.js'
import { NewPhoneForm } from './NewPhoneForm.js'
import { PhoneCard } from './PhoneCard.js'

/** The filter appears once there are more phones than fit on a screen or two. */
const FILTER_FROM = 5
const matches = (p: { name: string; phoneNumber: string }, filter: string) => {
  const f = filter.trim().toLowerCase()
  const digits = f.replace(/[\s().+-]/g, '')
  return !f || p.name.toLowerCase().includes(f) || (/^[0-9]+$/.test(digits) && p.phoneNumber.includes(digits))
}

export function SandboxView() {
  const { t } = useTranslation()
  const network = useAppStore((s) => s.info?.network)
  const { phones, loading, error, load } = useSandboxStore()
  const loadInstances = useInstancesStore((s) => s.load)
  const reconnects = useAppStore((s) => s.reconnects)
  const [filter, setFilter] = useState('')
  useEffect(() => {
    if (network !== 'sandbox') return
    void load()
    void loadInstances()
  }, [network, load, loadInstances, reconnects])

  if (network !== 'sandbox') {
    return (
      <section className="view" aria-labelledby="sandbox-title">
        <h1 id="sandbox-title">{t('nav.sandbox')}</h1>
        <p>
          {t('sandbox.off')} <code>--network sandbox</code>.
        </p>
      </section>
    )
  }
  return (
    <section className="view" aria-labelledby="sandbox-title">
      <header className="view-header">
        <h1 id="sandbox-title">{t('views.sandboxPhones')}</h1>
        <p className="muted">{t('sandbox.intro')}</p>
      </header>
      <NewPhoneForm />
      <ErrorNote error={error} />
      {loading && !phones ? <Spinner label={t('sandbox.loading')} /> : null}
      {phones && phones.length === 0 ? <p className="empty">{t('sandbox.empty')}</p> : null}
      {phones && phones.length > FILTER_FROM ? (
        <div className="row">
          <label htmlFor="phone-filter">{t('sandbox.find')}</label>
          <input id="phone-filter" type="search" placeholder={t('sandbox.findPlaceholder')} value={filter} onChange={(e) => setFilter(e.target.value)} />
        </div>
      ) : null}
      <ul className="cards phones" aria-label={t('sandbox.phones')}>
        {phones?.filter((p) => matches(p, filter)).map((p) => (
          <PhoneCard key={p.phoneNumber} phone={p} />
        ))}
      </ul>
      {phones && phones.length ? <FaultsPanel /> : null}
    </section>
  )
}
