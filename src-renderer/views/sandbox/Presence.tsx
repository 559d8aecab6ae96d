// Online / Offline, the same badge and words for a phone's person and for each of its devices on every card.
export const presenceWord = (online: boolean): string => (online ? 'Online' : 'Offline')

export function Presence({ online }: { online: boolean }) {
  return <span className={`tag presence ${online ? 'tag-ok' : 'tag-off'}`}>{presenceWord(online)}</span>
}
