// The new-campaign wizard: drop a CSV → map columns → write the message (live preview of real rows) → audience
// check → schedule, window and pacing (with the estimate) → review with the consent box. Its state lives in the
// campaigns store; moving between steps puts focus on the step's heading.
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorNote } from '../../components/ErrorNote.js'
import { WIZARD_STEPS, useCampaignsStore } from '../../stores/campaigns-store.js'
import { WizardAudience } from './WizardAudience.js'
import { WizardColumns, WizardFile } from './WizardList.js'
import { WizardReview } from './WizardReview.js'
import { WizardSchedule } from './WizardSchedule.js'
import { WizardTemplate } from './WizardTemplate.js'

export function Wizard() {
  const { t } = useTranslation()
  const step = useCampaignsStore((s) => s.wizard.step)
  const error = useCampaignsStore((s) => s.wizard.error)
  const setWizard = useCampaignsStore((s) => s.setWizard)
  const index = WIZARD_STEPS.indexOf(step)
  const body = useRef<HTMLDivElement>(null)
  const shown = useRef(step)
  useEffect(() => {
    if (shown.current === step) return
    shown.current = step
    const heading = body.current?.querySelector<HTMLElement>('h2')
    if (heading) {
      heading.tabIndex = -1
      heading.focus()
    }
  }, [step])
  return (
    <div className="wizard">
      <ol className="wizard-steps" aria-label={t('campaigns.wizard.steps')}>
        {WIZARD_STEPS.map((s, i) => (
          <li key={s} aria-current={s === step ? 'step' : undefined} className={i < index ? 'done' : s === step ? 'current' : undefined}>
            <span className="step-number" aria-hidden="true">
              {i + 1}
            </span>
            {t(`campaigns.wizard.step.${s}`)}
          </li>
        ))}
      </ol>
      <div className="panel wizard-body" ref={body}>
        {step === 'file' ? <WizardFile /> : null}
        {step === 'columns' ? <WizardColumns /> : null}
        {step === 'template' ? <WizardTemplate /> : null}
        {step === 'audience' ? <WizardAudience /> : null}
        {step === 'schedule' ? <WizardSchedule /> : null}
        {step === 'review' ? <WizardReview /> : null}
        <ErrorNote error={error} onDismiss={() => setWizard({ error: null })} />
      </div>
    </div>
  )
}
