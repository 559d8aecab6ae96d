// Which events a webhook receives: all (*) or a set of the known ones. Shared by the add form and the editor.
export interface EventChoice {
  all: boolean
  events: string[]
}

export const choiceOf = (events: string[]): EventChoice => (events.includes('*') ? { all: true, events: [] } : { all: false, events })
export const eventsOf = (c: EventChoice): string[] => (c.all ? ['*'] : c.events)

export function EventPicker({ knownEvents, value, onChange }: { knownEvents: string[]; value: EventChoice; onChange(next: EventChoice): void }) {
  const toggle = (e: string) => onChange({ ...value, events: value.events.includes(e) ? value.events.filter((x) => x !== e) : [...value.events, e] })
  return (
    <fieldset>
      <legend>Events</legend>
      <label className="check">
        <input type="checkbox" checked={value.all} onChange={(e) => onChange({ ...value, all: e.target.checked })} /> All events (*)
      </label>
      <div className="event-grid">
        {knownEvents.map((name) => (
          <label key={name} className="check">
            <input type="checkbox" disabled={value.all} checked={value.all || value.events.includes(name)} onChange={() => toggle(name)} /> {name}
          </label>
        ))}
      </div>
    </fieldset>
  )
}
