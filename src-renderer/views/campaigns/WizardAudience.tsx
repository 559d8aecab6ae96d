// Wizard step 4: the numbers that send, and the audience check: each number of the list is checked on WhatsApp
// through the first of them (within its policy's check limits; answers are cached). Numbers not on WhatsApp are
// skipped and never messaged; opted-out numbers never get a campaign message.
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { StatusBadge } from '../../components/StatusBadge.js'
import { bridge, call } from '../../lib/bridge.js'
import { formatNumber } from '../../lib/format.js'
import { useCampaignsStore } from '../../stores/campaigns-store.js'
import { useInstancesStore } from '../../stores/instances-store.js'

export function WizardAudience() {
  const { t } = useTranslation()
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
      <h2 id="step-audience">{t('campaigns.wizard.audienceTitle')}</h2>
      <fieldset>
        <legend>{t('campaigns.wizard.sendFrom')}</legend>
        {!instances.length ? <p className="empty">{t('campaigns.wizard.noInstances')}</p> : null}
        {instances.map((i) => (
          <label key={i.id} className="check instance-choice">
            <input type="checkbox" checked={w.instanceIds.includes(i.id)} onChange={() => toggle(i.id)} />
            {i.name} <span className="muted small">{i.number ?? i.id}</span> <StatusBadge status={i.status} />
          </label>
        ))}
        <p className="hint">{t('campaigns.wizard.spread')}</p>
      </fieldset>
      <p className="muted small">{t('campaigns.wizard.checkFirst')}</p>
      {a?.checking ? (
        <p className="note note-info" role="status" data-testid="audience-checking">
          {t('campaigns.wizard.checking', { n: formatNumber(a.total) })}
          <span className="audience-progress" data-testid="audience-progress">
            <progress max={a.total || 1} value={a.checked} aria-label={t('campaigns.wizard.checkedSoFar')} /> {t('campaigns.wizard.checkedProgress', { checked: formatNumber(a.checked), total: formatNumber(a.total), on: formatNumber(a.onWhatsApp) })}
          </span>
        </p>
      ) : null}
      {a && !a.checking ? (
        <div className="audience" role="status" data-testid="audience-result">
          <dl className="audience-counts">
            <div className="audience-ok">
              <dt>{t('campaigns.wizard.onWhatsApp')}</dt>
              <dd data-testid="audience-on">{formatNumber(a.onWhatsApp)}</dd>
            </div>
            <div>
              <dt>{t('campaigns.wizard.notOnWhatsApp')}</dt>
              <dd data-testid="audience-off">{formatNumber(a.notOnWhatsApp)}</dd>
            </div>
            <div>
              <dt>{t('campaigns.wizard.optedOut')}</dt>
              <dd data-testid="audience-opted-out">{formatNumber(a.optedOut)}</dd>
            </div>
            <div>
              <dt>{t('campaigns.wizard.unchecked')}</dt>
              <dd data-testid="audience-unchecked">{formatNumber(a.unchecked)}</dd>
            </div>
          </dl>
          {a.unchecked ? <p className="hint">{t('campaigns.wizard.restChecked')}</p> : null}
        </div>
      ) : null}
      <div className="row end wizard-buttons">
        <button type="button" onClick={() => goStep('template')}>
          {t('campaigns.wizard.back')}
        </button>
        <button type="button" className={a ? undefined : 'primary'} disabled={!w.instanceIds.length || w.busy || a?.checking} onClick={() => void checkAudience()}>
          {w.busy || a?.checking ? t('campaigns.wizard.checkingButton') : a ? t('campaigns.wizard.checkAgain') : t('campaigns.wizard.check')}
        </button>
        {a ? (
          <button type="button" className="primary" onClick={() => goStep('schedule')}>
            {t('campaigns.wizard.nextSchedule')}
          </button>
        ) : null}
      </div>
    </section>
  )
}
