// Back and Next of a wizard step (every step of the new-campaign wizard ends with them): Back goes to the step
// named, Next runs the step's action (disabled or "working" while it cannot).
import { useTranslation } from 'react-i18next'
import { useCampaignsStore, type WizardStep } from '../../stores/campaigns-store.js'

/** Back and Next of a step. */
export function StepButtons({ back, next, nextLabel, nextDisabled, busy }: { back?: WizardStep; next?: () => void; nextLabel?: string; nextDisabled?: boolean; busy?: boolean }) {
  const { t } = useTranslation()
  const goStep = useCampaignsStore((s) => s.goStep)
  return (
    <div className="row end wizard-buttons">
      {back ? (
        <button type="button" onClick={() => goStep(back)}>
          {t('campaigns.wizard.back')}
        </button>
      ) : null}
      {next ? (
        <button type="submit" className="primary" disabled={nextDisabled || busy} onClick={(e) => (e.preventDefault(), next())}>
          {busy ? t('campaigns.wizard.working') : (nextLabel ?? t('campaigns.wizard.next'))}
        </button>
      ) : null}
    </div>
  )
}
