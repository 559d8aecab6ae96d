// Wizard step 4: the numbers that send, and the audience check: each number of the list is checked on WhatsApp
// through the first of them (within its policy's check limits; answers are cached). Numbers not on WhatsApp are
// skipped and never messaged; opted-out numbers never get a campaign message.
import { useEffect } from 'react'
import { StatusBadge } from '../../components/StatusBadge.js'
import { bridge, call } from '../../lib/bridge.js'
import { useCampaignsStore } from '../../stores/campaigns-store.js'
import { useInstancesStore } from '../../stores/instances-store.js'

export function WizardAudience() {
  const w = useCampaignsStore((s) => s.wizard)
  const setWizard = useCampaignsStore((s) => s.setWizard)
  const checkAudience = useCampaignsStore((s) => s.checkAudience)
  const goStep = useCampaignsStore((s) => s.goStep)
  const overview = useInstancesStore((s) => s.overview)
  const loadInstances = useInstancesStore((s) => s.load)
  useEffect(() => {
    if (!overview) void loadInstances()
  }, [overview, loadInstances])
  const instances = overview?.instances ?? []
  // One working instance and none chosen yet: that one.
  useEffect(() => {
    const working = instances.filter((i) => i.status === 'WORKING')
    if (!w.instanceIds.length && working.length === 1) setWizard({ instanceIds: [working[0]!.id] })
  }, [instances, w.instanceIds.length, setWizard])
  // Back on a saved draft (a reload, another tab, the app restarted): the check's progress as the core has it, and
  // a check still running is followed rather than started again.
  const campaignId = w.campaignId
  const known = w.audience !== null
  useEffect(() => {
    if (!campaignId || known) return
    let live = true
    void call(bridge().campaigns.audience({ campaignId }))
      .then((audience) => {
        const now = useCampaignsStore.getState()
        if (!live || now.wizard.campaignId !== campaignId || now.wizard.audience) return
        if (audience.checked || audience.checking) setWizard({ audience })
        if (audience.checking) void now.checkAudience()
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [campaignId, known, setWizard])
  const toggle = (id: string) => setWizard({ instanceIds: w.instanceIds.includes(id) ? w.instanceIds.filter((i) => i !== id) : [...w.instanceIds, id], audience: null, estimate: null })
  const a = w.audience
  return (
    <section aria-labelledby="step-audience">
      <h2 id="step-audience">Audience check</h2>
      <fieldset>
        <legend>Send from</legend>
        {!instances.length ? <p className="empty">No instances yet: create and pair one first.</p> : null}
        {instances.map((i) => (
          <label key={i.id} className="check instance-choice">
            <input type="checkbox" checked={w.instanceIds.includes(i.id)} onChange={() => toggle(i.id)} />
            {i.name} <span className="muted small">{i.number ?? i.id}</span> <StatusBadge status={i.status} />
          </label>
        ))}
        <p className="hint">With several numbers, recipients are spread across them and each keeps the same number for the whole campaign.</p>
      </fieldset>
      <p className="muted small">Before anything is sent, every number is checked on WhatsApp at the pace your policy allows for number checks.</p>
      {a?.checking ? (
        <p className="note note-info" role="status" data-testid="audience-checking">
          Checking {a.total.toLocaleString()} numbers on WhatsApp at the pace your policy allows… You can go on meanwhile: numbers not checked yet are checked before their turn, and those not on WhatsApp are never messaged.
          <span className="audience-progress" data-testid="audience-progress">
            <progress max={a.total || 1} value={a.checked} aria-label="Numbers checked so far" /> {a.checked.toLocaleString()} of {a.total.toLocaleString()} checked so far ({a.onWhatsApp.toLocaleString()} on WhatsApp)
          </span>
        </p>
      ) : null}
      {a && !a.checking ? (
        <div className="audience" role="status" data-testid="audience-result">
          <dl className="audience-counts">
            <div className="audience-ok">
              <dt>On WhatsApp</dt>
              <dd data-testid="audience-on">{a.onWhatsApp.toLocaleString()}</dd>
            </div>
            <div>
              <dt>Not on WhatsApp (skipped)</dt>
              <dd data-testid="audience-off">{a.notOnWhatsApp.toLocaleString()}</dd>
            </div>
            <div>
              <dt>Opted out (never messaged)</dt>
              <dd data-testid="audience-opted-out">{a.optedOut.toLocaleString()}</dd>
            </div>
            <div>
              <dt>Not checked yet</dt>
              <dd data-testid="audience-unchecked">{a.unchecked.toLocaleString()}</dd>
            </div>
          </dl>
          {a.unchecked ? <p className="hint">The rest are checked before their turn, within the policy’s check limits.</p> : null}
        </div>
      ) : null}
      <div className="row end wizard-buttons">
        <button type="button" onClick={() => goStep('template')}>
          Back
        </button>
        <button type="button" className={a ? undefined : 'primary'} disabled={!w.instanceIds.length || w.busy || a?.checking} onClick={() => void checkAudience()}>
          {w.busy || a?.checking ? 'Checking…' : a ? 'Check again' : 'Check the audience'}
        </button>
        {a ? (
          <button type="button" className="primary" onClick={() => goStep('schedule')}>
            Next: schedule and pace
          </button>
        ) : null}
      </div>
    </section>
  )
}
