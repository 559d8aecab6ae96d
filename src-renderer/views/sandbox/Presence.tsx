// Online / Offline, the same badge and words for a phone's person and for each of its devices on every card.
import { t } from '../../i18n/index.js'

export const presenceWord = (online: boolean): string => (online ? t('sandbox.online') : t('sandbox.offline'))

export function Presence({ online }: { online: boolean }) {
  return <span className={`tag presence ${online ? 'tag-ok' : 'tag-off'}`}>{presenceWord(online)}</span>
}
