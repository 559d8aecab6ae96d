// Wizard step 5: when (now or at a time, in a time zone), the sending window (days, hours: outside it the
// campaign waits and goes on by itself) and the pace on top of the policy (a random delay between sends, a daily
// cap per number, a warm-up for recently paired numbers), with the core's estimate of how long it takes.
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import type { PacingDto, ScheduleDto, SendWindowDto } from '../../../src-preload/contract/campaigns-dto.js'
import { ErrorNote } from '../../components/ErrorNote.js'
import { t as translate } from '../../i18n/index.js'
import { dayName } from '../../lib/campaign-words.js'
import { formatNumber } from '../../lib/format.js'
import { estimateWords } from '../../lib/estimate-words.js'
import { DEFAULT_WINDOW, useCampaignsStore } from '../../stores/campaigns-store.js'
import { StepButtons } from './StepButtons.js'

const ESTIMATE_AFTER_MS = 300

/** epoch ms <-> the value of an <input type="datetime-local"> (the PC's local time). */
const toLocalInput = (ms: number): string => {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000)
  return d.toISOString().slice(0, 16)
}

/** What is wrong with the window or pace, in words (null: fine). */
export function scheduleProblem(s: ScheduleDto, p: PacingDto): string | null {
  if (s.window && !s.window.days.length) return translate('campaigns.wizard.noDays')
  if (s.window && s.window.from >= s.window.to) return translate('campaigns.wizard.badWindow')
  if (!s.timeZone.trim()) return translate('campaigns.wizard.noTimeZone')
  if (p.maxDelaySeconds < p.minDelaySeconds) return translate('campaigns.wizard.badDelay')
  return null
}

export function WizardSchedule() {
  const { t } = useTranslation()
  const w = useCampaignsStore((s) => s.wizard)
  const setWizard = useCampaignsStore((s) => s.setWizard)
  const estimate = useCampaignsStore((s) => s.estimate)
  const goStep = useCampaignsStore((s) => s.goStep)
  const { schedule, pacing } = w
  const problem = scheduleProblem(schedule, pacing)
  useEffect(() => {
    if (problem) return
    const timer = setTimeout(() => void estimate(), ESTIMATE_AFTER_MS)
    return () => clearTimeout(timer)
  }, [schedule, pacing, problem, estimate])
  const setSchedule = (patch: Partial<typeof schedule>) => setWizard({ schedule: { ...schedule, ...patch } })
  const win = schedule.window
  const setWindow = (patch: Partial<SendWindowDto>) => setSchedule({ window: { ...(win ?? DEFAULT_WINDOW), ...patch } })
  const setPacing = (patch: Partial<typeof pacing>) => setWizard({ pacing: { ...pacing, ...patch } })
  const int = (v: string, min: number) => Math.max(min, Math.floor(Number(v) || 0))
  return (
    <section aria-labelledby="step-schedule">
      <h2 id="step-schedule">{t('campaigns.wizard.scheduleTitle')}</h2>
      <fieldset>
        <legend>{t('campaigns.wizard.start')}</legend>
        <label className="check">
          <input type="radio" name="start" checked={schedule.startAt === null} onChange={() => setSchedule({ startAt: null })} />
          {t('campaigns.wizard.asap')}
        </label>
        <label className="check">
          <input type="radio" name="start" checked={schedule.startAt !== null} onChange={() => setSchedule({ startAt: Date.now() + 3_600_000 })} />
          {t('campaigns.wizard.at')}
        </label>
        {schedule.startAt !== null ? (
          <input aria-label={t('campaigns.wizard.startAt')} type="datetime-local" value={toLocalInput(schedule.startAt)} onChange={(e) => e.target.value && setSchedule({ startAt: new Date(e.target.value).getTime() })} />
        ) : null}
      </fieldset>
      <fieldset>
        <legend>{t('campaigns.wizard.window')}</legend>
        <label className="check">
          <input type="checkbox" checked={win !== null} onChange={(e) => setSchedule({ window: e.target.checked ? DEFAULT_WINDOW : null })} />
          {t('campaigns.wizard.onlyWindow')}
        </label>
        {win ? (
          <>
            <div className="row days" role="group" aria-label={t('campaigns.wizard.days')}>
              {[0, 1, 2, 3, 4, 5, 6].map((i) => (
                <label key={i} className="check">
                  <input type="checkbox" checked={win.days.includes(i)} onChange={() => setWindow({ days: win.days.includes(i) ? win.days.filter((x) => x !== i) : [...win.days, i].sort() })} />
                  {dayName(i)}
                </label>
              ))}
            </div>
            <div className="form-grid">
              <label htmlFor="window-from">{t('campaigns.wizard.from')}</label>
              <input id="window-from" type="time" value={win.from} onChange={(e) => e.target.value && setWindow({ from: e.target.value })} />
              <label htmlFor="window-to">{t('campaigns.wizard.to')}</label>
              <input id="window-to" type="time" value={win.to} onChange={(e) => e.target.value && setWindow({ to: e.target.value })} />
            </div>
          </>
        ) : null}
        <div className="form-grid">
          <label htmlFor="time-zone">{t('campaigns.wizard.timeZone')}</label>
          <input id="time-zone" value={schedule.timeZone} maxLength={64} onChange={(e) => setSchedule({ timeZone: e.target.value })} />
        </div>
      </fieldset>
      <fieldset>
        <legend>{t('campaigns.wizard.pace')}</legend>
        <div className="form-grid">
          <label htmlFor="delay-min">{t('campaigns.wizard.minDelay')}</label>
          <input id="delay-min" type="number" min={0} max={3600} value={pacing.minDelaySeconds} onChange={(e) => setPacing({ minDelaySeconds: int(e.target.value, 0) })} />
          <label htmlFor="delay-max">{t('campaigns.wizard.maxDelay')}</label>
          <input id="delay-max" type="number" min={0} max={3600} value={pacing.maxDelaySeconds} onChange={(e) => setPacing({ maxDelaySeconds: int(e.target.value, 0) })} />
          <label htmlFor="daily-cap">{t('campaigns.wizard.dailyCap')}</label>
          <input id="daily-cap" type="number" min={1} max={100000} value={pacing.dailyCapPerNumber ?? ''} placeholder={t('campaigns.wizard.policyCap')} onChange={(e) => setPacing({ dailyCapPerNumber: e.target.value ? int(e.target.value, 1) : null })} />
        </div>
        <label className="check">
          <input type="checkbox" checked={pacing.warmUp} onChange={(e) => setPacing({ warmUp: e.target.checked })} />
          {t('campaigns.wizard.warmUp')}
        </label>
      </fieldset>
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      <p className="estimate" role="status" aria-live="polite" data-testid="estimate">
        {!problem && w.estimate ? (
          <>
            <strong>{estimateWords(w.estimate)}</strong> {t('campaigns.wizard.forRecipients', { n: formatNumber(w.estimate.recipients) })}
          </>
        ) : null}
      </p>
      <ErrorNote error={w.estimateError} />
      <StepButtons back="audience" next={() => goStep('review')} nextLabel={t('campaigns.wizard.nextReview')} nextDisabled={problem !== null} />
    </section>
  )
}
