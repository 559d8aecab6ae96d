// Which events a webhook receives: all (*) or a set of the known ones, each with its one-line description (the
// core's text, the same as the OpenAPI webhook docs). Shared by the add form and the editor.
import { useTranslation } from 'react-i18next'

export interface EventChoice {
  all: boolean
  events: string[]
}

export const choiceOf = (events: string[]): EventChoice => (events.includes('*') ? { all: true, events: [] } : { all: false, events })
export const eventsOf = (c: EventChoice): string[] => (c.all ? ['*'] : c.events)

const idOf = (name: string) => `event-desc-${name.replace(/[^A-Za-z0-9]/g, '-')}`

export function EventPicker({ knownEvents, descriptions = {}, value, onChange }: { knownEvents: string[]; descriptions?: Record<string, string>; value: EventChoice; onChange(next: EventChoice): void }) {
  const { t } = useTranslation()
  const toggle = (e: string) => onChange({ ...value, events: value.events.includes(e) ? value.events.filter((x) => x !== e) : [...value.events, e] })
  return (
    <fieldset>
      <legend>{t('webhooks.events')}</legend>
      <label className="check">
        <input type="checkbox" checked={value.all} onChange={(e) => onChange({ ...value, all: e.target.checked })} /> {t('webhooks.allEvents')}
      </label>
      <div className="event-grid">
        {knownEvents.map((name) => {
          const desc = descriptions[name]
          return (
            <div key={name} className="event-choice" title={desc}>
              <label className="check">
                <input type="checkbox" disabled={value.all} checked={value.all || value.events.includes(name)} onChange={() => toggle(name)} aria-describedby={desc ? idOf(name) : undefined} /> {name}
              </label>
              {desc ? (
                <span className="event-desc small muted" id={idOf(name)}>
                  {desc}
                </span>
              ) : null}
            </div>
          )
        })}
      </div>
    </fieldset>
  )
}
