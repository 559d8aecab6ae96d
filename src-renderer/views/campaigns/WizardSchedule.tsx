// Wizard step 5: when (now or at a time, in a time zone), the sending window (days, hours: outside it the
// campaign waits and goes on by itself) and the pace on top of the policy (a random delay between sends, a daily
// cap per number, a warm-up for recently paired numbers), with the core's estimate of how long it takes.
import { useEffect } from 'react'
import type { PacingDto, ScheduleDto, SendWindowDto } from '../../../src-preload/contract/campaigns-dto.js'
import { ErrorNote } from '../../components/ErrorNote.js'
import { DAY_NAMES } from '../../lib/campaign-words.js'
import { DEFAULT_WINDOW, useCampaignsStore } from '../../stores/campaigns-store.js'
import { StepButtons } from './Wizard.js'

const ESTIMATE_AFTER_MS = 300

/** epoch ms <-> the value of an <input type="datetime-local"> (the PC's local time). */
const toLocalInput = (ms: number): string => {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000)
  return d.toISOString().slice(0, 16)
}

/** What is wrong with the window or pace, in words (null: fine). */
export function scheduleProblem(s: ScheduleDto, p: PacingDto): string | null {
  if (s.window && !s.window.days.length) return 'Choose at least one day to send on.'
  if (s.window && s.window.from >= s.window.to) return 'The window must end after it starts (e.g. 09:00 to 18:00).'
  if (!s.timeZone.trim()) return 'Enter the time zone of the window (e.g. Europe/Madrid).'
  if (p.maxDelaySeconds < p.minDelaySeconds) return 'The longest delay cannot be shorter than the shortest.'
  return null
}

export function WizardSchedule() {
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
      <h2 id="step-schedule">Schedule and pace</h2>
      <fieldset>
        <legend>Start</legend>
        <label className="check">
          <input type="radio" name="start" checked={schedule.startAt === null} onChange={() => setSchedule({ startAt: null })} />
          As soon as the window is open
        </label>
        <label className="check">
          <input type="radio" name="start" checked={schedule.startAt !== null} onChange={() => setSchedule({ startAt: Date.now() + 3_600_000 })} />
          At
        </label>
        {schedule.startAt !== null ? (
          <input aria-label="Start at" type="datetime-local" value={toLocalInput(schedule.startAt)} onChange={(e) => e.target.value && setSchedule({ startAt: new Date(e.target.value).getTime() })} />
        ) : null}
      </fieldset>
      <fieldset>
        <legend>Sending window</legend>
        <label className="check">
          <input type="checkbox" checked={win !== null} onChange={(e) => setSchedule({ window: e.target.checked ? DEFAULT_WINDOW : null })} />
          Only send on these days and hours (outside them the campaign waits and goes on by itself)
        </label>
        {win ? (
          <>
            <div className="row days" role="group" aria-label="Days">
              {DAY_NAMES.map((d, i) => (
                <label key={d} className="check">
                  <input type="checkbox" checked={win.days.includes(i)} onChange={() => setWindow({ days: win.days.includes(i) ? win.days.filter((x) => x !== i) : [...win.days, i].sort() })} />
                  {d}
                </label>
              ))}
            </div>
            <div className="form-grid">
              <label htmlFor="window-from">From</label>
              <input id="window-from" type="time" value={win.from} onChange={(e) => e.target.value && setWindow({ from: e.target.value })} />
              <label htmlFor="window-to">To</label>
              <input id="window-to" type="time" value={win.to} onChange={(e) => e.target.value && setWindow({ to: e.target.value })} />
            </div>
          </>
        ) : null}
        <div className="form-grid">
          <label htmlFor="time-zone">Time zone</label>
          <input id="time-zone" value={schedule.timeZone} maxLength={64} onChange={(e) => setSchedule({ timeZone: e.target.value })} />
        </div>
      </fieldset>
      <fieldset>
        <legend>Pace (on top of the instance’s policy)</legend>
        <div className="form-grid">
          <label htmlFor="delay-min">Shortest delay between sends (s)</label>
          <input id="delay-min" type="number" min={0} max={3600} value={pacing.minDelaySeconds} onChange={(e) => setPacing({ minDelaySeconds: int(e.target.value, 0) })} />
          <label htmlFor="delay-max">Longest delay (s)</label>
          <input id="delay-max" type="number" min={0} max={3600} value={pacing.maxDelaySeconds} onChange={(e) => setPacing({ maxDelaySeconds: int(e.target.value, 0) })} />
          <label htmlFor="daily-cap">Messages per number per day</label>
          <input id="daily-cap" type="number" min={1} max={100000} value={pacing.dailyCapPerNumber ?? ''} placeholder="policy cap" onChange={(e) => setPacing({ dailyCapPerNumber: e.target.value ? int(e.target.value, 1) : null })} />
        </div>
        <label className="check">
          <input type="checkbox" checked={pacing.warmUp} onChange={(e) => setPacing({ warmUp: e.target.checked })} />
          Warm up recently paired numbers (start slow, then ramp up)
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
            <strong>{w.estimate.text}</strong> for {w.estimate.recipients.toLocaleString()} recipients
          </>
        ) : null}
      </p>
      <ErrorNote error={w.estimateError} />
      <StepButtons back="audience" next={() => goStep('review')} nextLabel="Next: review" nextDisabled={problem !== null} />
    </section>
  )
}
